import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { Random } from '../../db/seed/random';
import { createTestApp, type TestApp } from '../support/test-app';

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
type Json = any;

/** A product as an outside checker sees it in the database: what every filter reads. */
interface Row {
  id: number;
  sectionPath: number[];
  brand: string;
  color: string;
  props: Record<string, string>;
  price: number;
  popularity: number;
  createdAt: number;
  discount: number;
  sizes: string[];
  shops: string[];
}

let app: TestApp;
let rows: Row[];
const PUHOVIKI = '/catalog/women/verkhnyaya-odezhda/puhoviki/';
const WOMEN = '/catalog/women/';
const LIST = '/api/v2/catalog/product/list/';

beforeAll(async () => {
  app = await createTestApp();
  const raw = await queryRows<Json>(
    app.database.db,
    sql`
    select p.id, p.section_path, b.code as brand, p.color_code, p.props, p.min_price, p.popularity, p.created_at, p.discount_percent,
      array(select distinct lower(o.size_name) from offers o
        where o.product_id = p.id and exists (select 1 from stock s where s.offer_id = o.id and s.quantity > 0)) as sizes,
      array(select distinct st.code from offers o join stock s on s.offer_id = o.id join stores st on st.id = s.store_id
        where o.product_id = p.id and s.quantity > 0 and st.type = 'shop') as shops
    from products p join brands b on b.id = p.brand_id where p.active`,
  );
  rows = raw.map((r) => ({
    id: Number(r.id),
    sectionPath: r.section_path.map(Number),
    brand: r.brand,
    color: r.color_code,
    props: r.props,
    price: Number(r.min_price),
    popularity: Number(r.popularity),
    createdAt: new Date(r.created_at).getTime(),
    discount: Number(r.discount_percent),
    sizes: r.sizes,
    shops: r.shops,
  }));
});
afterAll(() => app.close());

async function get(path: string) {
  const res = await app.fetch(path);
  return { status: res.status, body: (await res.json()) as Json };
}

const list = (params: Record<string, string | number>) =>
  get(`${LIST}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`);

async function sectionId(url: string): Promise<number> {
  const { body } = await get('/api/v2/catalog/section/list/');
  return body.data.items.find((s: Json) => s.url === url).id;
}

/** What one product offers to a filter code. */
function valuesOf(row: Row, code: string): string[] {
  if (code === 'brand') return [row.brand];
  if (code === 'color') return [row.color];
  if (code === 'size') return row.sizes;
  if (code === 'shop') return row.shops;
  return row.props[code] ? [row.props[code] as string] : [];
}

type Chosen = { lists: Record<string, string[]>; price?: { from?: number; to?: number } };

function matches(row: Row, chosen: Chosen, except?: string): boolean {
  for (const [code, values] of Object.entries(chosen.lists)) {
    if (code === except) continue;
    if (!valuesOf(row, code).some((v) => values.includes(v))) return false;
  }
  if (chosen.price && except !== 'price') {
    if (chosen.price.from != null && row.price < chosen.price.from * 100) return false;
    if (chosen.price.to != null && row.price > chosen.price.to * 100 + 99) return false;
  }
  return true;
}

function filterParam(chosen: Chosen): string {
  const parts = Object.entries(chosen.lists).map(([code, values]) => `${code}-is-${values.join('-or-')}`);
  if (chosen.price) parts.push(`price-from-${chosen.price.from}-to-${chosen.price.to}`);
  return parts.join('/');
}

describe('GET /api/v2/catalog/section/list/', () => {
  it('answers the section tree with counts, lowest prices and new flags, parents first', async () => {
    const { status, body } = await get('/api/v2/catalog/section/list/');
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    const items: Json[] = body.data.items;
    expect(items.length).toBe(22);
    const seen = new Set<number>();
    for (const s of items) {
      expect(s).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        url: expect.stringMatching(/^\/catalog\/.+\/$/),
        parent: s.parent,
        depth: expect.any(Number),
        count: expect.any(Number),
        minPrice: s.minPrice,
        hasNew: expect.any(Boolean),
      });
      if (s.parent != null) expect(seen.has(s.parent)).toBe(true);
      seen.add(s.id);
      const inside = rows.filter((r) => r.sectionPath.includes(s.id));
      expect(s.count).toBe(inside.length);
      expect(s.minPrice).toBe(inside.length ? Math.min(...inside.map((r) => r.price)) : null);
    }
  });
});

describe('GET /api/v2/catalog/product/list/', () => {
  it('answers one page with items, offers, stock, navigation, sort and facets', async () => {
    const { status, body } = await list({ section: WOMEN });
    expect(status).toBe(200);
    const data = body.data;
    const inside = rows.filter((r) => r.sectionPath.includes(1));
    expect(data.navigation).toEqual({
      limit: 24,
      count: inside.length,
      page: 1,
      pageCount: Math.ceil(inside.length / 24),
      url: WOMEN,
    });
    expect(data.items).toHaveLength(24);
    expect(data.sort).toEqual({
      value: 'default_desc',
      default: 'default_desc',
      list: expect.arrayContaining([{ value: 'price_asc', name: 'Сначала дешевле' }]),
    });
    expect(data.sort.list.map((s: Json) => s.value)).toEqual([
      'default_desc',
      'price_asc',
      'price_desc',
      'new_desc',
      'discount_desc',
    ]);
    const item = data.items[0];
    expect(item).toMatchObject({
      id: expect.any(Number),
      sid: expect.any(Number),
      name: expect.any(String),
      brandName: expect.any(String),
      url: expect.stringMatching(/^\/product\/.+\/$/),
      price: expect.any(Number),
      category: expect.any(String),
      color: { code: expect.any(String), name: expect.any(String) },
    });
    expect(item.image).toMatch(/^\/images\/440x660\/.+\?v=1$/);
    const itemIds = new Set(data.items.map((i: Json) => i.id));
    expect(data.offers.length).toBeGreaterThan(data.items.length);
    for (const o of data.offers) expect(itemIds.has(o.itemId)).toBe(true);
    expect(data.availabilityOffers.map((a: Json) => a.id).sort()).toEqual(data.offers.map((o: Json) => o.id).sort());
    expect(data.availabilityOffers[0]).toMatchObject({
      quantity: expect.any(Number),
      quantityOnline: expect.any(Number),
      quantityMovement: expect.any(Number),
      quantityOffline: expect.any(Number),
      stores: expect.any(Object),
    });
    expect(data.facets.map((f: Json) => f.code)).toEqual(
      expect.arrayContaining(['brand', 'size', 'color', 'material', 'price']),
    );
    expect(data.url).toBe(WOMEN);
  });

  it("gives each offer the size filter's value of its size as sizeId", async () => {
    const { body } = await list({ section: WOMEN });
    const data = body.data;
    const sizes = data.facets.find((f: Json) => f.code === 'size').values.map((v: Json) => v.value);
    const inStock = data.offers.filter(
      (o: Json) => data.availabilityOffers.find((a: Json) => a.id === o.id).quantity > 0,
    );
    expect(inStock.length).toBeGreaterThan(0);
    for (const o of inStock) expect(sizes).toContain(o.sizeId);
    const offer = inStock.find((o: Json) => /^[a-z0-9]+$/.test(o.sizeId));
    const women = rows.filter((r) => r.sectionPath.includes(1));
    const bySize = await list({ section: WOMEN, filter: `size-is-${offer.sizeId}` });
    expect(bySize.body.data.navigation.count).toBe(women.filter((r) => r.sizes.includes(offer.sizeId)).length);
    expect(rows.find((r) => r.id === offer.itemId)?.sizes).toContain(offer.sizeId);
  });

  it("answers the shop's store model and the offer restrictions of the listed offers", async () => {
    const db = app.database.db;
    const stores = await queryRows<{ id: number; type: string }>(db, sql`select id, type from stores order by id`);
    const idsOf = (type: string) => stores.filter((s) => s.type === type).map((s) => Number(s.id));
    const [restricted] = await queryRows<{ offer_id: number; brand: string; product_id: number }>(
      db,
      sql`
      select r.offer_id, b.code as brand, p.id as product_id from offer_restrictions r
      join offers o on o.id = r.offer_id join products p on p.id = o.product_id join brands b on b.id = p.brand_id
      where p.active order by r.offer_id limit 1`,
    );
    expect(restricted).toBeDefined();
    const brand = restricted?.brand as string;
    let data: Json;
    for (let page = 1; ; page++) {
      data = (await list({ brand, page })).body.data;
      if (data.items.some((i: Json) => i.id === Number(restricted?.product_id))) break;
      expect(page).toBeLessThan(data.navigation.pageCount);
    }
    expect(data.onlineStoreIds).toEqual(idsOf('online'));
    expect(data.movementStoreIds).toEqual(idsOf('movement'));
    // A shop is one store here, selling its own stock.
    expect(data.shopIdToStoreIds).toEqual(Object.fromEntries(idsOf('shop').map((id) => [String(id), [id]])));
    const offerIds = data.offers.map((o: Json) => o.id);
    const restrictions = await queryRows<{ offer_id: number; store_id: number }>(
      db,
      sql`select offer_id, store_id from offer_restrictions where offer_id = any(${`{${offerIds.join(',')}}`}::int[])`,
    );
    const expected: Record<string, number[]> = {};
    for (const r of restrictions)
      expected[String(r.offer_id)] = [...(expected[String(r.offer_id)] ?? []), Number(r.store_id)];
    expect(Object.keys(expected)).toContain(String(restricted?.offer_id));
    const sorted = (m: Record<string, number[]>) =>
      Object.fromEntries(Object.entries(m).map(([k, v]) => [k, [...v].sort((a, b) => a - b)]));
    expect(sorted(data.restrictionOrderShops)).toEqual(sorted(expected));
  });

  it('answers the badges the cards show and the discount of every offer below its old price', async () => {
    const { body } = await list({ section: WOMEN, sort: 'discount_desc' });
    const data = body.data;
    const products = await queryRows<{ id: number; is_new: boolean; discount_percent: number }>(
      app.database.db,
      sql`select id, is_new, discount_percent from products where id = any(${`{${data.items.map((i: Json) => i.id).join(',')}}`}::int[])`,
    );
    const expected: Record<string, Json[]> = {};
    for (const p of products) {
      const marks: Json[] = [];
      if (p.is_new) marks.push({ code: 'new', text: 'Новинка' });
      if (Number(p.discount_percent) > 0) marks.push({ code: 'sale', text: `−${p.discount_percent}\u00a0%` });
      if (marks.length) expected[String(p.id)] = marks;
    }
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    expect(data.markers).toEqual(expected);
    const onSale = data.offers.filter((o: Json) => o.oldPrice != null && o.oldPrice > o.price);
    expect(onSale.length).toBeGreaterThan(0);
    expect(Object.keys(data.discounts).map(Number).sort()).toEqual(onSale.map((o: Json) => o.id).sort());
    for (const o of onSale) {
      const percent = Math.round(((o.oldPrice - o.price) / o.oldPrice) * 100);
      expect(data.discounts[o.id]).toBe(percent);
      expect(data.discountViews[o.id]).toBe(`−${percent}\u00a0%`);
    }
  });

  it('gives every facet value the count it would give with the other chosen filters, for random filter sets', async () => {
    const rnd = new Random(3);
    const women = rows.filter((r) => r.sectionPath.includes(1));
    const codes = ['brand', 'size', 'color', 'material', 'insulation', 'season', 'hood', 'shop'];
    for (let round = 0; round < 16; round++) {
      const chosen: Chosen = { lists: {} };
      for (const code of rnd.sample(codes, rnd.int(1, 3))) {
        const values = [...new Set(women.flatMap((r) => valuesOf(r, code)))];
        chosen.lists[code] = rnd.sample(values, Math.min(values.length, rnd.int(1, 2)));
      }
      if (rnd.chance(0.4)) chosen.price = { from: 5000, to: 40000 };
      const { status, body } = await list({ section: WOMEN, filter: filterParam(chosen) });
      expect(status).toBe(200);
      expect(body.data.navigation.count).toBe(women.filter((r) => matches(r, chosen)).length);
      for (const facet of body.data.facets) {
        if (facet.kind !== 'list') continue;
        for (const v of facet.values) {
          const expected = women.filter(
            (r) => valuesOf(r, facet.code).includes(v.value) && matches(r, chosen, facet.code),
          ).length;
          expect({ code: facet.code, value: v.value, count: v.count }).toEqual({
            code: facet.code,
            value: v.value,
            count: expected,
          });
          expect(v.disabled).toBe(expected === 0 && !v.selected);
          expect(v.selected).toBe((chosen.lists[facet.code] ?? []).includes(v.value));
        }
      }
    }
  });

  it('applies a price range in roubles and reports the bounds', async () => {
    const id = await sectionId(PUHOVIKI);
    const inside = rows.filter((r) => r.sectionPath.includes(id));
    const { body } = await list({ section: PUHOVIKI, filter: 'filter/price-from-20000-to-50000/apply/' });
    expect(body.data.navigation.count).toBe(inside.filter((r) => r.price >= 2_000_000 && r.price <= 5_000_099).length);
    for (const item of body.data.items) expect(item.price).toBeGreaterThanOrEqual(2_000_000);
    const price = body.data.facets.find((f: Json) => f.code === 'price');
    expect(price.range).toEqual({
      min: Math.floor(Math.min(...inside.map((r) => r.price)) / 100),
      max: Math.ceil(Math.max(...inside.map((r) => r.price)) / 100),
      from: 20000,
      to: 50000,
    });
  });

  it.each([
    ['price_asc', (a: Row, b: Row) => a.price - b.price],
    ['price_desc', (a: Row, b: Row) => b.price - a.price],
    ['new_desc', (a: Row, b: Row) => b.createdAt - a.createdAt],
    ['discount_desc', (a: Row, b: Row) => b.discount - a.discount],
    ['default_desc', (a: Row, b: Row) => b.popularity - a.popularity],
  ] as const)('sorts by %s across pages, sold-out products last', async (sort, compare) => {
    const byId = new Map(rows.map((r) => [r.id, r]));
    const seen: Row[] = [];
    const first = await list({ section: WOMEN, sort });
    for (let page = 1; page <= first.body.data.navigation.pageCount; page++) {
      const { body } = page === 1 ? first : await list({ section: WOMEN, sort, page });
      expect(body.data.navigation.page).toBe(page);
      seen.push(...body.data.items.map((i: Json) => byId.get(i.id) as Row));
    }
    expect(new Set(seen.map((r) => r.id)).size).toBe(first.body.data.navigation.count);
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [seen[i - 1] as Row, seen[i] as Row];
      const soldOut = (r: Row) => Number(r.sizes.length === 0);
      expect(soldOut(a) <= soldOut(b)).toBe(true);
      if (soldOut(a) === soldOut(b)) expect(compare(a, b)).toBeLessThanOrEqual(0);
    }
  });

  it('lists a brand, with or without the men, and leaves the brand out of the facets', async () => {
    const { body } = await list({ brand: 'nordvik' });
    expect(body.data.navigation.count).toBe(rows.filter((r) => r.brand === 'nordvik').length);
    expect(body.data.items.every((i: Json) => i.brandName === 'Nordvik')).toBe(true);
    expect(body.data.facets.map((f: Json) => f.code)).not.toContain('brand');
    expect(body.data.navigation.url).toBe('/brands/nordvik/');
    const men = await list({ brand: 'nordvik', gender: 'man' });
    expect(men.body.data.navigation.url).toBe('/brands/nordvik/man/');
    expect(men.body.data.navigation.count).toBeLessThan(body.data.navigation.count);
  });

  it('answers the filter params: the codes the panel hides, the values it shows open, and what the page fixes', async () => {
    const { body } = await list({ section: WOMEN });
    const { facets, filterParams } = body.data;
    const all = ['brand', 'size', 'color', 'material', 'insulation', 'length', 'season', 'hood', 'shop', 'price'];
    const shown = facets.map((f: Json) => f.code);
    expect([...shown, ...filterParams.hidden].sort()).toEqual([...all].sort());
    expect(filterParams.saved).toEqual({});
    for (const f of facets.filter((x: Json) => x.kind === 'list')) {
      const values = f.values.map((v: Json) => v.value);
      const open = f.code === 'size' || values.length <= 9 ? values : values.slice(0, 8);
      expect({ code: f.code, top: filterParams.top[f.code] }).toEqual({ code: f.code, top: open });
    }
    expect(Object.values(filterParams.top).some((v: Json) => v.length === 8)).toBe(true);
    const brand = (await list({ brand: 'nordvik' })).body.data.filterParams;
    expect(brand.saved).toEqual({ brand: ['nordvik'] });
    expect(brand.hidden).toContain('brand');
    expect(brand.top.brand).toBeUndefined();
  });

  it('follows stock after the seed: a size sold out everywhere leaves the size filter, and comes back', async () => {
    const db = app.database.db;
    const row = rows.find((r) => r.sectionPath.includes(1) && r.sizes.length > 1) as Row;
    const size = row.sizes[0] as string;
    const inSize = async () =>
      (await list({ section: WOMEN, filter: `size-is-${size}` })).body.data.navigation.count as number;
    const before = await inSize();
    const offers = sql`(select id from offers where product_id = ${row.id} and lower(size_name) = ${size})`;
    const saved = await queryRows<{ offer_id: number; store_id: number; quantity: number }>(
      db,
      sql`
      select offer_id, store_id, quantity from stock where offer_id in ${offers} and quantity > 0`,
    );
    await db.execute(sql`update stock set quantity = 0 where offer_id in ${offers}`);
    // Kept listings are dropped when the database's notification of the change arrives, just after the commit.
    await expect.poll(inSize).toBe(before - 1);
    for (const s of saved)
      await db.execute(
        sql`update stock set quantity = ${s.quantity} where offer_id = ${s.offer_id} and store_id = ${s.store_id}`,
      );
    await expect.poll(inSize).toBe(before);
  });

  it('searches when given q', async () => {
    const { status, body } = await list({ q: 'пуховики мужские' });
    expect(status).toBe(200);
    expect(body.data.navigation.count).toBeGreaterThan(0);
    for (const item of body.data.items) expect(item.name).toMatch(/^Пуховик мужской/);
  });

  it.each([
    [{}, 400, 'Укажите что-то одно'],
    [{ section: WOMEN, q: 'пуховик' }, 400, 'Укажите что-то одно'],
    [{ section: 'women' }, 400, 'Раздел — адрес раздела'],
    [{ section: "/catalog/women'; drop table products; --/" }, 400, 'Раздел — адрес раздела'],
    [{ section: '/catalog/nowhere/' }, 404, 'Такого раздела нет'],
    [{ brand: 'no-such-brand' }, 404, 'Такого бренда нет'],
    [{ section: WOMEN, gender: 'man' }, 400, 'gender задаётся только вместе с brand'],
    [{ brand: 'nordvik', gender: 'woman' }, 400, 'gender может быть только man'],
    [{ section: WOMEN, filter: 'color-black' }, 400, 'Фильтр не читается'],
    [{ section: WOMEN, filter: "color-is-black'--" }, 400, 'Фильтр не читается'],
    [{ section: WOMEN, filter: 'weight-is-heavy' }, 400, 'Неизвестный фильтр: weight'],
    [{ section: WOMEN, filter: 'color-is-ultraviolet' }, 400, 'Неизвестный фильтр: color-is-ultraviolet'],
    [{ section: WOMEN, sort: 'name_asc' }, 400, 'Неизвестная сортировка'],
    [{ section: WOMEN, page: 0 }, 400, 'Номер страницы'],
    [{ section: WOMEN, page: 'abc' }, 400, 'Номер страницы'],
    [{ section: WOMEN, page: 1.5 }, 400, 'Номер страницы'],
    [{ section: WOMEN, page: 999 }, 400, 'Такой страницы нет'],
    [{ q: '   ' }, 400, 'Пустой поисковый запрос'],
  ] as [Record<string, string | number>, number, string][])(
    'refuses %j with %i and a Russian message',
    async (params, status, message) => {
      const res = await list(params);
      expect(res.status).toBe(status);
      expect(res.body.status).toBe('error');
      expect(res.body.errors[0].message).toContain(message);
    },
  );
});
