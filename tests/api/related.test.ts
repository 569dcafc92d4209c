import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { queryRows } from '../../db/client';
import { createTestApp, newVisitor, type TestApp } from '../support/test-app';

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
type Json = any;

/** A product as an outside checker reads it straight from the tables. */
interface Fact {
  id: number;
  modelId: number;
  sectionId: number;
  sectionUrl: string;
  gender: string | null;
  price: number;
  active: boolean;
  /** Some offer has units in an online or movement store it is not restricted from. */
  online: boolean;
  sizes: string[];
}

let app: TestApp;
let facts: Map<number, Fact>;
const RELATED = API.productRelated;

async function loadFacts(): Promise<Map<number, Fact>> {
  const rows = await queryRows<Json>(
    app.database.db,
    sql`
    select p.id, p.model_id, p.section_id, s.url as section_url, p.gender, p.min_price, p.active,
      exists (select 1 from offers o join stock st on st.offer_id = o.id and st.quantity > 0
        join stores x on x.id = st.store_id and x.type in ('online', 'movement')
        where o.product_id = p.id
          and not exists (select 1 from offer_restrictions r where r.offer_id = o.id and r.store_id = st.store_id)) as online,
      array(select distinct lower(o.size_name) from offers o
        where o.product_id = p.id and exists (select 1 from stock st where st.offer_id = o.id and st.quantity > 0)) as sizes
    from products p join sections s on s.id = p.section_id`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        modelId: Number(r.model_id),
        sectionId: Number(r.section_id),
        sectionUrl: r.section_url,
        gender: r.gender,
        price: Number(r.min_price),
        active: Boolean(r.active),
        online: Boolean(r.online),
        sizes: r.sizes,
      },
    ]),
  );
}

async function get(path: string) {
  const res = await app.fetch(path);
  return { status: res.status, body: (await res.json()) as Json };
}

const fact = (id: number) => facts.get(id) as Fact;

/** Whether another model of the section, on sale online, is priced within 30 % of the product. */
const inWindow = (base: Fact, f: Fact) =>
  f.price >= Math.floor(base.price * 0.7) && f.price <= Math.ceil(base.price * 1.3);
const neighbours = (base: Fact) =>
  [...facts.values()].filter(
    (f) => f.active && f.online && f.sectionId === base.sectionId && f.modelId !== base.modelId && inWindow(base, f),
  );
/** Subjects that have similar products at all (the test catalogue is small). */
const withSimilar = () => subjects().filter((f) => neighbours(f).length > 0);

/** Active products on sale online, in sections with many of them: the subjects. */
function subjects(): Fact[] {
  const perSection = new Map<number, number>();
  for (const f of facts.values())
    if (f.active && f.online) perSection.set(f.sectionId, (perSection.get(f.sectionId) ?? 0) + 1);
  return [...facts.values()]
    .filter((f) => f.active && f.online && (perSection.get(f.sectionId) ?? 0) >= 10)
    .sort((a, b) => a.id - b.id);
}

/** An order of these products with the status given, straight in the tables. */
async function order(status: string, productIds: number[]) {
  const [row] = await queryRows<{ id: number }>(
    app.database.db,
    sql`insert into orders (session_id, idempotency_key, status, delivery_type, delivery, name, phone, items, discount,
      delivery_price, total)
    values ('related-test', ${randomUUID()}, ${status}, 'COURIER', '{}'::jsonb, 'Анна', '79110000000', 0, 0, 0, 0)
    returning id`,
  );
  for (const productId of productIds)
    await app.database.db.execute(sql`insert into order_lines (order_id, offer_id, product_id, name, size_name, price,
      quantity, total)
      select ${row?.id}, o.id, o.product_id, 'Товар', o.size_name, o.price, 1, o.price from offers o
      where o.product_id = ${productId} order by o.id limit 1`);
}

beforeAll(async () => {
  app = await createTestApp();
  facts = await loadFacts();
});
afterAll(() => app.close());

describe('«Похожие»', () => {
  it('are products of the same section, within 30 % of the price, on sale online, never the product or its colours', async () => {
    let checked = 0;
    for (const base of withSimilar().slice(0, 6)) {
      const { status, body } = await get(`${RELATED}?productId=${base.id}`);
      expect(status).toBe(200);
      const similar = body.data.similar as Json[];
      expect(similar.length).toBeGreaterThan(0);
      expect(similar.length).toBeLessThanOrEqual(12);
      // Every model that qualifies is there (fewer than a row of them in the test catalogue).
      expect(new Set(similar.map((c) => c.sid))).toEqual(new Set(neighbours(base).map((f) => f.modelId)));
      for (const card of similar) {
        const f = fact(card.id);
        expect(f.sectionId).toBe(base.sectionId);
        expect(inWindow(base, f)).toBe(true);
        expect(f.active).toBe(true);
        expect(f.online).toBe(true);
        expect(f.modelId).not.toBe(base.modelId);
        checked++;
      }
      // One card per model.
      expect(new Set(similar.map((c) => c.sid)).size).toBe(similar.length);
    }
    expect(checked).toBeGreaterThan(5);
    // A product whose section has nothing near its price gets an empty row, not a wrong one.
    const lonely = subjects().find((f) => neighbours(f).length === 0);
    if (lonely) expect((await get(`${RELATED}?productId=${lonely.id}`)).body.data.similar).toEqual([]);
  });

  it('in the shopper’s size come first: those holding it in stock', async () => {
    // A size some neighbours hold and others do not.
    const base = withSimilar().find((b) =>
      b.sizes.some((size) => neighbours(b).some((f) => f.sizes.includes(size))),
    ) as Fact;
    const size = base.sizes.find((sz) => neighbours(base).some((f) => f.sizes.includes(sz))) as string;
    const { status, body } = await get(`${RELATED}?productId=${base.id}&size=${encodeURIComponent(size)}`);
    expect(status).toBe(200);
    const similar = body.data.similar as Json[];
    const holding = similar.map((c) => fact(c.id).sizes.includes(size));
    // The sized ones first; the rest only fill the row.
    const firstWithout = holding.indexOf(false);
    if (firstWithout >= 0) expect(holding.slice(firstWithout).every((h) => !h)).toBe(true);
    expect(holding[0]).toBe(true);
  });

  it('leave out a product sold out online, once the stock change reaches the cache', async () => {
    const base = withSimilar()[0] as Fact;
    const first = (await get(`${RELATED}?productId=${base.id}`)).body.data.similar as Json[];
    const gone = first[0].id as number;
    await app.database.db.execute(
      sql`update stock set quantity = 0 where offer_id in (select id from offers where product_id = ${gone})`,
    );
    let ids: number[] = [gone];
    for (let i = 0; i < 50 && ids.includes(gone); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ids = ((await get(`${RELATED}?productId=${base.id}`)).body.data.similar as Json[]).map((c) => c.id);
    }
    expect(ids).not.toContain(gone);
    expect(ids.length).toBeGreaterThan(0);
    facts = await loadFacts();
  });
});

describe('«С этим покупают»', () => {
  it('come from completed orders only, most orders first, recounted by the job', async () => {
    const list = subjects();
    const base = list[1] as Fact;
    const others = list.filter((f) => f.sectionId !== base.sectionId && f.modelId !== base.modelId);
    const [a, b, c] = [others[0], others[5], others[10]] as Fact[];
    await order('completed', [base.id, a.id]);
    await order('completed', [base.id, a.id, b.id]);
    await order('new', [base.id, c.id]);
    await order('cancelled', [base.id, c.id]);
    expect(await app.services.related.recountPairs()).toBeGreaterThan(0);

    const pairs = await queryRows<Json>(
      app.database.db,
      sql`select other_id, orders from product_pairs where product_id = ${base.id} order by orders desc, other_id`,
    );
    expect(pairs.map((p) => [Number(p.other_id), Number(p.orders)])).toEqual([
      [a.id, 2],
      [b.id, 1],
    ]);
    const { body } = await get(`${RELATED}?productId=${base.id}`);
    const together = (body.data.boughtTogether as Json[]).map((card) => card.id);
    expect(together.slice(0, 2)).toEqual([a.id, b.id]);
    // A recount again gives the same pairs (it replaces, never adds).
    await app.services.related.recountPairs();
    const again = await queryRows<Json>(
      app.database.db,
      sql`select count(*)::int as n, sum(orders)::int as s from product_pairs where product_id = ${base.id}`,
    );
    expect([Number(again[0]?.n), Number(again[0]?.s)]).toEqual([2, 3]);
  });

  it('fall back to products of the same gender in stock when too few were bought together', async () => {
    const base = subjects().at(-1) as Fact;
    const { status, body } = await get(`${RELATED}?productId=${base.id}`);
    expect(status).toBe(200);
    const together = body.data.boughtTogether as Json[];
    expect(together.length).toBeGreaterThanOrEqual(4);
    for (const card of together) {
      const f = fact(card.id);
      expect(f.id).not.toBe(base.id);
      expect(f.modelId).not.toBe(base.modelId);
      expect(f.active && f.online).toBe(true);
      if (base.gender) expect(f.gender).toBe(base.gender);
    }
    // Accessories lead the fallback of a coat.
    if (!base.sectionUrl.includes('/aksessuary/')) expect(fact(together[0].id).sectionUrl).toContain('/aksessuary/');
  });
});

describe('the calls', () => {
  it('give cards in the listing call’s shape', async () => {
    const base = withSimilar()[1] as Fact;
    const { body } = await get(`${RELATED}?productId=${base.id}`);
    expect(body.status).toBe('ok');
    const card = body.data.similar[0];
    const section = [...facts.values()].find((f) => f.id === card.id)?.sectionUrl as string;
    const listing = await get(`${API.productList}?section=${encodeURIComponent(section)}`);
    const listed = listing.body.data.items[0];
    expect(Object.keys(card).sort()).toEqual(Object.keys(listed).sort());
    expect(card.images[0].listing).toMatch(/^\/images\//);
    expect(card.url).toMatch(/^\/product\//);
  });

  it('`products/cards/` gives the listed products in the order asked, the unknown left out', async () => {
    const [x, y] = subjects() as [Fact, Fact];
    const { status, body } = await get(`${API.productCards}?ids=${y.id},999999,${x.id}`);
    expect(status).toBe(200);
    expect(body.data.items.map((c: Json) => c.id)).toEqual([y.id, x.id]);
  });

  it('`products/additions/` gives small accessories on sale online that a basket does not hold, and one adds a line', async () => {
    const base = subjects()[3] as Fact;
    const { status, body } = await get(`${API.productAdditions}?exclude=${base.id}`);
    expect(status).toBe(200);
    const items = body.data.items as Json[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const f = fact(item.id);
      expect(f.sectionUrl).toContain('/aksessuary/');
      expect(f.price).toBeLessThanOrEqual(500_000);
      expect(f.active && f.online).toBe(true);
      expect(item.offers.length).toBeGreaterThan(0);
    }
    const first = items[0];
    const without = await get(`${API.productAdditions}?exclude=${base.id},${first.id}`);
    // A basket of many products still gets its row: they are all left out.
    const many = Array.from({ length: 60 }, (_, i) => i + 1000).join(',');
    expect((await get(`${API.productAdditions}?exclude=${base.id},${many}`)).status).toBe(200);
    expect(without.body.data.items.map((i: Json) => i.id)).not.toContain(first.id);

    const v = await newVisitor(app);
    const res = await v.post(API.basketAdd, { offerId: first.offers[0].id });
    expect(res.status).toBe(200);
    const basket = ((await res.json()) as Json).data.basket;
    expect(JSON.stringify(basket)).toContain(String(first.offers[0].id));
  });

  it.each([
    [`${RELATED}`, 400, 'номер товара'],
    [`${RELATED}?productId=abc`, 400, 'номер товара'],
    [`${RELATED}?productId=0`, 400, 'номер товара'],
    [`${RELATED}?productId=99999999999`, 400, 'номер товара'],
    [`${RELATED}?productId=999999`, 404, 'Такого товара нет'],
    [`${RELATED}?productId=1&size=%3Cscript%3E`, 400, 'Размер'],
    [`${API.productCards}`, 400, 'номера товаров'],
    [`${API.productCards}?ids=1,x`, 400, 'номера товаров'],
    [`${API.productCards}?ids=${Array.from({ length: 25 }, (_, i) => i + 1).join(',')}`, 400, 'не больше 24'],
    [`${API.productAdditions}?exclude=-1`, 400, 'номера товаров'],
    [`${API.productAdditions}?exclude=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`, 400, 'не больше 100'],
  ])('%s → %i in Russian', async (path, status, words) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.body.status).toBe('error');
    expect(res.body.errors[0].message).toContain(words);
  });
});
