import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { type Db, queryRows } from '../../db/client';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { addStaff, STAFF_PASSWORD, staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

// PostgreSQL only (vitest.config.ts): orders, cancels and stock documents side by side on the pool, then every
// (offer, store)'s quantity must be the sum of its movements and its latest movement's quantity.
let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;

beforeAll(async () => {
  app = await createTestApp({ ORDERS_PER_PHONE_DAY: '1000' });
  ignorePoolErrorsOnClose(app.database.db);
  k = await checkoutKit(app);
});
afterAll(() => app.close());

/** The (offer, store) rows whose quantity is not what their movements say, and any negative stock. */
const broken = (db: Pick<Db, 'execute'>) =>
  queryRows<{ offer_id: number; store_id: number; quantity: number; sum: number | null; last: number | null }>(
    db,
    sql`select k.offer_id, k.store_id, k.quantity, m.sum, l.quantity as last
      from stock k
      left join (select offer_id, store_id, sum(delta)::int as sum from stock_movements group by 1, 2) m
        on m.offer_id = k.offer_id and m.store_id = k.store_id
      left join lateral (select quantity from stock_movements x where x.offer_id = k.offer_id and x.store_id = k.store_id
        order by x.id desc limit 1) l on true
      where k.quantity < 0 or k.quantity <> coalesce(m.sum, 0) or k.quantity <> coalesce(l.quantity, 0)`,
  );

/** Deterministic "random": the test reads the same each run. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

it('keeps quantity = sum of movements under 50 concurrent orders, cancels and documents', async () => {
  await addStaff(app, { email: 'race-merch@vyuga.test', role: 'merchandiser' });
  await addStaff(app, { email: 'race-manager@vyuga.test', role: 'manager' });
  const login = async (email: string) => {
    const b = await staffBrowser(app);
    expect((await b.login({ email, password: STAFF_PASSWORD })).status).toBe(200);
    return b;
  };
  const [merch, manager] = await Promise.all([login('race-merch@vyuga.test'), login('race-manager@vyuga.test')]);
  const offers = (await offerFacts(app.database.db))
    .filter((o) => !o.restricted && o.price >= 100_000)
    .slice(0, 3) as OfferFacts[];
  for (const offer of offers) await k.stockOf(offer, 20, 10);
  const rand = random(28);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T;

  // Orders to cancel while the rest goes on.
  const toCancel: number[] = [];
  for (let i = 0; i < 8; i++) {
    const offer = pick(offers);
    const { v, phone } = await k.quickShopper(offer);
    const res = await k.rpc(v, 'sale.order.save', k.pickup(phone));
    expect(res.status).toBe(200);
    toCancel.push(((await res.json()) as { id: number }).id);
  }
  const shoppers = await Promise.all(Array.from({ length: 17 }, () => k.quickShopper(pick(offers))));
  const stores = [k.stores.online, k.stores.movement, k.stores.shop];
  const kinds = ['receipt', 'writeoff', 'stocktake', 'transfer'] as const;

  const writes: (() => Promise<Response>)[] = [
    ...shoppers.map(
      ({ v, phone }) =>
        () =>
          k.rpc(v, 'sale.order.save', k.pickup(phone)),
    ),
    ...toCancel.map(
      (id) => () =>
        manager.call(STAFF_API.orderTransition.replace(':id', String(id)), { to: 'cancelled', reason: 'Гонка' }),
    ),
    ...Array.from({ length: 25 }, () => {
      const kind = pick(kinds);
      const storeId = pick(stores);
      const toStoreId = stores.find((s) => s !== storeId && rand() < 0.7) ?? stores.find((s) => s !== storeId);
      const lines = offers
        .filter(() => rand() < 0.6)
        .map((o) => ({ offerId: o.id, quantity: 1 + Math.floor(rand() * 4) }));
      return () =>
        merch.call(STAFF_API.stockDocuments, {
          kind,
          storeId,
          ...(kind === 'transfer' ? { toStoreId } : {}),
          reason: `Гонка: ${kind}`,
          lines: lines.length > 0 ? lines : [{ offerId: (offers[0] as OfferFacts).id, quantity: 1 }],
        });
    }),
  ].sort(() => rand() - 0.5);
  expect(writes).toHaveLength(50);

  const answers = await Promise.all(writes.map((w) => w()));
  const statuses = answers.map((r) => r.status);
  // A write-off or a transfer of more than there is, or an order when the last unit went, is refused; nothing fails.
  expect(
    statuses.every((s) => s === 200 || s === 409),
    JSON.stringify(statuses),
  ).toBe(true);
  expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(25);
  expect(await broken(app.database.db)).toEqual([]);
  // The documents made movements of their kinds, the orders and cancels theirs with the order ids.
  const kindsSeen = await k.rows<{ kind: string; n: number; unlinked: number }>(
    sql`select kind, count(*)::int as n, count(*) filter (where order_id is null)::int as unlinked
      from stock_movements where offer_id in ${offers.map((o) => o.id)} and kind in ('order', 'cancel') group by kind order by kind`,
  );
  expect(kindsSeen.map((r) => [r.kind, r.unlinked])).toEqual([
    ['cancel', 0],
    ['order', 0],
  ]);

  // The check bites: a stock change with no movement (the UPDATE trigger gone) is found.
  const caught = await app.database.db
    .transaction(async (tx) => {
      await tx.execute(sql`drop trigger stock_movements_update on stock`);
      await tx.execute(sql`update stock set quantity = quantity + 1 where offer_id = ${(offers[0] as OfferFacts).id}`);
      const found = await broken(tx);
      throw Object.assign(new Error('rollback'), { found });
    })
    .catch((error: { found?: unknown[] }) => error.found ?? []);
  expect(caught.length).toBeGreaterThan(0);
  expect(await broken(app.database.db)).toEqual([]);
}, 60_000);
