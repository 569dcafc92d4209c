import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { STAFF_API } from '../../contract/staff-api';
import { orderNumber } from '../../domain/order/process';
import type { DeskSearchResult } from '../../domain/search/desk-search.service';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { type CheckoutKit, checkoutKit } from '../support/checkout';
import { addStaff, loggedInStaff, type StaffBrowser } from '../support/staff';
import { createTestApp, newVisitor, type TestApp } from '../support/test-app';

let app: TestApp;
let offers: OfferFacts[];
let k: CheckoutKit;
let manager: StaffBrowser;
let shop: StaffBrowser;
let merchandiser: StaffBrowser;
let content: StaffBrowser;

/** The phone of two guest orders: one at the seed's first shop, one moved to another shop. */
let phone: string;
let here: number;
let there: number;
const lastName = `Метелица${randomInt(0, 1e9)}`;
const tracking = `CDEK-${randomInt(1e8, 1e9)}`;

const search = async (who: StaffBrowser, q: string) => {
  const res = await who.get(`${STAFF_API.search}?${new URLSearchParams({ q })}`);
  expect(res.status, q).toBe(200);
  return ((await res.json()) as { data: DeskSearchResult }).data;
};
const orderIds = (found: DeskSearchResult) => (found.orders?.items ?? []).map((i) => i.id);

async function guestOrder(offer: OfferFacts) {
  await k.stockOf(offer, 5, 5);
  const v = await newVisitor(app);
  await v.post(API.basketAdd, { offerId: offer.id });
  const id = decodeURIComponent(v.cookie.split('=')[1] ?? '').split('.')[0];
  await app.database.db.execute(sql`update sessions set confirmed_phone = ${phone} where id = ${id}`);
  const res = await k.rpc(v, 'sale.order.save', { ...k.pickup(phone), name: `Анна ${lastName}` });
  expect(res.status).toBe(200);
  return (await res.json()).id as number;
}

beforeAll(async () => {
  app = await createTestApp({ PHONE_CODES_PER_CLIENT: '10000', ORDERS_PER_PHONE_DAY: '100' });
  ignorePoolErrorsOnClose(app.database.db);
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted).slice(0, 6);
  k = await checkoutKit(app);
  phone = `7916${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  here = await guestOrder(offers[0] as OfferFacts);
  there = await guestOrder(offers[1] as OfferFacts);
  // The second order is another shop's; the first was given to the carrier with a tracking number.
  await app.database.db.execute(
    sql`update orders set delivery = jsonb_set(delivery, '{shopId}', to_jsonb(${k.stores.shop + 1000}::int)) where id = ${there}`,
  );
  await app.database.db.execute(sql`update orders set tracking_number = ${tracking} where id = ${here}`);
  for (const [email, role] of [
    ['search-manager@vyuga.test', 'manager'],
    ['search-merch@vyuga.test', 'merchandiser'],
    ['search-content@vyuga.test', 'content'],
  ] as const)
    await addStaff(app, { email, role });
  await addStaff(app, { email: 'search-shop@vyuga.test', role: 'shop', shopId: k.stores.shop });
  [manager, shop, merchandiser, content] = await Promise.all(
    ['manager', 'shop', 'merch', 'content'].map((r) => loggedInStaff(app, `search-${r}@vyuga.test`)),
  );
});
afterAll(() => app.close());

describe('the back office’s search', () => {
  it('finds an order by its phone however it is written, whole or in part', async () => {
    const p = phone;
    const spellings = [
      `8 ${p.slice(1, 4)} ${p.slice(4, 7)}-${p.slice(7, 9)}-${p.slice(9)}`,
      `+7 (${p.slice(1, 4)}) ${p.slice(4, 7)}-${p.slice(7, 9)}-${p.slice(9)}`,
      `8${p.slice(1)}`,
      p,
      p.slice(1),
      `(${p.slice(1, 4)}) ${p.slice(4)}`,
      // The last digits, and the number's start typed with its 8.
      p.slice(5),
      `8 ${p.slice(1, 4)} ${p.slice(4, 8)}`,
    ];
    for (const q of spellings) expect(orderIds(await search(manager, q)), q).toEqual(expect.arrayContaining([here]));
    // The orders list filters by the same query.
    const list = await (
      await manager.get(`${STAFF_API.orders}?${new URLSearchParams({ q: spellings[1] as string })}`)
    ).json();
    expect(list.data.items.map((o: { id: number }) => o.id).sort()).toEqual([here, there].sort());
    // Another phone's digits find none of them.
    expect(
      orderIds(await search(manager, `8 ${p.slice(1, 4)} ${String((Number(p.slice(4)) + 1) % 1e7).padStart(7, '0')}`)),
    ).not.toContain(here);
  });

  it('finds an order by its number, email, tracking number and the shopper’s name', async () => {
    const byNumber = await search(manager, orderNumber(here));
    expect(byNumber.orders?.items[0]).toMatchObject({
      id: here,
      title: `Заказ № ${orderNumber(here)}`,
      href: `/admin/orders/${here}/`,
    });
    expect(orderIds(await search(manager, `№ ${orderNumber(here)}`))[0]).toBe(here);
    expect(orderIds(await search(manager, `order.${phone}@example.ru`)).sort()).toEqual([here, there].sort());
    expect(orderIds(await search(manager, tracking.toLowerCase()))).toEqual([here]);
    expect((await search(manager, tracking)).orders?.items[0]?.detail).toContain(`трек ${tracking}`);
    expect(orderIds(await search(manager, `${lastName} анна`)).sort()).toEqual([here, there].sort());
    const list = await (await manager.get(`${STAFF_API.orders}?q=${tracking}`)).json();
    expect(list.data.items.map((o: { id: number }) => o.id)).toEqual([here]);
  });

  it('finds a product by barcode, article, 1C id and colour, and lists the catalog by the same query', async () => {
    const [product] = await k.rows<{
      id: number;
      article: string;
      barcode: string;
      color: string;
      color_code: string;
      size: string;
    }>(
      sql`select p.id, p.article, f.barcode, c.name as color, p.color_code, f.size_name as size
        from products p join offers f on f.product_id = p.id join colors c on c.code = p.color_code
        where f.barcode is not null order by p.id limit 1`,
    );
    if (!product) throw new Error('the seed has no barcodes');
    const byBarcode = await search(merchandiser, product.barcode);
    expect(byBarcode.products?.items[0]).toMatchObject({
      id: Number(product.id),
      href: `/admin/products/${product.id}/`,
    });
    expect(byBarcode.products?.items[0]?.detail).toContain(`размер ${product.size}`);

    const byArticle = await search(merchandiser, product.article.toLowerCase());
    expect(byArticle.products?.items.map((i) => i.id)).toContain(Number(product.id));

    const onecProduct = `${randomInt(1e7, 1e8)}-aaaa-4bbb-8ccc-${randomInt(1e11, 1e12)}`;
    const [offer] = await k.rows<{ id: number }>(sql`select id from offers where product_id = ${product.id} limit 1`);
    const onecOffer = `${onecProduct}#${randomInt(1e7, 1e8)}`;
    await app.database.db.execute(sql`delete from exchange_variants where product_id = ${product.id}`);
    await app.database.db.execute(sql`insert into exchange_variants (onec_product_id, color_code, product_id)
      values (${onecProduct}, ${product.color_code}, ${product.id})`);
    await app.database.db.execute(sql`delete from exchange_offers where offer_id = ${offer?.id}`);
    await app.database.db.execute(
      sql`insert into exchange_offers (onec_id, offer_id) values (${onecOffer}, ${offer?.id})`,
    );
    expect((await search(merchandiser, onecProduct)).products?.items.map((i) => i.id)).toEqual([Number(product.id)]);
    expect((await search(merchandiser, onecOffer)).products?.items.map((i) => i.id)).toEqual([Number(product.id)]);

    // A colour's name, as the shop's own search reads it: every product found is of that colour.
    const byColour = await search(merchandiser, product.color.toLowerCase());
    expect(byColour.products?.total).toBeGreaterThan(0);
    for (const item of byColour.products?.items ?? []) expect(item.detail).toContain(product.color);

    // The catalog's list filters by the same query.
    for (const q of [product.barcode, onecProduct]) {
      const list = await (await merchandiser.get(`${STAFF_API.products}?${new URLSearchParams({ q })}`)).json();
      expect(
        list.data.items.map((p: { id: number }) => p.id),
        q,
      ).toEqual([Number(product.id)]);
    }
  });

  it('finds customers: an account opens its card, a guest the card of their phone', async () => {
    const m = await k.member(offers[2] as OfferFacts);
    const found = await search(manager, `+7 ${m.phone.slice(1, 4)} ${m.phone.slice(4)}`);
    expect(found.customers?.items[0]).toMatchObject({ id: m.userId, href: `/admin/customers/${m.userId}/` });
    const guest = await search(manager, lastName);
    expect(guest.customers?.items).toEqual([
      expect.objectContaining({
        id: null,
        href: expect.stringMatching(/^\/admin\/customers\/guest-\d+\/$/),
        detail: expect.stringContaining('заказов: 2'),
      }),
    ]);
    const href = guest.customers?.items[0]?.href as string;
    const card = await (await manager.get(`/api/v2${href}`)).json();
    expect(card.data?.customer, JSON.stringify(card)).toMatchObject({ kind: 'guest', phone });
  });

  it('answers each role only what it may read; a shop’s staff only their shop’s orders', async () => {
    const atShop = await search(shop, phone);
    expect(orderIds(atShop)).toEqual([here]);
    expect(Object.keys(atShop).sort()).toEqual(['orders', 'q']);
    // Another shop's order is not found by its number either.
    expect(orderIds(await search(shop, orderNumber(there)))).toEqual([]);
    expect(orderIds(await search(manager, phone)).sort()).toEqual([here, there].sort());
    expect(Object.keys(await search(manager, phone)).sort()).toEqual(['customers', 'orders', 'q']);
    expect(Object.keys(await search(merchandiser, phone)).sort()).toEqual(['products', 'q']);
    expect(await search(content, phone)).toEqual({ q: phone });
  });

  it('refuses a visitor and a query that is too long', async () => {
    const v = await newVisitor(app);
    expect((await v.get(`${STAFF_API.search}?q=${phone}`)).status).toBe(401);
    const res = await manager.get(`${STAFF_API.search}?q=${'а'.repeat(101)}`);
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].message).toBe('Поиск — до 100 символов.');
  });
});
