import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { facetSource } from '../../db/repositories/facet-source';
import { listingRepository } from '../../db/repositories/listing';
import type { ListingReference, ListingRepository } from '../../domain/catalog/listing/listing.service';
import { dearestInSection } from '../support/facet-rows';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Decision 0026: listings are counted and ordered by an index in the shop process, read from product_facets. Two
 * repositories stand for two hosts on one database: what one writes, the other's next listing shows.
 */
let app: TestApp;
let host: ListingRepository;
let ref: ListingReference;
let scope: { kind: 'section'; sectionId: number };
const none = { lists: {}, ranges: {} };

beforeAll(async () => {
  app = await createTestApp();
  host = listingRepository(app.database.db);
  ref = await host.reference();
  const women = ref.sections.find((s) => s.url === '/catalog/women/');
  if (!women) throw new Error('no women section');
  scope = { kind: 'section', sectionId: women.id };
});
afterAll(async () => {
  await app.close();
});

const cheapest = async () =>
  (await host.listing({ scope, filter: none, sort: 'price_asc', limit: 3, offset: 0 }, ref)).items.map((i) => i.id);
const count = async () => (await host.scopeTotals(scope, ref)).count;

it('shows a price, a hidden product and a deleted row written after its last listing', async () => {
  const before = await cheapest();
  const before_count = await count();
  const id = await dearestInSection(app.database.db, scope.sectionId);
  expect(before).not.toContain(id);

  // Another host lowers its price: the product leads the cheapest first.
  await app.database.db.execute(sql`update products set min_price = 100 where id = ${id}`);
  expect((await cheapest())[0]).toBe(id);

  // Another host hides it: it leaves the listing and its count.
  await app.database.db.execute(sql`update products set active = false where id = ${id}`);
  expect(await cheapest()).toEqual(before);
  expect(await count()).toBe(before_count - 1);

  // A deleted facet row leaves nothing to read a change from: the index is read whole again.
  const [first] = before;
  await app.database.db.execute(sql`delete from product_facets where product_id = ${first}`);
  expect(await cheapest()).not.toContain(first);
  expect(await count()).toBe(before_count - 2);
});

it('loads the whole index in pages by product id: every row, the same totals as one statement', async () => {
  const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
    app.database.db,
    sql`select count(*)::int as n from product_facets`,
  );
  const paged = await facetSource(app.database.db, 7).fresh();
  const whole = await facetSource(app.database.db, 100_000).fresh();
  expect(paged.size).toBe(Number(n));
  expect(paged.scopeTotals(scope, ref)).toEqual(whole.scopeTotals(scope, ref));
});
