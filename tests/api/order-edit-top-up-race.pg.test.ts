import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { addStaff, loggedInStaff } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

// PostgreSQL only (vitest.config.ts): its pool runs the changes side by side, each waiting on the order's row lock,
// then on its payments' rows. Whatever order they land in, one top-up is pending and it asks for total − paid.
let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;
let offers: OfferFacts[];
type Browser = Awaited<ReturnType<typeof loggedInStaff>>;
let manager: Browser;

beforeAll(async () => {
  app = await createTestApp({
    ORDERS_PER_PHONE_DAY: '100',
    WRITE_LIMIT_PER_SESSION: '1000',
    WRITE_LIMIT_PER_CLIENT: '1000',
  });
  ignorePoolErrorsOnClose(app.database.db);
  k = await checkoutKit(app);
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted && o.price >= 100_000);
  await addStaff(app, { email: 'race-topup-manager@vyuga.test', role: 'manager' });
  manager = await loggedInStaff(app, 'race-topup-manager@vyuga.test');
});
afterAll(() => app.close());

it('50 rises of one online order at once: exactly one pending top-up, for total − paid', async () => {
  const offer = offers[0] as OfferFacts;
  await k.stockOf(offer, 10, 10);
  const { v, phone } = await k.quickShopper(offer, 1);
  const res = await k.rpc(v, 'sale.order.save', { ...k.pickup(phone), paymentMethod: 'ONLINE' });
  const body = (await res.json()) as { id: number; payment: { confirmationUrl: string } };
  expect(res.status).toBe(200);
  expect((await v.post(`${new URL(body.payment.confirmationUrl).pathname}pay/`, {}, {})).status).toBe(303);
  const id = body.id;
  const [line] = await k.rows<{ id: number }>(sql`select id from order_lines where order_id = ${id}`);
  const [before] = await k.rows<{ total: number }>(sql`select total from orders where id = ${id}`);
  const paid = Number(before?.total);

  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      manager
        .call(STAFF_API.orderChanges.replace(':id', String(id)), {
          action: 'quantity',
          lineId: Number(line?.id),
          quantity: 2 + (i % 9),
        })
        .then((r) => r.status),
    ),
  );
  expect(new Set(answers)).toEqual(new Set([200]));
  const [after] = await k.rows<{ total: number }>(sql`select total from orders where id = ${id}`);
  const pending = await k.rows<{ amount: number; payment_id: number }>(
    sql`select amount, payment_id from order_top_ups where order_id = ${id} and status = 'pending'`,
  );
  expect(pending).toHaveLength(1);
  expect(Number(pending[0]?.amount)).toBe(Number(after?.total) - paid);
  // Its payment asks for the same; every other top-up's payment was withdrawn, none refunded.
  const [payment] = await k.rows<{ amount: number }>(
    sql`select amount from payments where id = ${Number(pending[0]?.payment_id)}`,
  );
  expect(Number(payment?.amount)).toBe(Number(after?.total) - paid);
  expect(await k.rows(sql`select id from refunds where order_id = ${id}`)).toEqual([]);
});

it('50 «Доплатить» at once after the top-up was declined: one fresh payment, every press sent to it', async () => {
  const offer = offers[1] as OfferFacts;
  await k.stockOf(offer, 10, 10);
  const { v, phone } = await k.quickShopper(offer, 1);
  const res = await k.rpc(v, 'sale.order.save', { ...k.pickup(phone), paymentMethod: 'ONLINE' });
  const body = (await res.json()) as { id: number; payment: { confirmationUrl: string } };
  expect(res.status).toBe(200);
  expect((await v.post(`${new URL(body.payment.confirmationUrl).pathname}pay/`, {}, {})).status).toBe(303);
  const id = body.id;
  const [line] = await k.rows<{ id: number }>(sql`select id from order_lines where order_id = ${id}`);
  const change = await manager.call(STAFF_API.orderChanges.replace(':id', String(id)), {
    action: 'quantity',
    lineId: Number(line?.id),
    quantity: 2,
  });
  expect(change.status).toBe(200);
  const [declined] = await k.rows<{ confirmation_url: string }>(
    sql`select p.confirmation_url from order_top_ups t join payments p on p.id = t.payment_id where t.order_id = ${id}`,
  );
  expect((await v.post(`${new URL(declined?.confirmation_url as string).pathname}decline/`, {}, {})).status).toBe(303);

  const page = `/order/?ORDER_ID=${id}`;
  const presses = await Promise.all(
    Array.from({ length: 50 }, () =>
      v.post(page, { intent: 'top-up' }).then((r) => ({ status: r.status, location: r.headers.get('location') })),
    ),
  );
  expect(new Set(presses.map((p) => p.status))).toEqual(new Set([303]));
  const fresh = await k.rows<{ id: number; confirmation_url: string }>(
    sql`select id, confirmation_url from payments where order_id = ${id} and status = 'awaiting'`,
  );
  expect(fresh).toHaveLength(1);
  expect(new Set(presses.map((p) => p.location))).toEqual(new Set([fresh[0]?.confirmation_url]));
  const [topUp] = await k.rows<{ payment_id: number; status: string }>(
    sql`select payment_id, status from order_top_ups where order_id = ${id}`,
  );
  expect({ payment: Number(topUp?.payment_id), status: topUp?.status }).toEqual({
    payment: Number(fresh[0]?.id),
    status: 'pending',
  });
});
