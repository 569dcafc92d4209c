export interface City {
  id: number;
  code: string;
  name: string;
  fullName: string;
  /** The location code delivery services know the city by (KLADR). */
  locationId: string;
  phones: string[];
  /** The IANA zone of the city's clocks: courier slots and their 17:00 cut-off are read in it. */
  timeZone: string;
  /** Whether the shop has a store of its own there (else orders are delivered). */
  hasShops: boolean;
  /** «Томская обл.»; empty for a federal city or a city of the list that never said (issue 42). */
  region?: string;
}

/** A point on the map, in degrees (the browser's geolocation gives these). */
export interface GeoPoint {
  lat: number;
  lon: number;
}

/** A place of the shop's on the map (a store, a pickup point) and the name of its city. */
export interface Place extends GeoPoint {
  cityName: string;
}

/** Where a point is: the name of its town, or null when the geocoder knows none there. */
export interface Geocoder {
  townAt(point: GeoPoint): Promise<string | null>;
}

export interface RegionsRepository {
  /** Every city of the shop's list, shop cities first, in their sort order (not the carrier towns shoppers chose). */
  cities(): Promise<City[]>;
  /** Any city, of the list or a carrier town a shopper chose (issue 42), by its id or its code. */
  city(where: { id: number } | { code: string }): Promise<City | null>;
  /** The shop's stores and its partner's pickup points: what the offline geocoder knows of the map. */
  places(): Promise<Place[]>;
}
