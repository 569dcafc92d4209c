import { sql } from 'drizzle-orm';
import { orderNumber } from '../../domain/order/process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { addStaff, loggedInStaff, type staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

type Browser = Awaited<ReturnType<typeof staffBrowser>>;
let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;
let offers: OfferFacts[];
let merch: Browser;
let shop: Browser;
let content: Browser;
let manager: Browser;
let next = 0;

const loggedIn = (email: string) => loggedInStaff(app, email);

beforeAll(async () => {
  app = await createTestApp({ ORDERS_PER_PHONE_DAY: '100' });
  ignorePoolErrorsOnClose(app.database.db);
  k = await checkoutKit(app);
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted && o.price >= 100_000).slice(0, 20);
  await addStaff(app, { email: 'stock-merch@vyuga.test', role: 'merchandiser' });
  await addStaff(app, { email: 'stock-shop@vyuga.test', role: 'shop', shopId: k.stores.shop });
  await addStaff(app, { email: 'stock-content@vyuga.test', role: 'content' });
  await addStaff(app, { email: 'stock-manager@vyuga.test', role: 'manager' });
  [merch, shop, content, manager] = await Promise.all([
    loggedIn('stock-merch@vyuga.test'),
    loggedIn('stock-shop@vyuga.test'),
    loggedIn('stock-content@vyuga.test'),
    loggedIn('stock-manager@vyuga.test'),
  ]);
});
afterAll(() => app.close());

/** A fresh offer with `online` units in the warehouse and nothing elsewhere. */
async function fresh(online = 0) {
  const offer = offers[next++] as OfferFacts;
  await k.stockOf(offer, online, 0);
  return offer;
}

const qty = async (offerId: number, storeId: number) =>
  Number(
    (
      await k.rows<{ quantity: number }>(
        sql`select quantity from stock where offer_id = ${offerId} and store_id = ${storeId}`,
      )
    )[0]?.quantity ?? 0,
  );

const doc = (b: Browser, body: Record<string, unknown>) => b.call(STAFF_API.stockDocuments, body);
const json = async (res: Response) => (await res.json()) as { data: any; errors?: { code: string; message: string }[] };

const movements = async (b: Browser, offerId: number, storeId: number) =>
  (await json(await b.get(`${STAFF_API.stockMovements}?offerId=${offerId}&storeId=${storeId}`))).data.items as {
    delta: number;
    quantity: number;
    kind: string;
    reason: string;
    staff: string | null;
    orderId: number | null;
    documentId: number | null;
  }[];

describe('stock documents', () => {
  it('a receipt adds, is in the history and the audit log, and the shop sees it at once', async () => {
    const offer = await fresh(0);
    const [{ product_id: productId } = { product_id: 0 }] = await k.rows<{ product_id: number }>(
      sql`select product_id from offers where id = ${offer.id}`,
    );
    const canBuy = async () =>
      (
        (await (await app.fetch(`/api/v2/catalog/product/get/?id=${productId}`)).json()).data.offers.find(
          (o: { id: number }) => o.id === offer.id,
        ) as { canBuy: boolean }
      ).canBuy;
    expect(await canBuy()).toBe(false);
    const res = await doc(merch, {
      kind: 'receipt',
      storeId: k.stores.online,
      reason: 'Поставка 26.11',
      lines: [{ offerId: offer.id, quantity: 5 }],
    });
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data.document).toMatchObject({
      kind: 'receipt',
      storeId: k.stores.online,
      toStoreId: null,
      reason: 'Поставка 26.11',
      staff: { email: 'stock-merch@vyuga.test' },
      lines: [{ offerId: offer.id, quantity: 5, before: 0, after: 5 }],
    });
    expect(await qty(offer.id, k.stores.online)).toBe(5);
    // Pages hear of the change through the database's notification, a moment after the write answers.
    await expect.poll(canBuy).toBe(true);
    const [last] = await movements(merch, offer.id, k.stores.online);
    expect(last).toMatchObject({
      delta: 5,
      quantity: 5,
      kind: 'receipt',
      reason: 'Поставка 26.11',
      staff: 'stock-merch@vyuga.test',
      documentId: body.data.document.id,
    });
    const audit = await k.rows<{ action: string; staff_email: string }>(
      sql`select action, staff_email from audit_log where entity = 'stock_document' and entity_id = ${String(body.data.document.id)}`,
    );
    expect(audit).toEqual([{ action: 'stock.document', staff_email: 'stock-merch@vyuga.test' }]);
    // The table of sizes × stores.
    const table = await json(await merch.get(`${STAFF_API.stock}?offerId=${offer.id}`));
    expect(table.data.sizes[0].quantities[String(k.stores.online)]).toBe(5);
  });

  it('a write-off, a stock-take and a transfer', async () => {
    const offer = await fresh(10);
    const ok = async (body: Record<string, unknown>) => {
      const res = await doc(merch, { reason: 'Проверка', lines: [{ offerId: offer.id, quantity: body.q }], ...body });
      expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
      return (await json(res)).data.document;
    };
    expect((await ok({ kind: 'writeoff', storeId: k.stores.online, q: 3 })).lines[0]).toMatchObject({
      before: 10,
      after: 7,
    });
    expect((await ok({ kind: 'stocktake', storeId: k.stores.online, q: 4 })).lines[0]).toMatchObject({
      before: 7,
      after: 4,
    });
    const moved = await ok({ kind: 'transfer', storeId: k.stores.online, toStoreId: k.stores.shop, q: 3 });
    expect(moved.lines[0]).toMatchObject({ before: 4, after: 1, toBefore: 0, toAfter: 3 });
    expect(await qty(offer.id, k.stores.online)).toBe(1);
    expect(await qty(offer.id, k.stores.shop)).toBe(3);
    const history = await movements(merch, offer.id, k.stores.online);
    expect(history.slice(0, 3).map((m) => [m.kind, m.delta, m.quantity])).toEqual([
      ['transfer', -3, 1],
      ['stocktake', -3, 4],
      ['writeoff', -3, 7],
    ]);
    expect((await movements(merch, offer.id, k.stores.shop))[0]).toMatchObject({
      kind: 'transfer',
      delta: 3,
      quantity: 3,
    });
  });

  it('refuses a write-off below zero, bad input and a 1C offer with nothing changed', async () => {
    const offer = await fresh(2);
    const before = await k.rows(sql`select count(*)::int as n from stock_movements`);
    const below = await doc(merch, {
      kind: 'writeoff',
      storeId: k.stores.online,
      reason: 'Брак',
      lines: [{ offerId: offer.id, quantity: 3 }],
    });
    expect(below.status).toBe(409);
    expect((await json(below)).errors?.[0]?.message).toMatch(/^Нельзя списать больше, чем есть: /);
    for (const bad of [
      { kind: 'receipt', storeId: k.stores.online, reason: '', lines: [{ offerId: offer.id, quantity: 1 }] },
      {
        kind: 'receipt',
        storeId: k.stores.online,
        reason: 'x'.repeat(501),
        lines: [{ offerId: offer.id, quantity: 1 }],
      },
      { kind: 'receipt', storeId: k.stores.online, reason: 'р', lines: [] },
      { kind: 'receipt', storeId: k.stores.online, reason: 'р', lines: [{ offerId: offer.id, quantity: 0 }] },
      { kind: 'receipt', storeId: k.stores.online, reason: 'р', lines: [{ offerId: offer.id, quantity: 1.5 }] },
      {
        kind: 'receipt',
        storeId: k.stores.online,
        reason: 'р',
        lines: [
          { offerId: offer.id, quantity: 1 },
          { offerId: offer.id, quantity: 1 },
        ],
      },
      {
        kind: 'transfer',
        storeId: k.stores.online,
        toStoreId: k.stores.online,
        reason: 'р',
        lines: [{ offerId: offer.id, quantity: 1 }],
      },
      { kind: 'sale', storeId: k.stores.online, reason: 'р', lines: [{ offerId: offer.id, quantity: 1 }] },
      {
        kind: 'receipt',
        storeId: k.stores.online,
        reason: 'р',
        lines: Array.from({ length: 201 }, (_, i) => ({ offerId: i + 1, quantity: 1 })),
      },
    ]) {
      const res = await doc(merch, bad);
      expect(res.status, JSON.stringify(bad).slice(0, 200)).toBe(400);
      expect((await json(res)).errors?.[0]?.message).toMatch(/[А-Яа-я]/);
    }
    const unknownOffer = await doc(merch, {
      kind: 'receipt',
      storeId: k.stores.online,
      reason: 'р',
      lines: [{ offerId: 999_999, quantity: 1 }],
    });
    expect(unknownOffer.status).toBe(404);
    const unknownStore = await doc(merch, {
      kind: 'receipt',
      storeId: 999_999,
      reason: 'р',
      lines: [{ offerId: offer.id, quantity: 1 }],
    });
    expect(unknownStore.status).toBe(404);
    await app.database.db.execute(
      sql`insert into exchange_offers (offer_id, onec_id) values (${offer.id}, ${`stock-test-${offer.id}`})`,
    );
    const owned = await doc(merch, {
      kind: 'receipt',
      storeId: k.stores.online,
      reason: 'р',
      lines: [{ offerId: offer.id, quantity: 1 }],
    });
    expect(owned.status).toBe(409);
    expect((await json(owned)).errors?.[0]?.code).toBe('OWNED_BY_1C');
    await app.database.db.execute(sql`delete from exchange_offers where offer_id = ${offer.id}`);
    expect(await qty(offer.id, k.stores.online)).toBe(2);
    expect(await k.rows(sql`select count(*)::int as n from stock_movements`)).toEqual(before);
  });
});

describe('who may', () => {
  it('a shop member writes and reads their own shop only; content and manager roles get 403', async () => {
    const offer = await fresh(0);
    const own = await doc(shop, {
      kind: 'receipt',
      storeId: k.stores.shop,
      reason: 'Пришло в магазин',
      lines: [{ offerId: offer.id, quantity: 2 }],
    });
    expect(own.status).toBe(200);
    expect(await qty(offer.id, k.stores.shop)).toBe(2);
    const count = await k.rows(sql`select count(*)::int as n from stock_movements`);
    for (const [who, body] of [
      [shop, { kind: 'receipt', storeId: k.stores.online, reason: 'р', lines: [{ offerId: offer.id, quantity: 1 }] }],
      [
        shop,
        {
          kind: 'transfer',
          storeId: k.stores.shop,
          toStoreId: k.stores.online,
          reason: 'р',
          lines: [{ offerId: offer.id, quantity: 1 }],
        },
      ],
      [
        content,
        { kind: 'receipt', storeId: k.stores.online, reason: 'р', lines: [{ offerId: offer.id, quantity: 1 }] },
      ],
      [
        manager,
        { kind: 'receipt', storeId: k.stores.online, reason: 'р', lines: [{ offerId: offer.id, quantity: 1 }] },
      ],
    ] as const) {
      const res = await doc(who, body);
      expect(res.status).toBe(403);
      expect((await json(res)).errors?.[0]?.code).toBe('FORBIDDEN');
    }
    expect((await shop.get(`${STAFF_API.stockMovements}?offerId=${offer.id}&storeId=${k.stores.online}`)).status).toBe(
      403,
    );
    expect((await content.get(`${STAFF_API.stockMovements}?offerId=${offer.id}`)).status).toBe(403);
    expect((await content.get(`${STAFF_API.stock}?offerId=${offer.id}`)).status).toBe(403);
    // Their own history and table: their shop only.
    const mine = await movements(shop, offer.id, k.stores.shop);
    expect(mine[0]).toMatchObject({ kind: 'receipt', delta: 2 });
    const table = await json(await shop.get(`${STAFF_API.stock}?offerId=${offer.id}`));
    expect(Object.keys(table.data.sizes[0].quantities)).toEqual([String(k.stores.shop)]);
    // The page form: the same refusals.
    const page = await shop.form(`/admin/stock/?productId=1`, {
      kind: 'receipt',
      storeId: String(k.stores.online),
      reason: 'р',
      [`qty-${offer.id}`]: '1',
    });
    expect(page.status).toBe(403);
    const contentPage = await content.form('/admin/stock/', {
      kind: 'receipt',
      storeId: String(k.stores.online),
      reason: 'р',
      [`qty-${offer.id}`]: '1',
    });
    expect(contentPage.status).toBe(403);
    expect(await qty(offer.id, k.stores.online)).toBe(0);
    expect(await k.rows(sql`select count(*)::int as n from stock_movements`)).toEqual(count);
    // The page form of a member who may.
    const done = await merch.form(`/admin/stock/?productId=1`, {
      kind: 'receipt',
      storeId: String(k.stores.online),
      reason: 'Форма',
      [`qty-${offer.id}`]: '4',
    });
    expect(done.status).toBe(200);
    expect(await qty(offer.id, k.stores.online)).toBe(4);
  });
});

describe('orders in the history', () => {
  it('an order and its cancel are movements with the order id', async () => {
    const offer = await fresh(3);
    // A movement store's units let the shop take the order (as the desk's tests stock it).
    await k.stockOf(offer, 3, 2);
    const { v, phone } = await k.quickShopper(offer);
    const res = await k.rpc(v, 'sale.order.save', k.pickup(phone));
    const order = (await res.json()) as { id: number };
    expect(res.status, JSON.stringify(order)).toBe(200);
    const moved = await manager.call(STAFF_API.orderTransition.replace(':id', String(order.id)), {
      to: 'cancelled',
      reason: 'Покупатель передумал',
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    const history = (await movements(merch, offer.id, k.stores.online)).slice(0, 2);
    expect(history.map((m) => [m.kind, m.delta, m.orderId])).toEqual([
      ['cancel', 1, order.id],
      ['order', -1, order.id],
    ]);
    // The history page names the order as the staff know it and links its card.
    const page = await (
      await merch.get(`/admin/stock/movements/?offerId=${offer.id}&storeId=${k.stores.online}`)
    ).text();
    expect(page).toContain(`href="/admin/orders/${order.id}/"`);
    expect(page).toMatch(new RegExp(`№ (<!-- -->)?${orderNumber(order.id)}`));
    // quantity = the sum of its movements.
    const [sum] = await k.rows<{ s: number }>(
      sql`select sum(delta)::int as s from stock_movements where offer_id = ${offer.id} and store_id = ${k.stores.online}`,
    );
    expect(Number(sum?.s)).toBe(await qty(offer.id, k.stores.online));
  });
});
