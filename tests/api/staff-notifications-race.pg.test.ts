import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ignorePoolErrorsOnClose } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { addStaff } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

// PostgreSQL only (vitest.config.ts): its pool runs the deliveries side by side; the unique (event, member) decides.
let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;

beforeAll(async () => {
  app = await createTestApp({});
  ignorePoolErrorsOnClose(app.database.db);
  k = await checkoutKit(app);
  await addStaff(app, { email: 'race-notify-owner@vyuga.test', role: 'owner' });
});
afterAll(() => app.close());

it('50 deliveries of one event at once make one notification and one message per member', async () => {
  const event = {
    key: 'order.new:race-1',
    kind: 'order.new' as const,
    shopId: null,
    title: 'Новый заказ № R1',
    body: 'Анна · 1 500 ₽ · доставка',
    link: '/admin/orders/1/',
  };
  const reached = await Promise.all(Array.from({ length: 50 }, () => app.services.staffNotifications.record(event)));
  const [rows] = await k.rows<{ n: number }>(
    sql`select count(*)::int as n from staff_notifications where event_key = ${event.key}`,
  );
  // Each member reached by exactly one of the 50: what they say they reached is what the table holds.
  expect(reached.reduce((a, b) => a + b, 0)).toBe(Number(rows?.n));
  expect(
    await k.rows(sql`select count(*)::int as n from staff_notifications n join staff s on s.id = n.staff_id
      where n.event_key = ${event.key} and s.email = 'race-notify-owner@vyuga.test'`),
  ).toEqual([{ n: 1 }]);
  expect(
    await k.rows(sql`select count(*)::int as n from outbox
      where kind = 'staff-order-new' and recipient = 'race-notify-owner@vyuga.test'`),
  ).toEqual([{ n: 1 }]);
});

it('50 flushes of one flood at once send one summary', async () => {
  for (let i = 0; i < 9; i++)
    await app.services.staffNotifications.record({
      key: `order.new:race-flood-${i}`,
      kind: 'order.new',
      shopId: null,
      title: `Новый заказ № RF${i}`,
      body: '',
      link: '',
    });
  const later = new Date(Date.now() + 10 * 60_000);
  await Promise.all(Array.from({ length: 50 }, () => app.services.staffNotifications.flush(later)));
  expect(
    await k.rows(sql`select count(*)::int as n from outbox
      where kind = 'staff-summary' and recipient = 'race-notify-owner@vyuga.test'`),
  ).toEqual([{ n: 1 }]);
});
