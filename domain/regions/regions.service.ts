import { cachedFor } from '../cache';
export interface City {
  id: number;
  code: string;
  name: string;
  fullName: string;
  phones: string[];
}

export interface RegionsRepository {
  cities(): Promise<City[]>;
}

export interface RegionsService {
  cities(): Promise<City[]>;
  /** The visitor's city by its code (from the city cookie), else the first city. */
  current(cityCode: string | undefined): Promise<City | null>;
}

export function createRegionsService(
  repo: RegionsRepository,
  { ttlMs = 300_000, now = Date.now } = {},
): RegionsService {
  const cities = cachedFor(() => repo.cities(), { ttlMs, now }).get;
  return {
    cities,
    async current(cityCode) {
      const list = await cities();
      return list.find((c) => c.code === cityCode) ?? list[0] ?? null;
    },
  };
}
