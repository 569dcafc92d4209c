import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { addStaff, loggedInStaff } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

// PostgreSQL only (vitest.config.ts): its pool runs the edits side by side, each waiting on the order's row lock and
// then on the stock rows, locked offer by offer and store by store.
let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;
let offers: OfferFacts[];
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
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted && o.price >= 100_000);
  await addStaff(app, { email: 'race-edit-manager@vyuga.test', role: 'manager' });
  await addStaff(app, { email: 'race-edit-shop@vyuga.test', role: 'shop', shopId: k.stores.shop });
  manager = await loggedInStaff(app, 'race-edit-manager@vyuga.test');
  shopStaff = await loggedInStaff(app, 'race-edit-shop@vyuga.test');
});
afterAll(() => app.close());

const edit = (who: Browser, id: number, body: Record<string, unknown>) =>
  who.call(STAFF_API.orderChanges.replace(':id', String(id)), body);

const stockOf = async (offer: OfferFacts) =>
  Number(
    (
      await k.rows<{ n: number }>(
        sql`select coalesce(sum(quantity), 0)::int as n from stock where offer_id = ${offer.id}`,
      )
    )[0]?.n,
  );
const heldOf = async (id: number, offer: OfferFacts) =>
  Number(
    (
      await k.rows<{ n: number }>(
        sql`select coalesce(sum(quantity), 0)::int as n from order_stock where order_id = ${id} and offer_id = ${offer.id}`,
      )
    )[0]?.n,
  );
const linesOf = async (id: number) =>
  (
    await k.rows<{ id: number; offer_id: number; quantity: number }>(
      sql`select id, offer_id, quantity from order_lines where order_id = ${id} order by id`,
    )
  ).map((l) => ({ id: Number(l.id), offerId: Number(l.offer_id), quantity: Number(l.quantity) }));

async function placed(offer: OfferFacts) {
  await k.stockOf(offer, 5, 5);
  const { v, phone } = await k.quickShopper(offer);
  const res = await k.rpc(v, 'sale.order.save', k.pickup(phone));
  expect(res.status).toBe(200);
  const { id } = (await res.json()) as { id: number };
  return { id, line: (await linesOf(id))[0]?.id as number };
}

it('two staff setting one line’s quantity 50 times at once: each edit applies whole, the last one stands, stock exact', async () => {
  const offer = offers[0] as OfferFacts;
  const { id, line } = await placed(offer);
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      edit(i % 2 ? manager : shopStaff, id, { action: 'quantity', lineId: line, quantity: 1 + (i % 5) }).then(
        (r) => r.status,
      ),
    ),
  );
  expect(new Set(answers)).toEqual(new Set([200]));
  const [kept] = await linesOf(id);
  const quantity = kept?.quantity as number;
  // Whichever edit came last under the lock decides; the stock, the holding and the sums all say the same.
  expect(await heldOf(id, offer)).toBe(quantity);
  expect(await stockOf(offer)).toBe(10 - quantity);
  const [order] = await k.rows<{ items: number }>(sql`select items from orders where id = ${id}`);
  expect(Number(order?.items)).toBe(offer.price * quantity);
  expect(
    await k.rows(
      sql`select count(*)::int as n from audit_log where action = 'order.edit' and entity_id = ${String(id)}`,
    ),
  ).toEqual([{ n: 50 }]);
});

it('50 additions of one unit at once against 6 in stock: 6 win, the rest are a clear 409, nothing oversold', async () => {
  const [first, added] = [offers[1], offers[2]] as [OfferFacts, OfferFacts];
  const { id } = await placed(first);
  await k.stockOf(added, 3, 3);
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      edit(i % 2 ? manager : shopStaff, id, { action: 'add', offerId: added.id, quantity: 1 }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { errors?: { message: string }[] },
      })),
    ),
  );
  expect(answers.filter((a) => a.status === 200)).toHaveLength(6);
  const refused = answers.filter((a) => a.status !== 200);
  expect(new Set(refused.map((a) => a.status))).toEqual(new Set([409]));
  expect(refused.every((a) => /^Столько нет в наличии/.test(a.body.errors?.[0]?.message ?? ''))).toBe(true);
  expect(await stockOf(added)).toBe(0);
  expect(await heldOf(id, added)).toBe(6);
  expect((await linesOf(id)).map((l) => [l.offerId, l.quantity])).toEqual([
    [first.id, 1],
    [added.id, 6],
  ]);
});
