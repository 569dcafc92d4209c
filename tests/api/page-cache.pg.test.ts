import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readSettings } from '../../config/settings';
import { type Database, openDatabase, queryRows } from '../../db/client';
import { createShopApp } from '../../server/shop';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Several processes on one PostgreSQL (issue 11.2): each keeps its own page cache, and a change made anywhere reaches
 * all of them through the database's LISTEN/NOTIFY before their next request.
 */
let first: TestApp;
let second: { app: Awaited<ReturnType<typeof createShopApp>>; database: Database };

beforeAll(async () => {
  first = await createTestApp();
  const database = await openDatabase({ databaseUrl: first.databaseUrl as string, poolSize: 4 });
  const settings = readSettings({ DATA_DIR: first.dataDir, LOG_LEVEL: 'silent', SITE_URL: 'http://shop.test' });
  const app = await createShopApp({ settings, database, secret: 'test-secret', logger: pino({ level: 'silent' }) });
  second = { app, database };
});
afterAll(async () => {
  await second.app.push.close();
  await second.app.stopListening();
  await second.database.close();
  await first.close();
});

const getFrom = (fetch: (r: Request) => Response | Promise<Response>, path: string) =>
  Promise.resolve(fetch(new Request(new URL(path, 'http://shop.test'))));

it('drops a page in every process when one of them changes what it shows', async () => {
  const [product] = await queryRows<{ id: number; url: string }>(
    first.database.db,
    sql`select id, url from products where active order by id limit 1`,
  );
  const url = (product as { url: string }).url;
  const other = (r: Request) => second.app.app.fetch(r);
  for (const fetch of [first.handler, other]) {
    await getFrom(fetch, url);
    expect((await getFrom(fetch, url)).headers.get('x-cache')).toBe('hit');
  }
  // The change goes through the first process's database connection; the second hears of it.
  await first.database.db.execute(sql`update offers set price = price - 100 where product_id = ${product?.id}`);
  for (const fetch of [other, first.handler]) {
    let state: string | null = 'hit';
    for (let i = 0; i < 100 && state === 'hit'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      state = (await getFrom(fetch, url)).headers.get('x-cache');
    }
    expect(state).toBe('miss');
  }
});
