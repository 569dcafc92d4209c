import { sql } from 'drizzle-orm';
import type { City, RegionsRepository } from '../../domain/regions/ports';
import { type Db, queryRows } from '../client';

export function regionsRepository(db: Db): RegionsRepository {
  return {
    async cities() {
      const rows = await queryRows<Omit<City, 'id'> & { id: number }>(
        db,
        sql`
        select c.id, c.code, c.name, c.full_name as "fullName", c.location_id as "locationId", c.phones,
          c.time_zone as "timeZone",
          exists (select 1 from stores s where s.city_id = c.id and s.type = 'shop') as "hasShops"
        from cities c
        order by "hasShops" desc, c.sort`,
      );
      return rows.map((r) => ({ ...r, id: Number(r.id), hasShops: Boolean(r.hasShops) }));
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
