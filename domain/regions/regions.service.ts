import { type CacheOptions, cachedFor } from '../cache';
import { SHELL } from '../cache-tags';
import { DomainError } from '../errors';
import { cityOfAddress } from './city-of-address';
import { offlineGeocoder } from './nearest-town';
import type { City, GeoPoint, RegionsRepository } from './ports';

/** The spec's Region (§3) of a city. */
export interface Region {
  locationId: string;
  id: number;
  name: string;
  /** A city outside the list of shop cities: no shop to visit, delivery only. */
  isOther: boolean;
  phones: string[];
  cityName: string;
  cityId: number;
  cityCode: string;
  cityFull: string;
}

export function toRegion(city: City): Region {
  return {
    locationId: city.locationId,
    id: city.id,
    name: city.name,
    isOther: !city.hasShops,
    phones: city.phones,
    cityName: city.name,
    cityId: city.id,
    cityCode: city.code,
    cityFull: city.fullName,
  };
}

export interface RegionsService {
  cities(): Promise<City[]>;
  /** The visitor's city by its code (from the city cookie), else the first city. */
  current(cityCode: string | undefined): Promise<City | null>;
  /** A city chosen by id; an id that is not in the list is not found. */
  byId(id: number): Promise<City>;
  /**
   * The city an address names, or the town at a point (spec §7 `user/location/yandex/set`); none of the shop's
   * cities: a validation error.
   */
  byAddress(where: { address: string } | { point: GeoPoint }): Promise<City>;
}

const NOT_OURS = 'Не нашли в адресе город, куда мы доставляем. Выберите город из списка.';
const NOT_NEAR = 'Рядом с вами нет города, куда мы доставляем. Выберите город из списка.';

/** The carrier's towns behind the city choice (domain/delivery/places.service.ts). */
export interface CarrierTowns {
  /** The city of an address naming a carrier town, kept as a city; null when the carrier knows none. */
  cityOfAddress(address: string): Promise<number | null>;
}

export function createRegionsService(
  repo: RegionsRepository,
  { ttlMs = 300_000, now = Date.now, invalidations, towns: carrierTowns }: CacheOptions & { towns?: CarrierTowns } = {},
): RegionsService {
  const dropOn = { invalidations, tags: [SHELL] };
  const cities = cachedFor(() => repo.cities(), { ttlMs, now, dropOn }).get;
  // Carrier towns shoppers chose are not in the list: each is read once and kept a while (every request of its
  // visitors asks for it by the city cookie).
  const chosen = new Map<string, { at: number; city: City | null }>();
  async function outsideList(where: { id: number } | { code: string }): Promise<City | null> {
    const key = 'id' in where ? `id:${where.id}` : `code:${where.code}`;
    const kept = chosen.get(key);
    if (kept && now() - kept.at < ttlMs) return kept.city;
    const city = await repo.city(where);
    if (chosen.size > 10_000) chosen.clear();
    chosen.set(key, { at: now(), city });
    return city;
  }
  // The offline geocoder until a maps service's is wired behind the same port.
  const towns = offlineGeocoder(cachedFor(() => repo.places(), { ttlMs, now, dropOn }).get);
  return {
    cities,
    async current(cityCode) {
      const list = await cities();
      const listed = list.find((c) => c.code === cityCode);
      if (listed || !cityCode) return listed ?? list[0] ?? null;
      return (await outsideList({ code: cityCode })) ?? list[0] ?? null;
    },
    async byId(id) {
      const city = (await cities()).find((c) => c.id === id) ?? (await outsideList({ id }));
      if (!city) throw new DomainError('not_found', 'Такого города нет в списке.', 'CITY_NOT_FOUND');
      return city;
    },
    async byAddress(where) {
      const text = 'point' in where ? await towns.townAt(where.point) : where.address;
      let city = text === null ? null : cityOfAddress(text, await cities());
      // Not a city of the list: a town the carrier knows («Томск, Томская обл.») becomes one.
      const townId =
        !city && 'address' in where && carrierTowns ? await carrierTowns.cityOfAddress(where.address) : null;
      if (townId !== null) city = await outsideList({ id: townId });
      if (!city) throw new DomainError('validation', 'point' in where ? NOT_NEAR : NOT_OURS, 'CITY_NOT_FOUND');
      return city;
    },
  };
}
