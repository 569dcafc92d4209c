import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { readOutbox } from '../support/outbox';
import { addStaff, STAFF_PASSWORD, staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

// Two stages (PAYMENT_CAPTURE=two-stage): paying holds the money, the handover charges it, a cancel lets it go.
let app: TestApp;
let offers: OfferFacts[];
let k: Awaited<ReturnType<typeof checkoutKit>>;
let manager: Awaited<ReturnType<typeof staffBrowser>>;
let next = 0;

beforeAll(async () => {
  app = await createTestApp({ ORDERS_PER_PHONE_DAY: '100', PAYMENT_CAPTURE: 'two-stage' });
  ignorePoolErrorsOnClose(app.database.db);
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted && o.price >= 100_000).slice(0, 4);
  k = await checkoutKit(app);
  await addStaff(app, { email: 'two-stage@vyuga.test', role: 'manager' });
  manager = await staffBrowser(app);
  expect((await manager.login({ email: 'two-stage@vyuga.test', password: STAFF_PASSWORD })).status).toBe(200);
});
afterAll(() => app.close());

async function heldOrder() {
  const offer = offers[next++] as OfferFacts;
  await k.stockOf(offer, 1, 1);
  const { v, phone } = await k.quickShopper(offer);
  const res = await k.rpc(v, 'sale.order.save', { ...k.pickup(phone), paymentMethod: 'ONLINE' });
  const body = (await res.json()) as { id: number; payment: { confirmationUrl: string } };
  expect((await v.post(`${new URL(body.payment.confirmationUrl).pathname}pay/`, {}, {})).status).toBe(303);
  return body.id;
}

const state = async (id: number) => ({
  order: (await k.rows<{ status: string }>(sql`select status from orders where id = ${id}`))[0]?.status,
  payment: (await k.rows<{ status: string }>(sql`select status from payments where order_id = ${id}`))[0]?.status,
  gateway: (
    await k.rows<{ status: string }>(
      sql`select status from test_gateway_payments where metadata->>'orderId' = ${String(id)}`,
    )
  )[0]?.status,
});

const move = (id: number, to: string, reason?: string) =>
  manager.call(STAFF_API.orderTransition.replace(':id', String(id)), reason ? { to, reason } : { to });

it('a held payment makes the order paid; the handover charges it at the gateway', async () => {
  const id = await heldOrder();
  expect(await state(id)).toEqual({ order: 'paid', payment: 'held', gateway: 'held' });
  for (const to of ['confirmed', 'assembling', 'ready']) expect((await move(id, to)).status).toBe(200);
  // The ready letter asks for nothing at the shop: the order is paid.
  await app.outbox.deliver();
  const [ready] = await k.rows<{ email: string }>(sql`select email from orders where id = ${id}`);
  const letter = await readOutbox(app, { to: ready?.email as string, channel: 'email' });
  expect(letter?.text).toContain('Заказ оплачен онлайн');
  expect(letter?.text).not.toContain('К оплате при получении');
  const handover = STAFF_API.orderHandoverWithoutCode.replace(':id', String(id));
  expect((await manager.call(handover, { reason: 'Покупатель потерял СМС' })).status).toBe(200);
  expect(await state(id)).toEqual({ order: 'completed', payment: 'paid', gateway: 'paid' });
});

it('cancelling an order whose money is held lets it go at the gateway, no refund needed', async () => {
  const id = await heldOrder();
  expect((await move(id, 'cancelled', 'Покупатель передумал')).status).toBe(200);
  expect(await state(id)).toEqual({ order: 'cancelled', payment: 'cancelled', gateway: 'cancelled' });
  expect(await k.rows(sql`select 1 from refunds where order_id = ${id}`)).toEqual([]);
});
