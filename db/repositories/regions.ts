import { sql } from 'drizzle-orm';
import type { City, RegionsRepository } from '../../domain/regions/ports';
import { type Db, queryRows } from '../client';
import { CHOSEN_TOWN_SORT } from './carrier-places';

const CITY_COLUMNS = sql`c.id, c.code, c.name, c.full_name as "fullName", c.location_id as "locationId", c.phones,
  c.time_zone as "timeZone", c.region,
  exists (select 1 from stores s where s.city_id = c.id and s.type = 'shop') as "hasShops"`;

const toCity = (r: Omit<City, 'id'> & { id: number }): City => ({
  ...r,
  id: Number(r.id),
  hasShops: Boolean(r.hasShops),
});

export function regionsRepository(db: Db): RegionsRepository {
  return {
    async cities() {
      const rows = await queryRows<Omit<City, 'id'> & { id: number }>(
        db,
        sql`select ${CITY_COLUMNS} from cities c where c.sort < ${CHOSEN_TOWN_SORT} order by "hasShops" desc, c.sort`,
      );
      return rows.map(toCity);
    },
    async city(where) {
      const [row] = await queryRows<Omit<City, 'id'> & { id: number }>(
        db,
        sql`select ${CITY_COLUMNS} from cities c
          where ${'id' in where ? sql`c.id = ${where.id}` : sql`c.code = ${where.code}`}`,
      );
      return row ? toCity(row) : null;
    },
    async places() {
      const rows = await queryRows<{ lat: string | number | null; lon: string | number | null; cityName: string }>(
        db,
        sql`
        select s.lat, s.lon, c.name as "cityName" from stores s join cities c on c.id = s.city_id
        union all
        select p.lat::text, p.lon::text, c.name from pickup_points p join cities c on c.id = p.city_id`,
      );
      // Stores keep their coordinates as text: a row that does not read as a number is no place on the map.
      const coordinate = (v: string | number | null) =>
        v === null || String(v).trim() === '' ? Number.NaN : Number(v);
      return rows
        .map((r) => ({ lat: coordinate(r.lat), lon: coordinate(r.lon), cityName: r.cityName }))
        .filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lon));
    },
  };
}
