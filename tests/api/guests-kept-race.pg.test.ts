import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { queryRows } from '../../db/client';
import { ignorePoolErrorsOnClose } from '../support/basket-offers';
import { addStaff, loggedInStaff, type StaffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

// PostgreSQL only (vitest.config.ts): its pool runs the orders' transactions and the lists' refreshes side by side.
let app: TestApp;
let manager: StaffBrowser;

beforeAll(async () => {
  app = await createTestApp();
  ignorePoolErrorsOnClose(app.database.db);
  await addStaff(app, { email: 'manager@guests-race.test', role: 'manager' });
  manager = await loggedInStaff(app, 'manager@guests-race.test');
});
afterAll(() => app.close());

/** A guest order of `phone` whose transaction stays open a moment after its insert, as a checkout's does. */
const slowGuestOrder = (phone: string, n: number) =>
  app.database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into orders (session_id, idempotency_key, status, delivery_type, delivery, name, email,
        phone, items, discount, delivery_price, total)
      values ('race', ${`guests-race-${n}`}, 'new', 'SHOP', '{}'::jsonb, 'Гость', '', ${phone}, 1, 0, 0, 1000)`);
    await tx.execute(sql`select pg_sleep(0.02 * ${n % 5})`);
  });

it('50 guest orders of one phone while the list is read 20 times at once: the guest counts all 50', async () => {
  const phone = '79995550042';
  const listed = () =>
    manager.get(`${STAFF_API.customers}?who=guests&q=${phone}`).then(async (r) => {
      expect(r.status).toBe(200);
      return ((await r.json()) as { data: { items: { ordersCount: number }[] } }).data.items;
    });
  await Promise.all([
    ...Array.from({ length: 50 }, (_, n) => slowGuestOrder(phone, n)),
    ...Array.from({ length: 20 }, listed),
  ]);
  // Every order committed: the next view brings the guest up to date, whichever refresh saw which order.
  expect(await listed()).toEqual([expect.objectContaining({ ordersCount: 50 })]);
  const [kept] = await queryRows<{ orders_count: number }>(
    app.database.db,
    sql`select g.orders_count from guests g join guest_phones p on p.root = g.root where p.phone = ${phone}`,
  );
  expect(kept?.orders_count).toBe(50);
});
