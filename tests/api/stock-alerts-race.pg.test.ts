import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { API } from '../../contract/api';
import { STAFF_API } from '../../contract/staff-api';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { addStaff, loggedInStaff } from '../support/staff';
import { createTestApp, newVisitor, type TestApp } from '../support/test-app';

// PostgreSQL only (vitest.config.ts): its pool runs the stock documents and the sweeps side by side.
let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;
let offers: OfferFacts[];
let merch: Awaited<ReturnType<typeof loggedInStaff>>;

beforeAll(async () => {
  app = await createTestApp({ WRITE_LIMIT_PER_SESSION: '1000', WRITE_LIMIT_PER_CLIENT: '1000' });
  ignorePoolErrorsOnClose(app.database.db);
  k = await checkoutKit(app);
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted);
  await addStaff(app, { email: 'alerts-race@vyuga.test', role: 'merchandiser' });
  merch = await loggedInStaff(app, 'alerts-race@vyuga.test');
});
afterAll(() => app.close());

it('50 stock arrivals at once, with 50 sweeps besides: exactly one message per subscriber', async () => {
  const [first, second] = offers as [OfferFacts, OfferFacts];
  await k.stockOf(first, 0, 0);
  await k.stockOf(second, 0, 0);
  const addresses: string[] = [];
  for (let i = 0; i < 24; i++) {
    const offer = i % 2 ? second : first;
    const email = `race${i}@example.ru`;
    const res = await (await newVisitor(app)).post(API.stockSubscribe, { offerId: offer.id, email });
    expect(res.status).toBe(200);
    addresses.push(email);
  }
  // Confirmed (the opt-in is tested in stock-alerts.test.ts).
  await app.database.db.execute(sql`update stock_alerts set state = 'active', confirmed_at = now()`);

  const receipts = Array.from({ length: 50 }, (_, i) =>
    merch
      .call(STAFF_API.stockDocuments, {
        kind: 'receipt',
        storeId: k.stores.online,
        reason: `Поставка ${i}`,
        lines: [{ offerId: (i % 2 ? second : first).id, quantity: 1 }],
      })
      .then((r) => r.status),
  );
  const sweeps = Array.from({ length: 50 }, () => app.services.stockAlerts.sweep());
  const [statuses, results] = await Promise.all([Promise.all(receipts), Promise.all(sweeps)]);
  expect(new Set(statuses)).toEqual(new Set([200]));

  await vi.waitFor(
    async () => expect(await k.rows(sql`select 1 from stock_alerts where state <> 'sent'`)).toEqual([]),
    { timeout: 10_000 },
  );
  await app.services.stockAlerts.sweep();
  const perAddress = await k.rows<{ recipient: string; n: number }>(
    sql`select recipient, count(*)::int as n from outbox where kind = 'stock-alert' group by recipient order by recipient`,
  );
  expect(perAddress).toHaveLength(addresses.length);
  expect(perAddress.every((r) => r.n === 1)).toBe(true);
  expect(new Set(perAddress.map((r) => r.recipient))).toEqual(new Set(addresses));
  // The sweeps that ran directly claimed no row twice between them.
  expect(results.reduce((sum, r) => sum + r.sent, 0)).toBeLessThanOrEqual(addresses.length);
});
