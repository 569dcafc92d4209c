import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../client';
import * as t from '../schema';
import { insertMany } from './bulk-insert';

describe('insertMany', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
  });
  afterAll(() => database.close());

  it('loads every row, in statements of the given size, with arrays, nulls, jsonb and the table defaults', async () => {
    const sections = [1, 2, 3].map((id) => ({
      id,
      parentId: id === 1 ? null : 1,
      code: `s${id}`,
      name: `Раздел «${id}»`,
      url: `/catalog/s${id}/`,
      depth: id === 1 ? 1 : 2,
      path: id === 1 ? [1] : [1, id],
      gender: null,
    }));
    // A few characters per statement: one row in each.
    await insertMany(database.db, t.sections, sections, 10);
    const rows = await database.db.select().from(t.sections).orderBy(asc(t.sections.id));
    // The parcel defaults (issue 42.6) are the table's: none.
    const parcel = { weight: null, length: null, width: null, height: null };
    expect(rows).toEqual(sections.map((s) => ({ ...s, sort: 500, ...parcel })));

    const week = { mon: { open: '10:00', close: '22:00' }, sun: null };
    const store = { cityId: 1, type: 'shop', name: 'ТЦ', address: 'ул. Тверская, 1', lat: '55.7', lon: '37.6' };
    await insertMany(database.db, t.stores, [
      { ...store, id: 1, code: 'a', hours: 'пн 10:00–22:00', weekHours: week, phone: '+7', sort: 1 },
      { ...store, id: 2, code: 'b', hours: '', weekHours: null, phone: '+7', sort: 2 },
    ]);
    const stores = await queryRows<{ week_hours: unknown; services: string[]; reservable: boolean }>(
      database.db,
      sql`select week_hours, services, reservable from stores order by id`,
    );
    expect(stores).toEqual([
      { week_hours: week, services: [], reservable: false },
      { week_hours: null, services: [], reservable: false },
    ]);
  });
});
