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

export function createRegionsService(
  repo: RegionsRepository,
  { ttlMs = 300_000, now = Date.now, invalidations }: CacheOptions = {},
): RegionsService {
  const dropOn = { invalidations, tags: [SHELL] };
  const cities = cachedFor(() => repo.cities(), { ttlMs, now, dropOn }).get;
  // The offline geocoder until a maps service's is wired behind the same port.
  const towns = offlineGeocoder(cachedFor(() => repo.places(), { ttlMs, now, dropOn }).get);
  return {
    cities,
    async current(cityCode) {
      const list = await cities();
      return list.find((c) => c.code === cityCode) ?? list[0] ?? null;
    },
    async byId(id) {
      const city = (await cities()).find((c) => c.id === id);
      if (!city) throw new DomainError('not_found', 'Такого города нет в списке.', 'CITY_NOT_FOUND');
      return city;
    },
    async byAddress(where) {
      const text = 'point' in where ? await towns.townAt(where.point) : where.address;
      const city = text === null ? null : cityOfAddress(text, await cities());
      if (!city) throw new DomainError('validation', 'point' in where ? NOT_NEAR : NOT_OURS, 'CITY_NOT_FOUND');
      return city;
    },
  };
}
