import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listingRepository } from '../../db/repositories/listing';
import { dearestInSection } from '../support/facet-rows';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Decision 0026: the facet index reads what changed since the oldest transaction still running at its last read.
 * A transaction that wrote before that read but committed after it is still shown by the next listing.
 */
let app: TestApp;
let other: pg.Client;

beforeAll(async () => {
  app = await createTestApp();
  other = new pg.Client({ connectionString: app.databaseUrl });
  await other.connect();
});
afterAll(async () => {
  await other.end();
  await app.close();
});

it('shows a change its previous listing could not see, once that change commits', async () => {
  const host = listingRepository(app.database.db);
  const ref = await host.reference();
  const women = ref.sections.find((s) => s.url === '/catalog/women/');
  if (!women) throw new Error('no women section');
  const query = {
    scope: { kind: 'section', sectionId: women.id } as const,
    filter: { lists: {}, ranges: {} },
    sort: 'price_asc' as const,
    limit: 1,
    offset: 0,
  };
  const first = async () => (await host.listing(query, ref)).items[0]?.id;
  const before = await first();
  const id = await dearestInSection(app.database.db, women.id);

  // The other session writes first, then a listing reads while that transaction is still open.
  await other.query('begin');
  await other.query('update products set min_price = 100 where id = $1', [id]);
  expect(await first()).toBe(before);
  // Unrelated writes commit and later listings read past them; the open one is still not visible.
  await app.database.db.execute(sql`update products set popularity = popularity + 1 where id = ${before}`);
  expect(await first()).toBe(before);

  await other.query('commit');
  expect(await first()).toBe(id);
});
