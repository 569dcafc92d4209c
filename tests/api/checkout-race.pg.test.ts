import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { createTestApp, type TestApp } from '../support/test-app';

// PostgreSQL only (vitest.config.ts): its pool runs the saves side by side. Some shoppers lose in the transaction,
// some load their cart after the last unit is gone; both must hear which size sold out, not that the cart is empty.
let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;

beforeAll(async () => {
  app = await createTestApp({ ORDERS_PER_PHONE_DAY: '100' });
  ignorePoolErrorsOnClose(app.database.db);
  k = await checkoutKit(app);
});
afterAll(() => app.close());

it('sells exactly the last unit to 50 saves at once and tells every other shopper which size sold out', async () => {
  const offer = (await offerFacts(app.database.db)).find((o) => !o.restricted) as OfferFacts;
  await k.stockOf(offer, 50);
  const buyers = await Promise.all(Array.from({ length: 50 }, () => k.quickShopper(offer)));
  await k.stockOf(offer, 0, 1);
  const [line] = await k.rows<{ name: string; size_name: string }>(sql`
    select p.name, o.size_name from offers o join products p on p.id = o.product_id where o.id = ${offer.id}`);
  // All in flight together, started 10 ms apart: the later ones read their cart after the unit is sold.
  const answers = await Promise.all(
    buyers.map(async ({ v, phone }, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 10));
      return k.rpc(v, 'sale.order.save', k.pickup(phone));
    }),
  );
  const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, body: await r.json() })));
  expect(bodies.filter((b) => b.status === 200)).toHaveLength(1);
  const refused = bodies.filter((b) => b.status !== 200);
  expect(new Set(refused.map((b) => JSON.stringify([b.status, b.body.error])))).toEqual(
    new Set([
      JSON.stringify([
        409,
        {
          msg: `«${line?.name}», размер ${line?.size_name}: столько нет в наличии.`,
          code: 'sale.order/NOT_ENOUGH_STOCK',
        },
      ]),
    ]),
  );
  expect(await k.rows(sql`select sum(quantity)::int as n from stock where offer_id = ${offer.id}`)).toEqual([{ n: 0 }]);
  expect(await k.rows(sql`select count(*)::int as n from order_lines where offer_id = ${offer.id}`)).toEqual([
    { n: 1 },
  ]);
});
