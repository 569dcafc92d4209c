import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { STAFF_API } from '../../contract/staff-api';
import type { Db } from '../../db/client';
import { customersAdminReads } from '../../db/repositories/customers-admin';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { type CheckoutKit, checkoutKit, freshPhone } from '../support/checkout';
import { readOutbox } from '../support/outbox';
import { addStaff, loggedInStaff, type staffBrowser } from '../support/staff';
import { createTestApp, newVisitor, type TestApp, type Visitor } from '../support/test-app';

/** Guests grouped by phone OR email (issue 47.2): orders sharing a phone or an email are one guest. */

let app: TestApp;
let offers: OfferFacts[];
let k: CheckoutKit;
let manager: Awaited<ReturnType<typeof staffBrowser>>;
let next = 0;

const cardPath = (id: number | string) => STAFF_API.customer.replace(':id', String(id));

beforeAll(async () => {
  app = await createTestApp({ PHONE_CODES_PER_CLIENT: '10000', ORDERS_PER_PHONE_DAY: '100' });
  ignorePoolErrorsOnClose(app.database.db);
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted).slice(0, 8);
  k = await checkoutKit(app);
  await addStaff(app, { email: 'by-email-manager@vyuga.test', role: 'manager' });
  manager = await loggedInStaff(app, 'by-email-manager@vyuga.test');
});
afterAll(() => app.close());

type Item = { kind: string; id: number | string; email: string; phone: string; ordersCount: number };
type GuestCard = {
  kind: 'guest';
  id: string;
  phone: string;
  phones: string[];
  emails: string[];
  orders: { id: number; phone: string }[];
  lifetime: { allOrders: number };
};

const list = async (query: string) => {
  const res = await manager.get(`${STAFF_API.customers}?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: { items: Item[]; total: number } }).data;
};
const card = async (id: number | string) => {
  const res = await manager.get(cardPath(id));
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: { customer: GuestCard } }).data.customer;
};
const userOf = async (id: number) =>
  (await k.rows<{ user_id: number | null }>(sql`select user_id from orders where id = ${id}`))[0]?.user_id ?? null;

/** An order a guest places through checkout with `phone` (confirmed on the session) and `email`; its id. */
async function guestOrder(phone: string, email: string) {
  const offer = offers[next++ % offers.length] as OfferFacts;
  await k.stockOf(offer, 5, 5);
  const v = await newVisitor(app);
  await v.post(API.basketAdd, { offerId: offer.id });
  const session = decodeURIComponent(v.cookie.split('=')[1] ?? '').split('.')[0];
  await app.database.db.execute(sql`update sessions set confirmed_phone = ${phone} where id = ${session}`);
  const res = await k.rpc(v, 'sale.order.save', { ...k.pickup(phone), name: 'Вера Метелица', email });
  expect(res.status, await res.clone().text()).toBe(200);
  const [row] = await k.rows<{ id: number }>(sql`select max(id) as id from orders where phone = ${phone}`);
  return Number(row?.id);
}

async function register(v: Visitor, email: string) {
  const res = await v.post(API.authRegister, {
    name: 'Вера',
    email,
    phone: '',
    password: 'Тёплый-пуховик-2026',
    agree: 'Y',
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: { user: { id: number } } }).data.user.id;
}

describe('guests by phone or email (issue 47.2)', () => {
  it('merges the orders of two phones that gave one email into one guest, listed once, with both phones', async () => {
    const [p1, p2, p3] = [freshPhone(), freshPhone(), freshPhone()];
    const shared = `shared.${randomUUID()}@example.ru`;
    const a = await guestOrder(p1, shared);
    const b = await guestOrder(p2, shared.toUpperCase());
    // Linked through p2 only: its own email is another one.
    const c = await guestOrder(p2, `own.${randomUUID()}@example.ru`);
    const stranger = await guestOrder(p3, `stranger.${randomUUID()}@example.ru`);

    for (const q of [p1, p2, shared]) {
      const found = await list(`q=${encodeURIComponent(q)}&who=guests`);
      expect(found.items, q).toEqual([expect.objectContaining({ kind: 'guest', id: `guest-${a}`, ordersCount: 3 })]);
      expect(found.total, q).toBe(1);
    }
    expect((await list(`q=${p3}&who=guests`)).items.map((i) => i.id)).toEqual([`guest-${stranger}`]);

    const g = await card(`guest-${c}`);
    expect(g.id).toBe(`guest-${a}`);
    expect(g.phones).toEqual([p2, p1]);
    expect(g.phone).toBe(p2);
    expect(g.emails).toEqual([expect.stringMatching(/^own\./), shared]);
    expect(g.orders.map((o) => o.id)).toEqual([c, b, a]);
    expect(g.orders.map((o) => o.phone)).toEqual([p2, p2, p1]);
    expect(g.lifetime.allOrders).toBe(3);
    expect((await card(`guest-${stranger}`)).orders.map((o) => o.id)).toEqual([stranger]);
  });

  it('an account confirming the email takes that email’s orders of both phones; the rest stays a guest', async () => {
    const [p1, p2] = [freshPhone(), freshPhone()];
    const email = `joined.${randomUUID()}@example.ru`;
    const a = await guestOrder(p1, email);
    const b = await guestOrder(p2, email);
    const c = await guestOrder(p2, `other.${randomUUID()}@example.ru`);
    expect((await card(`guest-${b}`)).id).toBe(`guest-${a}`);

    const userId = await register(await newVisitor(app), email);
    expect(await userOf(a)).toBeNull(); // an unconfirmed address takes nothing
    await app.outbox.deliver();
    const link = (await readOutbox(app, { to: email, channel: 'email' }))?.text.match(
      /\/auth\/confirm\/\?token=[^\s"<)]+/,
    )?.[0];
    expect(link).toBeDefined();
    expect((await app.fetch(link as string)).status).toBe(200);

    expect([await userOf(a), await userOf(b), await userOf(c)]).toEqual([userId, userId, null]);
    // What is left of the guest is named by its own first order now.
    const rest = await card(`guest-${c}`);
    expect(rest).toMatchObject({ id: `guest-${c}`, phones: [p2] });
    expect(rest.orders.map((o) => o.id)).toEqual([c]);
    expect((await manager.get(cardPath(`guest-${a}`))).status).toBe(404);
    expect((await list(`q=${p1}&who=guests`)).items).toEqual([]);
  });

  it('groups thousands of guest orders as union-find does, fast (EXPLAIN ANALYZE printed)', async () => {
    // 3 000 guest orders: 1 500 phones of two orders each; every third order gives one of 400 shared emails, the
    // rest an email of their own, so phones link into groups of various sizes.
    await app.database.db.execute(sql`
      insert into orders (session_id, idempotency_key, status, delivery_type, delivery, name, email, phone, items,
        discount, delivery_price, total, created_at)
      select 'bulk-links', 'bulk-links-' || n, 'completed', 'SHOP', '{}'::jsonb, 'Гость' || n,
        case when n % 3 = 0 then 'Link' || (n % 400) || '@example.ru' else 'solo' || n || '@example.ru' end,
        '7997' || lpad((n % 1500)::text, 7, '0'), 1, 0, 0, 1000 + n, now() - (n || ' minutes')::interval
      from generate_series(1, 3000) n`);
    await app.database.db.execute(sql`analyze orders`);

    // The expected groups: union-find over every guest order of the database, by phone and by email.
    const orders = await k.rows<{ id: number; phone: string; email: string }>(
      sql`select id, phone, lower(trim(email)) as email from orders where user_id is null and phone <> ''`,
    );
    const parent = new Map<string, string>();
    const find = (x: string): string => {
      const p = parent.get(x) ?? x;
      if (p === x) return x;
      const root = find(p);
      parent.set(x, root);
      return root;
    };
    const union = (x: string, y: string) => {
      const [rx, ry] = [find(x), find(y)];
      if (rx !== ry) parent.set(rx, ry);
    };
    for (const o of orders) {
      find(`p:${o.phone}`);
      if (o.email) union(`p:${o.phone}`, `e:${o.email}`);
    }
    const groups = new Map<string, number[]>();
    for (const o of orders) {
      const root = find(`p:${o.phone}`);
      groups.set(root, [...(groups.get(root) ?? []), Number(o.id)]);
    }

    const db = app.database.db;
    const reads = customersAdminReads(db);
    const all = await reads.list({ who: 'guests', limit: groups.size, offset: 0 });
    expect(all.total).toBe(groups.size);
    const expected = new Map([...groups.values()].map((ids) => [`guest-${Math.min(...ids)}`, ids.length]));
    expect(new Map(all.rows.map((r) => [String(r.id), r.ordersCount]))).toEqual(expected);
    // A group several phones big is one guest, and its card agrees.
    const big = [...groups.values()].sort((x, y) => y.length - x.length)[0] as number[];
    expect(big.length).toBeGreaterThan(2);
    const bigCard = await card(`guest-${Math.max(...big)}`);
    expect(bigCard.id).toBe(`guest-${Math.min(...big)}`);
    expect(bigCard.lifetime.allOrders).toBe(big.length);

    // Timing: the first page of guests, of everyone, a search; and the plan of the guests' statement.
    const timed = async (q: Parameters<typeof reads.list>[0]) => {
      await reads.list(q);
      const start = performance.now();
      for (let i = 0; i < 5; i++) await reads.list(q);
      return (performance.now() - start) / 5;
    };
    const ms = {
      guests: await timed({ who: 'guests', limit: 30, offset: 0 }),
      everyone: await timed({ limit: 30, offset: 0 }),
      search: await timed({ text: 'link7@example.ru', limit: 30, offset: 0 }),
      page30: await timed({ who: 'guests', limit: 30, offset: 870 }),
    };
    const plans: string[] = [];
    const explaining = {
      execute: async (q: SQL) => {
        const text = JSON.stringify(
          q.queryChunks.map((c) => (typeof c === 'object' && c && 'value' in c ? c.value : '')),
        );
        if (text.includes('select g.* from guests g')) {
          const res = (await db.execute(sql`explain (analyze, buffers off) ${q}`)) as unknown as {
            rows: Record<string, string>[];
          };
          plans.push(res.rows.map((r) => Object.values(r)[0]).join('\n'));
        }
        return db.execute(q);
      },
    } as unknown as Db;
    await customersAdminReads(explaining).list({ who: 'guests', limit: 30, offset: 0 });
    console.info(
      `guests by phone or email, ${orders.length} guest orders in ${groups.size} guests: ` +
        `guests ${ms.guests.toFixed(1)} ms, everyone ${ms.everyone.toFixed(1)} ms, search ${ms.search.toFixed(1)} ms, ` +
        `page 30 ${ms.page30.toFixed(1)} ms (${app.database.kind})\n${plans[0]}`,
    );
    expect(plans).toHaveLength(1);
    expect(ms.guests).toBeLessThan(1000);
  });
});
