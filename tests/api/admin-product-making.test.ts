import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { queryRows } from '../../db/client';
import { formatPrice } from '../../domain/pricing/price';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { pageWhen } from '../support/page-when';
import { addStaff, loggedInStaff, type staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

/** Issue 47.5: products made, copied and edited in bulk in the back office; batches of one-use promo codes. */
let app: TestApp;
let merch: Awaited<ReturnType<typeof staffBrowser>>;
let content: Awaited<ReturnType<typeof staffBrowser>>;
let k: Awaited<ReturnType<typeof checkoutKit>>;
let offers: OfferFacts[];
let nextOffer = 0;
let colours: string[];
let leaf: { id: number; name: string; url: string };
let otherLeaf: { id: number };
let brands: number[];

const rows = <T>(query: SQL) => queryRows<T>(app.database.db, query);
const errorOf = async (res: Response) =>
  ((await res.json()) as { errors: { code: string; message: string }[] }).errors[0];
const unique = (prefix: string) => `${prefix}${randomUUID().slice(0, 6).toUpperCase()}`;
const at = (template: string, value: string | number) => template.replace(/:\w+/, String(value));

beforeAll(async () => {
  app = await createTestApp({ ORDERS_PER_PHONE_DAY: '100' });
  ignorePoolErrorsOnClose(app.database.db);
  await addStaff(app, { email: 'make-merch@vyuga.test', role: 'merchandiser' });
  await addStaff(app, { email: 'make-content@vyuga.test', role: 'content' });
  merch = await loggedInStaff(app, 'make-merch@vyuga.test');
  content = await loggedInStaff(app, 'make-content@vyuga.test');
  k = await checkoutKit(app);
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted && o.price >= 100_000).slice(0, 6);
  colours = (await rows<{ code: string }>(sql`select code from colors order by sort, code limit 3`)).map((r) => r.code);
  const leaves = await rows<{ id: number; name: string; url: string }>(
    sql`select s.id, s.name, s.url from sections s where not exists (select 1 from sections c where c.parent_id = s.id)
      and s.depth > 1 order by s.id limit 2`,
  );
  leaf = leaves[0] as typeof leaf;
  otherLeaf = leaves[1] as typeof otherLeaf;
  brands = (await rows<{ id: number }>(sql`select id from brands order by id limit 2`)).map((r) => Number(r.id));
});
afterAll(() => app.close());

interface Created {
  modelId: number;
  products: { id: number; code: string; url: string; color: string; sizes: number }[];
}

const newProduct = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  article: unique('ART-'),
  description: 'Тёплая куртка из тестовой партии.',
  sectionId: leaf.id,
  brandId: brands[0],
  colours: [
    {
      color: colours[0],
      sizes: [
        { size: '46', price: 12990, oldPrice: 15990 },
        { size: '48', price: '12 990' },
      ],
    },
    { color: colours[1], sizes: [{ size: 'M', price: 11990.5 }] },
  ],
  ...extra,
});

async function create(body: Record<string, unknown>): Promise<Created> {
  const res = await merch.call(STAFF_API.products, body);
  const json = (await res.json()) as { data: { created: Created } };
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json.data.created;
}

const productRow = async (id: number) =>
  (
    await rows<{
      model_id: number;
      section_id: number;
      brand_id: number;
      active: boolean;
      unpublished: boolean;
      min_price: number;
      props: Record<string, string>;
      name: string;
      code: string;
    }>(
      sql`select model_id, section_id, brand_id, active, unpublished, min_price::int as min_price, props, name, code
        from products where id = ${id}`,
    )
  )[0];
const pricesOf = (id: number) =>
  rows<{ size_name: string; price: number; old_price: number | null }>(
    sql`select size_name, price::int as price, old_price::int as old_price from offers where product_id = ${id}
      order by size_sort, id`,
  );
const audits = (action: string) =>
  rows<{ entity_id: string; staff_email: string; changes: Record<string, { before: unknown; after: unknown }> }>(
    sql`select entity_id, staff_email, changes from audit_log where action = ${action} order by id`,
  );

describe('a product made in the back office', () => {
  it('is one product per colour under one model, with its sizes and prices, on sale, in the facets and on its page', async () => {
    const name = `Куртка Метель ${unique('')}`;
    const made = await create(newProduct(name));
    expect(made.products).toHaveLength(2);
    const [first, second] = made.products as [Created['products'][0], Created['products'][0]];
    expect(first.code).not.toBe(second.code);
    expect(first.url).toBe(`/product/${first.code}/`);
    expect(first.code).toMatch(new RegExp(`-${colours[0]}-${first.id}$`));
    expect(await productRow(first.id)).toMatchObject({ model_id: made.modelId, active: true, min_price: 1_299_000 });
    expect(await productRow(second.id)).toMatchObject({ model_id: made.modelId, active: true, min_price: 1_199_050 });
    expect(await pricesOf(first.id)).toEqual([
      { size_name: '46', price: 1_299_000, old_price: 1_599_000 },
      { size_name: '48', price: 1_299_000, old_price: null },
    ]);
    // The facets' copy and the search index are the tables' own, as after a 1C import.
    expect(await rows(sql`select section_id, active from product_facets where product_id = ${first.id}`)).toEqual([
      { section_id: leaf.id, active: true },
    ]);
    const page = await pageWhen(app, first.url, (html) => html.includes(name));
    expect(page).toContain(formatPrice(1_299_000));
    const [entry] = (await audits('product.create')).slice(-1);
    expect(entry).toMatchObject({ entity_id: String(made.modelId), staff_email: 'make-merch@vyuga.test' });
    expect(entry?.changes.name).toEqual({ before: null, after: name });
  });

  it('refuses what cannot be made, with the reason in Russian, and makes nothing', async () => {
    const before = (await rows<{ n: number }>(sql`select count(*)::int as n from products`))[0];
    const cases: [Record<string, unknown>, string][] = [
      [newProduct('Куртка', { colours: [] }), 'Добавьте хотя бы один цвет.'],
      [
        newProduct('Куртка', { colours: [{ color: 'no-such-colour', sizes: [{ size: 'M', price: 100 }] }] }),
        'Цвета «no-such-colour» нет в списке.',
      ],
      [
        newProduct('Куртка', {
          colours: [
            {
              color: colours[0],
              sizes: [
                { size: 'M', price: 100 },
                { size: 'm', price: 200 },
              ],
            },
          ],
        }),
        'Размеры одного цвета не должны повторяться.',
      ],
      [newProduct('Куртка', { sectionId: 999_999 }), 'Такого раздела нет.'],
      [
        newProduct('Куртка', { colours: [{ color: colours[0], sizes: [{ size: 'M', price: 'дорого' }] }] }),
        'Цену — число рублей, например 1990 или 1990.50.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await merch.call(STAFF_API.products, body);
      expect(res.status, message).toBe(400);
      expect((await errorOf(res))?.message).toBe(message);
    }
    const refused = await content.call(STAFF_API.products, newProduct('Куртка'));
    expect(refused.status).toBe(403);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from products`))[0]).toEqual(before);
  });
});

describe('a copy of a product', () => {
  it('has a new code and page, the sizes, prices and photos, and stays off sale until published', async () => {
    const made = await create(newProduct(`Парка Копия ${unique('')}`));
    const source = made.products[0] as Created['products'][0];
    await rows(sql`insert into product_images (product_id, file, sort) values (${source.id}, 'copy-test.jpg', 0)`);
    const res = await merch.call(at(STAFF_API.productCopy, source.id));
    expect(res.status).toBe(200);
    const { product } = (await res.json()).data as { product: { id: number; code: string; url: string } };
    expect(product.id).not.toBe(source.id);
    expect(product.code).not.toBe(source.code);
    const row = await productRow(product.id);
    expect(row).toMatchObject({ active: false, unpublished: true, model_id: product.id });
    expect(row?.name).toMatch(/\(копия\)$/);
    expect(await pricesOf(product.id)).toEqual(await pricesOf(source.id));
    expect(await rows(sql`select file from product_images where product_id = ${product.id}`)).toEqual([
      { file: 'copy-test.jpg' },
    ]);
    expect((await app.fetch(product.url)).status).toBe(404);
    // Published, it sells.
    const published = await merch.call(at(STAFF_API.product, product.id), { published: true });
    expect(published.status).toBe(200);
    expect(await productRow(product.id)).toMatchObject({ active: true });
    const [entry] = (await audits('product.copy')).slice(-1);
    expect(entry?.entity_id).toBe(String(product.id));
    expect((await merch.call(at(STAFF_API.productCopy, 999_999))).status).toBe(404);
    expect((await content.call(at(STAFF_API.productCopy, source.id))).status).toBe(403);
  });
});

describe('the bulk edit of chosen products', () => {
  it('sets section, brand, a property, sale and prices by percent in one go, one audit entry per product', async () => {
    const a = await create(newProduct(`Пуховик Масса ${unique('')}`));
    const b = await create(newProduct(`Пуховик Масса ${unique('')}`));
    const ids = [...a.products, ...b.products].map((p) => p.id);
    const entriesBefore = (await audits('catalog.bulk_edit')).length;
    const res = await merch.call(STAFF_API.productBulk, {
      productIds: ids,
      sectionId: otherLeaf.id,
      brandId: brands[1],
      prop: { code: 'material', value: 'wool' },
      pricePercent: 10,
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data.bulk).toEqual({ count: 4, changed: 4, prices: 6 });
    for (const id of ids)
      expect(await productRow(id)).toMatchObject({
        section_id: otherLeaf.id,
        brand_id: brands[1],
        props: { material: 'wool' },
        active: true,
      });
    // 12 990 ₽ + 10 % = 14 289 ₽; 11 990,50 ₽ + 10 % = 13 189,55 ₽ → 13 190 ₽ (whole roubles).
    expect((await pricesOf(a.products[0]?.id as number)).map((o) => o.price)).toEqual([1_428_900, 1_428_900]);
    expect((await pricesOf(a.products[1]?.id as number)).map((o) => o.price)).toEqual([1_319_000]);
    expect(await rows(sql`select section_id from product_facets where product_id = ${ids[0]}`)).toEqual([
      { section_id: otherLeaf.id },
    ]);
    const entries = (await audits('catalog.bulk_edit')).slice(entriesBefore);
    expect(entries.map((e) => Number(e.entity_id)).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect(entries[0]?.changes.sectionId).toEqual({ before: leaf.id, after: otherLeaf.id });

    const off = await merch.call(STAFF_API.productBulk, { productIds: ids, published: false });
    expect(off.status).toBe(200);
    for (const id of ids) expect(await productRow(id)).toMatchObject({ active: false, unpublished: true });
    const on = await merch.call(STAFF_API.productBulk, { productIds: ids, published: true });
    expect(on.status).toBe(200);
    for (const id of ids) expect(await productRow(id)).toMatchObject({ active: true, unpublished: false });
  });

  it('refuses the lot when one product is 1C’s, or the role may not, and changes none', async () => {
    const mine = await create(newProduct(`Жилет Отказ ${unique('')}`));
    const ids = [mine.products[0]?.id as number];
    // Another made product, then marked as 1C's, as an exchange would have made it.
    const theirs = (await create(newProduct(`Жилет 1С ${unique('')}`))).products[0]?.id as number;
    await rows(
      sql`insert into exchange_variants (onec_product_id, color_code, product_id) values (${unique('onec-')}, ${colours[0]}, ${theirs})`,
    );
    const res = await merch.call(STAFF_API.productBulk, { productIds: [...ids, theirs], sectionId: otherLeaf.id });
    expect(res.status).toBe(409);
    expect((await errorOf(res))?.code).toBe('OWNED_BY_1C');
    expect(await productRow(ids[0] as number)).toMatchObject({ section_id: leaf.id });
    // Taking it off sale is the shop's, also for 1C's products.
    const hold = await merch.call(STAFF_API.productBulk, { productIds: [...ids, theirs], published: false });
    expect(hold.status).toBe(200);
    expect(await productRow(theirs)).toMatchObject({ active: false, unpublished: true });
    const refused = await content.call(STAFF_API.productBulk, { productIds: ids, pricePercent: 50 });
    expect(refused.status).toBe(403);
    expect((await pricesOf(ids[0] as number))[0]?.price).toBe(1_299_000);
    const nothing = await merch.call(STAFF_API.productBulk, { productIds: ids });
    expect(nothing.status).toBe(400);
    expect((await errorOf(nothing))?.message).toBe('Выберите, что менять: раздел, бренд, свойство, продажу или цены.');
    const wrongValue = await merch.call(STAFF_API.productBulk, {
      productIds: ids,
      prop: { code: 'material', value: 'gold' },
    });
    expect(wrongValue.status).toBe(400);
    expect((await merch.call(STAFF_API.productBulk, { productIds: [999_999], published: false })).status).toBe(404);
  });
});

describe('a batch of one-use promo codes', () => {
  const codePath = (template: string, code: string) => template.replace(':code', code);

  async function shopper() {
    const offer = offers[nextOffer++] as OfferFacts;
    await k.stockOf(offer, 5, 1);
    const { v, phone } = await k.quickShopper(offer);
    const apply = async (code: string) => (await k.rpc(v, 'sale.order.setPromocode', { promocode: code })).json();
    const save = async () => {
      const res = await k.rpc(v, 'sale.order.save', k.pickup(phone));
      return { status: res.status, body: (await res.json()) as { id?: number; error?: { msg: string; code: string } } };
    };
    return { apply, save };
  }

  it('makes N unique codes with the prefix, exports them as CSV, and each is spent by the first order', async () => {
    const rule = unique('RULE');
    expect((await merch.call(STAFF_API.promocodes, { code: rule, kind: 'percent', value: 15 })).status).toBe(200);
    const res = await merch.call(codePath(STAFF_API.promocodeBatches, rule), { count: 2000, prefix: 'zima-' });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data.batch).toMatchObject({ ruleCode: rule, prefix: 'ZIMA-', count: 2000, used: 0 });
    const codes = await rows<{ code: string; percent: number; max_uses: number; per_customer: number }>(
      sql`select code, percent, max_uses, per_customer from promo_codes where batch_id = ${body.data.batch.id}`,
    );
    expect(codes).toHaveLength(2000);
    expect(new Set(codes.map((c) => c.code)).size).toBe(2000);
    for (const c of codes) {
      expect(c.code).toMatch(/^ZIMA-[A-Z2-9]{8}$/);
      expect(c).toMatchObject({ percent: 15, max_uses: 1, per_customer: 1 });
    }
    // The rule's list keeps to codes of their own; the batch is listed under its rule.
    const list = (await (await merch.get(STAFF_API.promocodes)).json()).data.items as { code: string }[];
    expect(list.some((p) => p.code.startsWith('ZIMA-'))).toBe(false);
    const batches = (await (await merch.get(codePath(STAFF_API.promocodeBatches, rule))).json()).data.items;
    expect(batches).toEqual([expect.objectContaining({ id: body.data.batch.id, count: 2000 })]);

    const code = codes[0]?.code as string;
    const a = await shopper();
    const b = await shopper();
    expect(await a.apply(code)).toEqual({ promocodeList: [code] });
    expect(await b.apply(code)).toEqual({ promocodeList: [code] });
    const first = await a.save();
    expect(first.status).toBe(200);
    const second = await b.save();
    expect(second.body.error).toEqual({ msg: 'Промокод уже использован.', code: 'sale.order/PROMOCODE_USED' });

    const csv = await merch.get(at(STAFF_API.promoBatchCsv, body.data.batch.id));
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith('Промокод;Использован;Заказ\r\n')).toBe(true);
    const lines = text.trim().split('\r\n').slice(1);
    expect(lines).toHaveLength(2000);
    expect(new Set(lines.map((l) => l.split(';')[0])).size).toBe(2000);
    expect(lines.find((l) => l.startsWith(`${code};`))).toMatch(new RegExp(`^${code};да;\\d+$`));
    expect(lines.filter((l) => l.includes(';да;'))).toHaveLength(1);
    const [entry] = await rows<{ changes: Record<string, { after: unknown }> }>(
      sql`select changes from audit_log where action = 'promo.batch' and entity_id = ${rule}`,
    );
    expect(entry?.changes.count?.after).toBe(2000);
  });

  it('refuses more than 10 000, a batch code as a rule, roles that may not; stopping the rule stops its codes', async () => {
    const rule = unique('LIMIT');
    await merch.call(STAFF_API.promocodes, { code: rule, kind: 'amount', value: 300 });
    const tooMany = await merch.call(codePath(STAFF_API.promocodeBatches, rule), { count: 10_001 });
    expect(tooMany.status).toBe(400);
    expect((await errorOf(tooMany))?.message).toBe('За раз — не больше 10 000 кодов.');
    const badPrefix = await merch.call(codePath(STAFF_API.promocodeBatches, rule), { count: 5, prefix: 'ёлка' });
    expect(badPrefix.status).toBe(400);
    expect((await content.call(codePath(STAFF_API.promocodeBatches, rule), { count: 5 })).status).toBe(403);
    expect((await content.get(at(STAFF_API.promoBatchCsv, 1))).status).toBe(403);
    expect((await merch.call(codePath(STAFF_API.promocodeBatches, 'NOSUCHCODE'), { count: 5 })).status).toBe(404);
    expect((await merch.get(at(STAFF_API.promoBatchCsv, 999_999))).status).toBe(404);
    const made = (await (await merch.call(codePath(STAFF_API.promocodeBatches, rule), { count: 3 })).json()).data
      .batch as { id: number };
    const [child] = await rows<{ code: string }>(sql`select code from promo_codes where batch_id = ${made.id} limit 1`);
    const nested = await merch.call(codePath(STAFF_API.promocodeBatches, child?.code as string), { count: 3 });
    expect(nested.status).toBe(409);
    await merch.call(codePath(STAFF_API.promocodeStop, rule));
    // Its batch's codes stop with it: checkout refuses them.
    expect(
      await rows(sql`select count(*)::int as n from promo_codes where batch_id = ${made.id} and stopped_at is null`),
    ).toEqual([{ n: 0 }]);
    const stopped = await merch.call(codePath(STAFF_API.promocodeBatches, rule), { count: 3 });
    expect(stopped.status).toBe(409);
    expect((await errorOf(stopped))?.code).toBe('PROMO_STOPPED');
    expect(await rows(sql`select count(*)::int as n from promo_batches where rule_code = ${rule}`)).toEqual([{ n: 1 }]);
  });
});
