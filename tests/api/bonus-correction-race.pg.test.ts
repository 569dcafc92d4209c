import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { addStaff, STAFF_PASSWORD, staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

// PostgreSQL only (vitest.config.ts): its pool runs the corrections side by side on the one card row.
let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;
let offer: OfferFacts;
let manager: Awaited<ReturnType<typeof staffBrowser>>;

beforeAll(async () => {
  app = await createTestApp({ WRITE_LIMIT_PER_SESSION: '1000', WRITE_LIMIT_PER_CLIENT: '1000' });
  ignorePoolErrorsOnClose(app.database.db);
  k = await checkoutKit(app);
  offer = (await offerFacts(app.database.db)).find((o) => !o.restricted) as OfferFacts;
  await addStaff(app, { email: 'bonus-race@vyuga.test', role: 'manager' });
  manager = await staffBrowser(app);
  expect((await manager.login({ email: 'bonus-race@vyuga.test', password: STAFF_PASSWORD })).status).toBe(200);
});
afterAll(() => app.close());

it('50 write-offs of 100 ₽ at once from a card holding 1 000 ₽: exactly 10 go through, the balance never below zero', async () => {
  const { userId } = await k.member(offer, { bonuses: 1_000_00 });
  const path = STAFF_API.customerBonus.replace(':id', String(userId));
  const answers = await Promise.all(
    Array.from({ length: 50 }, () => manager.call(path, { amount: -100, reason: 'Списание по акту' })),
  );
  const statuses = answers.map((r) => r.status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(10);
  expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
  const [card] = await k.rows<{ balance: number; operations: number; audit: number }>(
    sql`select c.bonus_balance as balance,
      (select count(*) from bonus_operations b where b.user_id = c.user_id and b.kind = 'correction')::int as operations,
      (select count(*) from audit_log a where a.action = 'customer.bonus' and a.entity_id = ${String(userId)})::int as audit
    from discount_cards c where c.user_id = ${userId}`,
  );
  expect({ balance: Number(card?.balance), operations: card?.operations, audit: card?.audit }).toEqual({
    balance: 0,
    operations: 10,
    audit: 10,
  });
});
