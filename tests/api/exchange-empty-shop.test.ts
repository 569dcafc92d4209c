import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../db/bootstrap';
import { type Database, openDatabase, queryRows } from '../../db/client';

/**
 * Issue 43.2: a real shop starts with an empty catalogue for 1C to fill (`SEED_PRODUCTS=0`): its sections, shops and
 * menu, no demo goods, and a later start does not fill it again.
 */

let database: Database;
const count = async (table: string) =>
  Number((await queryRows<{ n: number }>(database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n);

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
}, 120_000);
afterAll(() => database?.close());

describe('a shop started with SEED_PRODUCTS=0', () => {
  it('has its sections and shops and no goods, and is not filled again at the next start', async () => {
    const start = () => prepareDatabase(database, { seed: 1, products: 0, log: () => {} });
    await start();
    expect(await count('products')).toBe(0);
    expect(await count('offers')).toBe(0);
    expect(await count('sections')).toBeGreaterThan(0);
    expect(await count('stores')).toBeGreaterThan(0);
    // What the staff or 1C add before the goods come stays through a restart.
    await database.db.execute(sql`insert into brands (id, code, name, text) values (9001, 'iz-1s', 'Марка из 1С', '')`);
    await start();
    expect(await count('products')).toBe(0);
    expect(await queryRows<{ name: string }>(database.db, sql`select name from brands where code = 'iz-1s'`)).toEqual([
      { name: 'Марка из 1С' },
    ]);
  }, 120_000);
});
