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
  };
}
