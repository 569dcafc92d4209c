import { asc } from 'drizzle-orm';
import type { RegionsRepository } from '../../domain/regions/regions.service';
import type { Db } from '../client';
import { cities } from '../schema';

export function regionsRepository(db: Db): RegionsRepository {
  return {
    async cities() {
      const rows = await db.select().from(cities).orderBy(asc(cities.sort));
      return rows.map(({ id, code, name, fullName, phones }) => ({ id, code, name, fullName, phones }));
    },
  };
}
