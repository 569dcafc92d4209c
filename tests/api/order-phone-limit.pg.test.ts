import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit, freshPhone } from '../support/checkout';
import { createTestApp, type TestApp } from '../support/test-app';

// PostgreSQL only (vitest.config.ts): its pool runs the saves side by side.
let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;

beforeAll(async () => {
  app = await createTestApp({ ORDERS_PER_PHONE_DAY: '3' });
  ignorePoolErrorsOnClose(app.database.db);
  k = await checkoutKit(app);
});
afterAll(() => app.close());

it('50 saves of one phone at once place exactly the day’s limit of orders', async () => {
  const offer = (await offerFacts(app.database.db)).find((o) => !o.restricted) as OfferFacts;
  await k.stockOf(offer, 0, 100);
  const phone = freshPhone();
  const buyers = [];
  for (let i = 0; i < 50; i++) {
    const buyer = await k.quickShopper(offer);
    const id = decodeURIComponent(buyer.v.cookie.split('=')[1] ?? '').split('.')[0];
    await app.database.db.execute(sql`update sessions set confirmed_phone = ${phone} where id = ${id}`);
    buyers.push(buyer.v);
  }
  const answers = await Promise.all(
    buyers.map(async (v) => {
      const res = await k.rpc(v, 'sale.order.save', k.pickup(phone));
      return res.status === 200 ? 'ok' : (await res.json()).error.code;
    }),
  );
  expect(answers.filter((a) => a === 'ok')).toHaveLength(3);
  expect(new Set(answers.filter((a) => a !== 'ok'))).toEqual(new Set(['sale.order/ERROR_ORDER_LIMIT']));
  expect(await k.rows(sql`select count(*)::int as n from orders where phone = ${phone}`)).toEqual([{ n: 3 }]);
});
