import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, RPC_PATH } from '../../contract/api';
import { queryRows } from '../../db/client';
import { MAX_BASKET_LINES } from '../../domain/basket/basket';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { createTestApp, newVisitor, type TestApp, type Visitor } from '../support/test-app';

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
type Json = any;

let app: TestApp;
let buyable: OfferFacts[];

beforeAll(async () => {
  // These tests make hundreds of writes in one session: the write limits are not what they check.
  app = await createTestApp({ WRITE_LIMIT_PER_SESSION: '100000', WRITE_LIMIT_PER_CLIENT: '100000' });
  ignorePoolErrorsOnClose(app.database.db);
  buyable = (await offerFacts(app.database.db)).filter((o) => o.online >= 2);
  expect(buyable.length).toBeGreaterThanOrEqual(MAX_BASKET_LINES + 50);
});
afterAll(() => app.close());

const sessionIdOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] as string;

/** Gives the visitor's cart (or wishlist) a line for each offer, straight in the database. */
async function fill(v: Visitor, offers: OfferFacts[], delay: boolean) {
  await app.database.db.execute(sql`
    insert into basket_lines (session_id, offer_id, delay, quantity)
    select ${sessionIdOf(v.cookie)}, o.id, ${delay}, 1 from offers o where o.id in ${offers.map((o) => o.id)}`);
}

async function lineCount(v: Visitor, delay: boolean) {
  const [row] = await queryRows<{ n: number }>(
    app.database.db,
    sql`select count(*)::int as n from basket_lines where session_id = ${sessionIdOf(v.cookie)} and delay = ${delay}`,
  );
  return Number(row?.n);
}

async function call(v: Visitor, path: string, fields: Record<string, string | number>) {
  const res = await v.post(path, fields);
  return { status: res.status, body: (await res.json()) as Json };
}

describe('the cart holds at most 100 lines', () => {
  it('takes the 100th line, refuses the 101st in Russian, and still takes more units of a line it has', async () => {
    const v = await newVisitor(app);
    await fill(v, buyable.slice(0, MAX_BASKET_LINES - 1), false);
    const hundredth = await call(v, API.basketAdd, { offerId: (buyable[MAX_BASKET_LINES - 1] as OfferFacts).id });
    expect(hundredth.status).toBe(200);
    expect(hundredth.body.data.basket.available).toHaveLength(MAX_BASKET_LINES);
    const over = await call(v, API.basketAdd, { offerId: (buyable[MAX_BASKET_LINES] as OfferFacts).id });
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual([
      {
        code: 'BASKET_LINES_LIMIT',
        message: 'В корзине уже 100\u00a0разных товаров — больше добавить нельзя. Оформите заказ или удалите лишнее.',
      },
    ]);
    expect(await lineCount(v, false)).toBe(MAX_BASKET_LINES);
    const more = await call(v, API.basketAdd, { offerId: (buyable[0] as OfferFacts).id });
    expect(more.status).toBe(200);
    expect(more.body.data.basket.availableCount).toBe(MAX_BASKET_LINES + 1);
  });

  it('lets exactly the room left through when 50 different offers are added at once', async () => {
    const v = await newVisitor(app);
    await fill(v, buyable.slice(0, 80), false);
    const answers = await Promise.all(
      buyable.slice(80, 130).map(async (o) => {
        const res = await v.post(API.basketAdd, { offerId: o.id });
        return { status: res.status, code: res.status === 200 ? null : ((await res.json()) as Json).errors[0].code };
      }),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(20);
    expect(answers.filter((a) => a.status !== 200)).toEqual(
      Array.from({ length: 30 }, () => ({ status: 422, code: 'BASKET_LINES_LIMIT' })),
    );
    expect(await lineCount(v, false)).toBe(MAX_BASKET_LINES);
  });
});

describe('the wishlist holds at most 100 lines', () => {
  it('takes the 100th line, refuses the 101st in Russian, and a delayed offer may be added again', async () => {
    const v = await newVisitor(app);
    await fill(v, buyable.slice(0, MAX_BASKET_LINES - 1), true);
    expect((await call(v, API.wishlistAdd, { offerId: (buyable[MAX_BASKET_LINES - 1] as OfferFacts).id })).status).toBe(
      200,
    );
    const over = await call(v, API.wishlistAdd, { offerId: (buyable[MAX_BASKET_LINES] as OfferFacts).id });
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual([
      {
        code: 'WISHLIST_LINES_LIMIT',
        message: 'В избранном уже 100\u00a0разных товаров — удалите ненужные, чтобы добавить новые.',
      },
    ]);
    expect((await call(v, API.wishlistAdd, { offerId: (buyable[0] as OfferFacts).id })).status).toBe(200);
    expect(await lineCount(v, true)).toBe(MAX_BASKET_LINES);
  });

  it('refuses to move a cart line to a full wishlist and keeps the line in the cart', async () => {
    const v = await newVisitor(app);
    await fill(v, buyable.slice(0, MAX_BASKET_LINES), true);
    const added = await call(v, API.basketAdd, { offerId: (buyable[MAX_BASKET_LINES] as OfferFacts).id });
    const id = added.body.data.basket.available[0].id;
    const moved = await call(v, RPC_PATH, { method: 'sale.order.basket.toWishlist', id });
    expect(moved.status).toBe(422);
    expect(moved.body).toEqual({
      error: { msg: expect.stringMatching(/^В избранном уже 100/), code: 'WISHLIST_LINES_LIMIT' },
    });
    expect(await lineCount(v, false)).toBe(1);
    expect(await lineCount(v, true)).toBe(MAX_BASKET_LINES);
  });

  it('lets exactly the room left through when 50 different offers are delayed at once', async () => {
    const v = await newVisitor(app);
    await fill(v, buyable.slice(0, 90), true);
    const statuses = await Promise.all(
      buyable.slice(90, 140).map(async (o) => (await v.post(API.wishlistAdd, { offerId: o.id })).status),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 422)).toHaveLength(40);
    expect(await lineCount(v, true)).toBe(MAX_BASKET_LINES);
  });
});

describe("an add to cart and the session's clock", () => {
  const seenAgo = async (v: Visitor) => {
    const [row] = await queryRows<{ s: number }>(
      app.database.db,
      sql`select extract(epoch from now() - last_seen_at)::int as s from sessions where id = ${sessionIdOf(v.cookie)}`,
    );
    return Number(row?.s);
  };
  const setSeen = (v: Visitor, ago: string) =>
    app.database.db.execute(
      sql`update sessions set last_seen_at = now() - ${ago}::interval where id = ${sessionIdOf(v.cookie)}`,
    );

  it('moves it once a day (what the retention of anonymous sessions reads), not on every add', async () => {
    const v = await newVisitor(app);
    expect((await call(v, API.basketAdd, { offerId: (buyable[0] as OfferFacts).id })).status).toBe(200);
    await setSeen(v, '5 hours');
    expect((await call(v, API.basketAdd, { offerId: (buyable[1] as OfferFacts).id })).status).toBe(200);
    expect(await seenAgo(v)).toBeGreaterThanOrEqual(5 * 3600 - 5);
    await setSeen(v, '25 hours');
    expect((await call(v, API.basketAdd, { offerId: (buyable[2] as OfferFacts).id })).status).toBe(200);
    expect(await seenAgo(v)).toBeLessThan(60);
  });
});
