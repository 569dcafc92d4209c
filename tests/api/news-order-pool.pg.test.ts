import { afterAll, beforeAll, expect, it } from 'vitest';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { type CheckoutKit, checkoutKit } from '../support/checkout';
import { listOutbox } from '../support/outbox';
import { createTestApp, type TestApp } from '../support/test-app';

// PostgreSQL only (vitest.config.ts): the pool's connections are what the orders' transactions hold.
let app: TestApp;
let k: CheckoutKit;
let offer: OfferFacts;

beforeAll(async () => {
  // A pool of three: three orders' transactions hold all of it.
  app = await createTestApp({ ORDERS_PER_PHONE_DAY: '100' }, { poolSize: 3 });
  ignorePoolErrorsOnClose(app.database.db);
  k = await checkoutKit(app);
  offer = (await offerFacts(app.database.db)).find((o) => !o.restricted) as OfferFacts;
  await k.stockOf(offer, 20, 20);
});
afterAll(() => app.close());

it('8 orders signing up for the news at once on a pool of three: all placed, each address asked to confirm', async () => {
  // The letter's limit is a write of its own: counted inside an order's transaction it would need a second
  // connection while the transactions held them all, and every save would wait for ever.
  const shoppers = await Promise.all(Array.from({ length: 8 }, () => k.quickShopper(offer)));
  const saves = await Promise.all(
    shoppers.map((s) => k.rpc(s.v, 'sale.order.save', { ...k.pickup(s.phone), isSubscribe: 'Y' })),
  );
  expect(saves.map((r) => r.status)).toEqual(Array(8).fill(200));
  await app.outbox.deliver();
  const asked = (await listOutbox(app)).filter((m) => m.kind === 'newsletter-confirm').map((m) => m.to);
  expect(asked.sort()).toEqual(shoppers.map((s) => `order.${s.phone}@example.ru`).sort());
}, 60_000);
