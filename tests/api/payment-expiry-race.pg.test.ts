import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { createTestApp, type TestApp } from '../support/test-app';

// PostgreSQL only (vitest.config.ts): its pool runs the expiry and the payments side by side.
let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;
let offers: OfferFacts[];

beforeAll(async () => {
  app = await createTestApp({ ORDERS_PER_PHONE_DAY: '100' });
  ignorePoolErrorsOnClose(app.database.db);
  k = await checkoutKit(app);
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted && o.price >= 100_000).slice(0, 21);
  await app.database.db.execute(sql`insert into promo_codes (code, percent, max_uses) values ('GONKA', 5, 100)`);
});
afterAll(() => app.close());

/** An online order of one unit with the promo code; the stock of its offer is 2 before it. */
async function onlineOrder(offer: OfferFacts) {
  await k.stockOf(offer, 1, 1);
  const { v, phone } = await k.quickShopper(offer);
  expect((await k.rpc(v, 'sale.order.setPromocode', { promocode: 'GONKA' })).status).toBe(200);
  const res = await k.rpc(v, 'sale.order.save', { ...k.pickup(phone), paymentMethod: 'ONLINE' });
  const body = (await res.json()) as { id: number; payment: { confirmationUrl: string } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return { id: body.id, offer, paymentId: new URL(body.payment.confirmationUrl).pathname.split('/')[3] as string };
}

const one = async <T>(query: ReturnType<typeof sql>) => (await k.rows<T>(query))[0] as T;

it('an expiry racing the payments of 20 orders: each ends paid, or cancelled with all given back once', async () => {
  const orders = [];
  for (const offer of offers.slice(0, 20)) orders.push(await onlineOrder(offer));
  const later = new Date(Date.now() + 31 * 60_000);
  const desk = app.services.testPayments;
  if (!desk) throw new Error('the test gateway is the default');
  await Promise.all([
    // The first orders' payments come last, so the expiry, which takes the oldest first, meets them on the way.
    ...orders.map(async (o, i) => {
      await new Promise((resolve) => setTimeout(resolve, (orders.length - i) * 10));
      await desk.pay(o.paymentId);
      await app.services.payments.sync(o.paymentId, 'notification');
    }),
    ...orders.slice(0, 10).map(() => app.services.payments.expire(later)),
  ]);
  // What is left open (a refund the expiry's side asked for) is finished as the minute's run would.
  await app.services.payments.reconcile(new Date(Date.now() + 5 * 60_000));

  let paid = 0;
  for (const o of orders) {
    const { status } = await one<{ status: string }>(sql`select status from orders where id = ${o.id}`);
    const { n: stock } = await one<{ n: number }>(
      sql`select coalesce(sum(quantity), 0)::int as n from stock where offer_id = ${o.offer.id}`,
    );
    const refunds = await k.rows<{ status: string }>(sql`select status from refunds where order_id = ${o.id}`);
    const { n: uses } = await one<{ n: number }>(
      sql`select count(*)::int as n from promo_code_uses where order_id = ${o.id}`,
    );
    if (status === 'paid') {
      paid += 1;
      expect({ stock, refunds, uses }).toEqual({ stock: 1, refunds: [], uses: 1 });
    } else {
      expect(status).toBe('cancelled');
      // The test gateway always charged: the late payment went back, once.
      expect({ stock, refunds, uses }).toEqual({ stock: 2, refunds: [{ status: 'refunded' }], uses: 0 });
    }
    expect(
      await k.rows(sql`select status from order_status_history where order_id = ${o.id} and status = 'cancelled'`),
    ).toHaveLength(status === 'cancelled' ? 1 : 0);
  }
  expect(await one(sql`select uses from promo_codes where code = 'GONKA'`)).toEqual({ uses: paid });
});

it('50 «Оплатить» at once on one order make one payment at the gateway', async () => {
  const { id } = await onlineOrder(offers[20] as OfferFacts);
  await app.database.db.execute(sql`update payments set status = 'cancelled' where order_id = ${id}`);
  const answers = await Promise.all(Array.from({ length: 50 }, () => app.services.payments.start(id, 'order-page')));
  expect(new Set(answers.map((a) => a.confirmationUrl)).size).toBe(1);
  expect(await k.rows(sql`select status from payments where order_id = ${id} order by id`)).toEqual([
    { status: 'cancelled' },
    { status: 'awaiting' },
  ]);
  expect(
    await one(sql`select count(*)::int as n from test_gateway_payments where metadata->>'orderId' = ${String(id)}`),
  ).toEqual({ n: 2 });
});
