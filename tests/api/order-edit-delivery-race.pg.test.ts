import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { STAFF_API } from '../../contract/staff-api';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { addStaff, loggedInStaff } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

// PostgreSQL only (vitest.config.ts): staff changing one order's lines (a size swapped for another, a quantity) while
// shoppers order both sizes, side by side in the pool. Every writer locks the sizes' stock rows in one order (offer by
// offer, store by store): no deadlock, no 500, and every unit is either in stock or held by exactly one order.
let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;
let sizes: [OfferFacts, OfferFacts];
type Browser = Awaited<ReturnType<typeof loggedInStaff>>;
let manager: Browser;
let shopStaff: Browser;

beforeAll(async () => {
  app = await createTestApp({
    ORDERS_PER_PHONE_DAY: '100',
    WRITE_LIMIT_PER_SESSION: '1000',
    WRITE_LIMIT_PER_CLIENT: '1000',
  });
  ignorePoolErrorsOnClose(app.database.db);
  k = await checkoutKit(app);
  // Two sizes of one product, both on sale.
  const facts = new Map((await offerFacts(app.database.db)).filter((o) => !o.restricted).map((o) => [o.id, o]));
  const pairs = await k.rows<{ a: number; b: number }>(
    sql`select min(o.id) as a, max(o.id) as b from offers o where o.price > 0 group by o.product_id having count(*) >= 2`,
  );
  const pair = pairs.find((p) => facts.has(Number(p.a)) && facts.has(Number(p.b))) as { a: number; b: number };
  sizes = [facts.get(Number(pair.a)) as OfferFacts, facts.get(Number(pair.b)) as OfferFacts];
  await addStaff(app, { email: 'race-place-manager@vyuga.test', role: 'manager' });
  await addStaff(app, { email: 'race-place-shop@vyuga.test', role: 'shop', shopId: k.stores.shop });
  manager = await loggedInStaff(app, 'race-place-manager@vyuga.test');
  shopStaff = await loggedInStaff(app, 'race-place-shop@vyuga.test');
});
afterAll(() => app.close());

const units = async (offerId: number) => {
  const [row] = await k.rows<{ stock: number; held: number }>(sql`
    select (select coalesce(sum(quantity), 0) from stock where offer_id = ${offerId})::int as stock,
      (select coalesce(sum(quantity), 0) from order_stock where offer_id = ${offerId})::int as held`);
  return { stock: Number(row?.stock), held: Number(row?.held) };
};

it('50 at once: staff edits of one order’s lines and shoppers’ checkouts of the same sizes never deadlock', async () => {
  const [x, y] = sizes;
  for (const offer of sizes) await k.stockOf(offer, 10, 5);
  const { v, phone } = await k.quickShopper(x);
  const placed = await k.rpc(v, 'sale.order.save', k.pickup(phone));
  expect(placed.status, await placed.clone().text()).toBe(200);
  const { id } = (await placed.json()) as { id: number };
  const [line] = await k.rows<{ id: number }>(sql`select id from order_lines where order_id = ${id}`);
  // Shoppers with both sizes in the cart: each checkout locks one size's rows, then the other's.
  const shoppers = await Promise.all(
    Array.from({ length: 25 }, async () => {
      const s = await k.quickShopper(x);
      expect((await s.v.post(API.basketAdd, { offerId: y.id, quantity: 1 })).status).toBe(200);
      return s;
    }),
  );
  // Each swap of the size locks both sizes' rows in one go; a quantity locks one.
  const changes = [
    { action: 'size', lineId: Number(line?.id), offerId: y.id },
    { action: 'size', lineId: Number(line?.id), offerId: x.id },
    { action: 'size', lineId: Number(line?.id), offerId: y.id },
    { action: 'quantity', lineId: Number(line?.id), quantity: 2 },
    { action: 'size', lineId: Number(line?.id), offerId: x.id },
    { action: 'quantity', lineId: Number(line?.id), quantity: 1 },
  ];
  const answers = await Promise.all(
    Array.from({ length: 50 }, async (_, i) => {
      const res =
        i % 2 === 0
          ? await (i % 4 ? manager : shopStaff).call(
              STAFF_API.orderChanges.replace(':id', String(id)),
              changes[(i / 2) % changes.length] as Record<string, unknown>,
            )
          : await k.rpc(
              shoppers[(i - 1) / 2]?.v as never,
              'sale.order.save',
              k.pickup(shoppers[(i - 1) / 2]?.phone as string),
            );
      return { status: res.status, text: await res.text() };
    }),
  );
  // A refusal is the shop's own word (a size sold out, a change to the same size): never a 500 or a deadlock.
  const statuses = new Set(answers.map((a) => a.status));
  expect(
    [...statuses].every((s) => s === 200 || s === 400 || s === 409),
    JSON.stringify(answers),
  ).toBe(true);
  expect(answers.some((a) => /deadlock/i.test(a.text))).toBe(false);
  expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(10);
  // Stock exact: every unit is in a store or held by one order, and each order holds what its lines say.
  for (const offer of sizes) expect(await units(offer.id)).toMatchObject({ stock: expect.any(Number) });
  const total =
    (await units(x.id)).stock + (await units(x.id)).held + (await units(y.id)).stock + (await units(y.id)).held;
  expect(total).toBe(30);
  const mismatched = await k.rows(sql`
    select l.order_id, l.offer_id from (select order_id, offer_id, sum(quantity) as q from order_lines
        where offer_id in (${x.id}, ${y.id}) group by order_id, offer_id) l
      full join (select order_id, offer_id, sum(quantity) as q from order_stock
        where offer_id in (${x.id}, ${y.id}) group by order_id, offer_id) s
        on s.order_id = l.order_id and s.offer_id = l.offer_id
      where coalesce(l.q, 0) <> coalesce(s.q, 0)`);
  expect(mismatched).toEqual([]);
  for (const offer of sizes) expect((await units(offer.id)).stock).toBeGreaterThanOrEqual(0);
});
