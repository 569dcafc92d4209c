import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { addStaff, STAFF_PASSWORD, staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

// PostgreSQL only (vitest.config.ts): its pool runs the refunds side by side, each waiting on the order's row lock.
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
  await addStaff(app, { email: 'refund-race@vyuga.test', role: 'manager' });
  manager = await staffBrowser(app);
  expect((await manager.login({ email: 'refund-race@vyuga.test', password: STAFF_PASSWORD })).status).toBe(200);
});
afterAll(() => app.close());

it('50 refunds of a tenth of a paid order at once: exactly 10 go through, never more than was paid', async () => {
  const offer = offers[0] as OfferFacts;
  await k.stockOf(offer, 1, 1);
  const { v, phone } = await k.quickShopper(offer);
  const saved = await k.rpc(v, 'sale.order.save', { ...k.pickup(phone), paymentMethod: 'ONLINE' });
  const { id, payment } = (await saved.json()) as { id: number; payment: { confirmationUrl: string } };
  expect((await v.post(`${new URL(payment.confirmationUrl).pathname}pay/`, {}, {})).status).toBe(303);
  const [order] = await k.rows<{ status: string; total: number }>(
    sql`select status, total from orders where id = ${id}`,
  );
  expect(order?.status).toBe('paid');
  const paid = Number(order?.total);
  const tenth = Math.floor(paid / 10);

  const answers = await Promise.all(
    Array.from({ length: 50 }, () =>
      manager
        .call(STAFF_API.orderRefunds.replace(':id', String(id)), { amount: tenth / 100, reason: 'Частичный возврат' })
        .then((r) => r.status),
    ),
  );
  expect(answers.filter((s) => s === 200)).toHaveLength(10);
  expect(new Set(answers.filter((s) => s !== 200))).toEqual(new Set([400]));
  const [refunds] = await k.rows<{ n: number; sum: number }>(
    sql`select count(*)::int as n, coalesce(sum(amount), 0)::bigint as sum from refunds
      where order_id = ${id} and status <> 'failed'`,
  );
  expect(Number(refunds?.n)).toBe(10);
  expect(Number(refunds?.sum)).toBe(tenth * 10);
  expect(Number(refunds?.sum)).toBeLessThanOrEqual(paid);
  expect(
    await k.rows(
      sql`select count(*)::int as n from audit_log where action = 'order.refund' and entity_id = ${String(id)}`,
    ),
  ).toEqual([{ n: 10 }]);
});
