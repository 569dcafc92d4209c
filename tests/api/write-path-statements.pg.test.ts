import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { ROUND_TRIPS } from '../../bench/round-trips';
import type { Basket } from '../../domain/basket/basket';
import { offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 29.1: what add to cart and the basket state cost in round trips to PostgreSQL, counted at the driver: at most
 * 3 for an add to the cart or the wishlist (the write limits, the snapshot, the write) and 1 for the state, for a
 * visitor and a logged-in user;
 * and the bench's baselines (bench/round-trips.ts) make as many round trips as these calls do.
 */
let app: TestApp;
let kit: Awaited<ReturnType<typeof checkoutKit>>;
const statements: string[] = [];
const query = pg.Client.prototype.query;

beforeAll(async () => {
  app = await createTestApp();
  kit = await checkoutKit(app);
  // biome-ignore lint/suspicious/noExplicitAny: the driver's overloads, passed on untouched
  pg.Client.prototype.query = function (this: pg.Client, ...args: any[]) {
    statements.push(typeof args[0] === 'string' ? args[0] : args[0]?.text);
    // biome-ignore lint/suspicious/noExplicitAny: as above
    return (query as any).apply(this, args);
  } as typeof query;
});
afterAll(async () => {
  pg.Client.prototype.query = query;
  await app.close();
});

type Poster = (path: string, fields: Record<string, string | number>) => Promise<Response>;

/** The call's answer and the statements it sent. */
async function counted(post: Poster, path: string, fields: Record<string, string | number>) {
  statements.length = 0;
  const res = await post(path, fields);
  const sent = statements.length;
  expect(res.status).toBe(200);
  return { basket: ((await res.json()) as { data: { basket: Basket } }).data.basket, sent };
}

const cart = (b: Basket) => b.available.map((l) => [l.offer.id, l.quantity]);

it('adds to the cart in at most 3 statements and answers the state in 1, for a visitor and for a user', async () => {
  const offers = (await offerFacts(app.database.db)).filter((o) => o.online >= 3 && !o.restricted);
  const [a, b, c] = offers as [(typeof offers)[number], (typeof offers)[number], (typeof offers)[number]];
  const { v } = await kit.quickShopper(a);
  const member = await kit.member(b);

  for (const who of [v, member.me]) {
    const post: Poster = (path, fields) => who.post(path, fields);
    const before = await counted(post, API.basketState, {});
    expect(before.sent).toBe(1);
    const added = await counted(post, API.basketAdd, { offerId: c.id });
    expect(added.sent).toBeLessThanOrEqual(3);
    const again = await counted(post, API.basketAdd, { offerId: c.id, quantity: 2 });
    expect(again.sent).toBeLessThanOrEqual(3);
    // The answers built from the snapshot and the write are the basket the next state call reads.
    const after = await counted(post, API.basketState, {});
    expect(after.sent).toBe(1);
    expect(cart(again.basket)).toEqual(cart(after.basket));
    expect(cart(after.basket)).toEqual([[c.id, 3], ...cart(before.basket)]);
    expect(added.basket.availableCount).toBe(before.basket.availableCount + 1);
    // The wishlist's add costs the same, and its answer holds the line the state then reads.
    const delayed = await counted(post, API.wishlistAdd, { offerId: a.id });
    expect(delayed.sent).toBeLessThanOrEqual(3);
    expect(delayed.basket.delay.map((l) => l.offer.id)).toEqual([a.id]);
    expect((await counted(post, API.basketState, {})).basket.delay.map((l) => l.offer.id)).toEqual([a.id]);
  }
  // Each owner's cart is its own: the user's holds what the registration carried over, not the visitor's.
  const mine = await counted((p, f) => member.me.post(p, f), API.basketState, {});
  expect(cart(mine.basket)).toEqual([
    [c.id, 3],
    [b.id, 1],
  ]);
});

it('saves an order in as many statements as the bench baseline makes round trips', async () => {
  const offer = (await offerFacts(app.database.db)).find((o) => o.online >= 3 && !o.restricted);
  const { v, phone } = await kit.quickShopper(offer as NonNullable<typeof offer>);
  statements.length = 0;
  const saved = await kit.rpc(v, 'sale.order.save', kit.pickup(phone));
  const sent = statements.length;
  expect(saved.status).toBe(200);
  expect(sent).toBe(ROUND_TRIPS.orderSave);
  expect(ROUND_TRIPS).toMatchObject({ add: 3, state: 1 });
});
