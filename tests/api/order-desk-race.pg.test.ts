import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { addStaff, STAFF_PASSWORD, staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

// PostgreSQL only (vitest.config.ts): its pool runs the moves side by side, each waiting on the order's row lock.
let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;
let offers: OfferFacts[];
let manager: Awaited<ReturnType<typeof staffBrowser>>;

beforeAll(async () => {
  app = await createTestApp({
    ORDERS_PER_PHONE_DAY: '100',
    WRITE_LIMIT_PER_SESSION: '1000',
    WRITE_LIMIT_PER_CLIENT: '1000',
  });
  ignorePoolErrorsOnClose(app.database.db);
  k = await checkoutKit(app);
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted && o.price >= 100_000);
  await addStaff(app, { email: 'race-manager@vyuga.test', role: 'manager' });
  manager = await staffBrowser(app);
  expect((await manager.login({ email: 'race-manager@vyuga.test', password: STAFF_PASSWORD })).status).toBe(200);
});
afterAll(() => app.close());

const move = (id: number, to: string, extra: Record<string, unknown> = {}) =>
  manager.call(STAFF_API.orderTransition.replace(':id', String(id)), { to, ...extra });

const units = async (offer: OfferFacts) =>
  (
    await k.rows<{ n: number }>(
      sql`select coalesce(sum(quantity), 0)::int as n from stock where offer_id = ${offer.id}`,
    )
  )[0]?.n;

it('50 staff cancels of one order at once: one wins, the stock comes back once', async () => {
  const offer = offers[0] as OfferFacts;
  await k.stockOf(offer, 3, 3);
  const { v, phone } = await k.quickShopper(offer, 2);
  const { id } = await (await k.rpc(v, 'sale.order.save', k.pickup(phone))).json();
  const held = await units(offer);
  const answers = await Promise.all(
    Array.from({ length: 50 }, () => move(id, 'cancelled', { reason: 'Дубль заказа' }).then((r) => r.status)),
  );
  expect(answers.filter((s) => s === 200)).toHaveLength(1);
  expect(new Set(answers.filter((s) => s !== 200))).toEqual(new Set([409]));
  expect(await units(offer)).toBe(Number(held) + 2);
  expect(
    await k.rows(
      sql`select count(*)::int as n from order_status_history where order_id = ${id} and status = 'cancelled'`,
    ),
  ).toEqual([{ n: 1 }]);
});

it('50 completions of one order at once: one wins, the bonuses are credited once', async () => {
  const offer = offers[1] as OfferFacts;
  await k.stockOf(offer, 3, 3);
  const { me, phone, userId } = await k.member(offer, { bonuses: 0 });
  const { id } = await (await k.rpc(me, 'sale.order.save', k.pickup(phone))).json();
  for (const to of ['confirmed', 'assembling', 'ready']) expect((await move(id, to)).status).toBe(200);
  // A ready shop order leaves the shop by a hand-over, not a plain move.
  const handover = () =>
    manager
      .call(STAFF_API.orderHandoverWithoutCode.replace(':id', String(id)), { reason: 'Покупатель потерял СМС' })
      .then((r) => r.status);
  const completions = await Promise.all(Array.from({ length: 50 }, handover));
  expect(completions.filter((s) => s === 200)).toHaveLength(1);
  expect(new Set(completions.filter((s) => s !== 200))).toEqual(new Set([409]));
  const credits = await k.rows<{ amount: number }>(
    sql`select amount from bonus_operations where order_id = ${id} and kind = 'credit'`,
  );
  expect(credits).toHaveLength(1);
  expect(Number(credits[0]?.amount)).toBeGreaterThan(0);
  const [card] = await k.rows<{ bonus_balance: number }>(
    sql`select bonus_balance from discount_cards where user_id = ${userId}`,
  );
  expect(Number(card?.bonus_balance)).toBe(Number(credits[0]?.amount));
});
