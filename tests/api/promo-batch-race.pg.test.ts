import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { addStaff, loggedInStaff } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

// PostgreSQL only (vitest.config.ts): its pool runs the saves side by side. A batch's code is one use: the code's row
// lock queues the 50 orders that carry it, and only the first takes it.
let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;

beforeAll(async () => {
  app = await createTestApp({ ORDERS_PER_PHONE_DAY: '100' });
  ignorePoolErrorsOnClose(app.database.db);
  k = await checkoutKit(app);
});
afterAll(() => app.close());

it('50 orders at once with one code of a batch: one gets it, 49 hear it is used, the code counts one use', async () => {
  await addStaff(app, { email: 'race-promo@vyuga.test', role: 'merchandiser' });
  const merch = await loggedInStaff(app, 'race-promo@vyuga.test');
  const rule = `RACE${Date.now().toString(36).toUpperCase()}`;
  expect((await merch.call(STAFF_API.promocodes, { code: rule, kind: 'percent', value: 10 })).status).toBe(200);
  const made = await merch.call(STAFF_API.promocodeBatches.replace(':code', rule), { count: 5, prefix: 'RACE' });
  expect(made.status).toBe(200);
  const { batch } = (await made.json()).data as { batch: { id: number } };
  const [first] = await k.rows<{ code: string }>(
    sql`select code from promo_codes where batch_id = ${batch.id} order by code limit 1`,
  );
  const code = first?.code as string;

  const offer = (await offerFacts(app.database.db)).find((o) => !o.restricted && o.price >= 100_000) as OfferFacts;
  await k.stockOf(offer, 200, 1);
  const buyers = await Promise.all(Array.from({ length: 50 }, () => k.quickShopper(offer)));
  for (const { v } of buyers) {
    const applied = await (await k.rpc(v, 'sale.order.setPromocode', { promocode: code })).json();
    expect(applied).toEqual({ promocodeList: [code] });
  }
  const answers = await Promise.all(buyers.map(({ v, phone }) => k.rpc(v, 'sale.order.save', k.pickup(phone))));
  const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, body: await r.json() })));
  expect(
    bodies.filter((b) => b.status === 200),
    JSON.stringify(bodies.slice(0, 3)),
  ).toHaveLength(1);
  const refused = bodies.filter((b) => b.status !== 200);
  expect(new Set(refused.map((b) => JSON.stringify(b.body.error)))).toEqual(
    // They lost at the code's row lock, not at the page's check: every one had the code applied when it saved.
    new Set([JSON.stringify({ msg: `Промокод ${code} уже использован.`, code: 'sale.order/PROMOCODE_USED' })]),
  );
  expect(await k.rows(sql`select uses from promo_codes where code = ${code}`)).toEqual([{ uses: 1 }]);
  expect(await k.rows(sql`select count(*)::int as n from promo_code_uses where code = ${code}`)).toEqual([{ n: 1 }]);
  // The batch's other codes are untouched.
  expect(
    await k.rows(sql`select count(*)::int as n from promo_codes where batch_id = ${batch.id} and uses > 0`),
  ).toEqual([{ n: 1 }]);
});
