import type { Geocoder, GeoPoint, Place } from './ports';

/** A shopper this far from every store and pickup point is in some other town. */
export const NEAR_KM = 40;

const EARTH_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** The great-circle distance (haversine). */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.sqrt(h));
}

/** The town of the nearest place within `NEAR_KM`, else null. */
export function nearestTown(point: GeoPoint, places: readonly Place[]): string | null {
  let town: string | null = null;
  let best = NEAR_KM;
  for (const p of places) {
    const d = distanceKm(point, p);
    if (d <= best) [town, best] = [p.cityName, d];
  }
  return town;
}

/**
 * The geocoder without a maps service: it knows only the shop's own places, which is all the city choice needs — a
 * point near a store or pickup point is in that city; anywhere else is a town the shop has no place in.
 */
export function offlineGeocoder(places: () => Promise<readonly Place[]>): Geocoder {
  return { townAt: async (point) => nearestTown(point, await places()) };
}
