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

it('keeps a product’s sizes and shops in its facets as stock crosses zero, whichever way it is written', async () => {
  const db = app.database.db;
  const [pick] = await queryRows<{
    product_id: number;
    offer_id: number;
    size: string;
    store_id: number;
    shop: string;
  }>(
    db,
    sql`
    select o.product_id, o.id as offer_id, lower(o.size_name) as size, st.id as store_id, st.code as shop
    from offers o join stock s on s.offer_id = o.id join stores st on st.id = s.store_id
    where st.type = 'shop' and s.quantity > 0 order by o.id limit 1`,
  );
  if (!pick) throw new Error('no offer held in a shop');
  const facets = async () => {
    const [row] = await queryRows<{ size_codes: string[]; shop_codes: string[] }>(
      db,
      sql`select size_codes, shop_codes from product_facets where product_id = ${pick.product_id}`,
    );
    return { size: row?.size_codes.includes(pick.size), shop: row?.shop_codes.includes(pick.shop) };
  };
  // Only this offer in this shop holds the size and the shop for its product.
  await db.execute(sql`
    update stock set quantity = 0 from offers o
    where o.id = stock.offer_id and o.product_id = ${pick.product_id}
      and not (stock.offer_id = ${pick.offer_id} and stock.store_id = ${pick.store_id})
      and (lower(o.size_name) = ${pick.size} or stock.store_id = ${pick.store_id})`);
  const row = sql`offer_id = ${pick.offer_id} and store_id = ${pick.store_id}`;
  await db.execute(sql`update stock set quantity = 5 where ${row}`);
  expect(await facets()).toEqual({ size: true, shop: true });
  // A sale that leaves units, then the last one.
  await db.execute(sql`update stock set quantity = quantity - 4 where ${row}`);
  expect(await facets()).toEqual({ size: true, shop: true });
  await db.execute(sql`update stock set quantity = quantity - 1 where ${row}`);
  expect(await facets()).toEqual({ size: false, shop: false });
  // Back in stock; gone with its row; a row without units; units again.
  await db.execute(sql`update stock set quantity = 2 where ${row}`);
  expect(await facets()).toEqual({ size: true, shop: true });
  await db.execute(sql`delete from stock where ${row}`);
  expect(await facets()).toEqual({ size: false, shop: false });
  await db.execute(
    sql`insert into stock (offer_id, store_id, quantity) values (${pick.offer_id}, ${pick.store_id}, 0)`,
  );
  expect(await facets()).toEqual({ size: false, shop: false });
  await db.execute(sql`update stock set quantity = 1 where ${row}`);
  expect(await facets()).toEqual({ size: true, shop: true });
  await db.execute(sql`delete from stock where ${row}`);
  await db.execute(
    sql`insert into stock (offer_id, store_id, quantity) values (${pick.offer_id}, ${pick.store_id}, 3)`,
  );
  expect(await facets()).toEqual({ size: true, shop: true });
  // The row moved to another product's offer: this product loses the size and the shop.
  await db.execute(sql`
    update stock set offer_id = (
      select o.id from offers o where o.product_id <> ${pick.product_id}
        and not exists (select 1 from stock k where k.offer_id = o.id and k.store_id = ${pick.store_id})
      order by o.id limit 1)
    where ${row}`);
  expect(await facets()).toEqual({ size: false, shop: false });
});
