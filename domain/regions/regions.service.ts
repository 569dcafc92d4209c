import { type CacheOptions, cachedFor } from '../cache';
import { SHELL } from '../cache-tags';
import { DomainError } from '../errors';
import { cityOfAddress } from './city-of-address';
import type { City, RegionsRepository } from './ports';

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
  /** The city an address names (spec §7 `user/location/yandex/set`); none of the shop's cities: a validation error. */
  byAddress(address: string): Promise<City>;
}

export function createRegionsService(
  repo: RegionsRepository,
  { ttlMs = 300_000, now = Date.now, invalidations }: CacheOptions = {},
): RegionsService {
  const cities = cachedFor(() => repo.cities(), { ttlMs, now, dropOn: { invalidations, tags: [SHELL] } }).get;
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
    async byAddress(address) {
      const city = cityOfAddress(address, await cities());
      if (!city)
        throw new DomainError(
          'validation',
          'Не нашли в адресе город, куда мы доставляем. Выберите город из списка.',
          'CITY_NOT_FOUND',
        );
      return city;
    },
  };
}
