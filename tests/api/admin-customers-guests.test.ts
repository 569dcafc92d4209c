import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { STAFF_API } from '../../contract/staff-api';
import { joinGuestOrders } from '../../db/repositories/guest-customers';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { type CheckoutKit, checkoutKit, freshPhone } from '../support/checkout';
import { readOutbox } from '../support/outbox';
import { addStaff, loggedInStaff, type staffBrowser } from '../support/staff';
import { createTestApp, newVisitor, type TestApp, type Visitor } from '../support/test-app';

let app: TestApp;
let offers: OfferFacts[];
let k: CheckoutKit;
let manager: Awaited<ReturnType<typeof staffBrowser>>;
let shop: Awaited<ReturnType<typeof staffBrowser>>;
let content: Awaited<ReturnType<typeof staffBrowser>>;
let merchandiser: Awaited<ReturnType<typeof staffBrowser>>;
let next = 0;

const PASSWORD = 'Тёплый-пуховик-2026';
const cardPath = (id: number | string) => STAFF_API.customer.replace(':id', String(id));

beforeAll(async () => {
  app = await createTestApp({ PHONE_CODES_PER_CLIENT: '10000', ORDERS_PER_PHONE_DAY: '100' });
  ignorePoolErrorsOnClose(app.database.db);
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted).slice(0, 8);
  k = await checkoutKit(app);
  await addStaff(app, { email: 'guests-manager@vyuga.test', role: 'manager' });
  await addStaff(app, { email: 'guests-shop@vyuga.test', role: 'shop', shopId: k.stores.shop });
  await addStaff(app, { email: 'guests-content@vyuga.test', role: 'content' });
  await addStaff(app, { email: 'guests-merch@vyuga.test', role: 'merchandiser' });
  [manager, shop, content, merchandiser] = await Promise.all([
    loggedInStaff(app, 'guests-manager@vyuga.test'),
    loggedInStaff(app, 'guests-shop@vyuga.test'),
    loggedInStaff(app, 'guests-content@vyuga.test'),
    loggedInStaff(app, 'guests-merch@vyuga.test'),
  ]);
});
afterAll(() => app.close());

type Item = { kind: string; id: number | string; name: string; email: string; phone: string; ordersCount: number };
type Lifetime = {
  allOrders: number;
  completed: number;
  completedSum: number;
  returns: { orders: number; sum: number; refunded: number; linesGivenBack: number };
  bonuses: { credited: number; spent: number };
};
type GuestCard = {
  kind: 'guest';
  id: string;
  phone: string;
  names: string[];
  emails: string[];
  orders: { id: number; total: number; email: string }[];
  lifetime: Lifetime;
  subscriptions: { productId: number; state: string; stateName: string }[];
  questions: { topicName: string; excerpt: string; answered: boolean }[];
};
type AccountCard = {
  kind: 'account';
  id: number;
  orders: { id: number }[];
  lifetime: Lifetime;
  subscriptions: { productId: number }[];
  questions: { excerpt: string }[];
};

const json = async <T>(res: Response) => (await res.json()) as T;
const list = async (query: string, who = manager) => {
  const res = await who.get(`${STAFF_API.customers}?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<{ data: { items: Item[]; total: number; pages: number } }>(res)).data;
};
const card = async <T>(id: number | string) => {
  const res = await manager.get(cardPath(id));
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<{ data: { customer: T } }>(res)).data.customer;
};
const orderCount = async (where: ReturnType<typeof sql>) =>
  Number((await k.rows<{ n: number }>(sql`select count(*)::int as n from orders where ${where}`))[0]?.n);

/** A guest's visitor: the phone confirmed on the session (as the code does), an offer in the cart. */
async function guestVisitor(phone: string): Promise<Visitor> {
  const offer = offers[next++ % offers.length] as OfferFacts;
  await k.stockOf(offer, 5, 5);
  const v = await newVisitor(app);
  await v.post(API.basketAdd, { offerId: offer.id });
  const id = decodeURIComponent(v.cookie.split('=')[1] ?? '').split('.')[0];
  await app.database.db.execute(sql`update sessions set confirmed_phone = ${phone} where id = ${id}`);
  return v;
}

/** An order a guest places through checkout, with `name` and `email`; its id. */
async function guestOrder(phone: string, fields: { name?: string; email?: string } = {}) {
  const v = await guestVisitor(phone);
  const res = await k.rpc(v, 'sale.order.save', {
    ...k.pickup(phone),
    name: fields.name ?? 'Вера Метелица',
    email: fields.email ?? `guest.${phone}@example.ru`,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const [row] = await k.rows<{ id: number }>(sql`select max(id) as id from orders where phone = ${phone}`);
  return Number(row?.id);
}

/** Registers an account on the visitor (its session's confirmed phone, if any, goes with `phone`). */
async function register(v: Visitor, email: string, phone = '') {
  const res = await v.post(API.authRegister, { name: 'Вера', email, phone, password: PASSWORD, agree: 'Y' });
  expect(res.status, await res.clone().text()).toBe(200);
  const { user, sessid } = (await json<{ data: { user: { id: number }; sessid: string } }>(res)).data;
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const me: Visitor = { ...v, cookie, sessid };
  me.get = (p, init) => app.fetch(p, { ...init, headers: { cookie } });
  me.post = (p, f) =>
    app.fetch(p, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(Object.entries({ ...f, sessid }).map(([a, b]) => [a, String(b)])).toString(),
    });
  return { userId: user.id, me };
}

describe('guests in «Покупатели» (issue 47.2)', () => {
  it('lists a guest once per phone with a stable id, finds them by phone, email and name, and shows their card', async () => {
    const phone = freshPhone();
    const surname = `Метелица${randomInt(0, 1e9)}`;
    const first = await guestOrder(phone, { name: `Вера ${surname}`, email: `Vera.${phone}@Example.ru` });
    const second = await guestOrder(phone, { name: `Вера ${surname}`, email: `other.${phone}@example.ru` });
    const [{ total: paid } = { total: 0 }] = await k.rows<{ total: number }>(
      sql`select total from orders where id = ${second}`,
    );
    // The first was cancelled; the second received: only it counts in the lifetime sum.
    await app.database.db.execute(sql`update orders set status = 'cancelled' where id = ${first}`);
    await app.database.db.execute(sql`update orders set status = 'completed' where id = ${second}`);
    const offer = offers[0] as OfferFacts;
    await app.database.db.execute(sql`insert into stock_alerts (offer_id, product_id, channel, address, state, token)
      values (${offer.id}, (select product_id from offers where id = ${offer.id}), 'sms', ${phone}, 'active',
        ${randomUUID()})`);
    const [{ product_id: productId } = { product_id: 0 }] = await k.rows<{ product_id: number }>(
      sql`select product_id from offers where id = ${offer.id}`,
    );
    await app.database.db.execute(sql`insert into questions (session_id, name, email, phone, topic, message)
      values ('s', 'Вера', ${`other.${phone}@example.ru`}, '', 'size', 'Подскажите размер пуховика на рост 170 см')`);

    const id = `guest-${first}`;
    for (const q of [
      phone,
      `+7 (${phone.slice(1, 4)}) ${phone.slice(4, 7)}-${phone.slice(7, 9)}-${phone.slice(9)}`,
      `vera.${phone}@example.ru`,
      surname,
      phone.slice(-6),
    ]) {
      const found = await list(`q=${encodeURIComponent(q)}`);
      expect(
        found.items.filter((i) => i.id === id),
        q,
      ).toEqual([expect.objectContaining({ kind: 'guest', id, phone, ordersCount: 2, name: `Вера ${surname}` })]);
    }
    expect((await list(`q=${phone}&who=guests`)).items.map((i) => i.id)).toEqual([id]);
    expect((await list(`q=${phone}&who=accounts`)).items).toEqual([]);
    expect((await list(`q=${surname}`)).total).toBe(1);

    const g = await card<GuestCard>(id);
    expect(g).toMatchObject({ kind: 'guest', id, phone, names: [`Вера ${surname}`] });
    expect(g.emails).toEqual([`other.${phone}@example.ru`, `vera.${phone}@example.ru`]);
    expect(g.orders.map((o) => o.id)).toEqual([second, first]);
    expect(g.lifetime).toMatchObject({ allOrders: 2, completed: 1, completedSum: paid / 100 });
    expect(g.lifetime.returns).toEqual({ orders: 0, sum: 0, refunded: 0, linesGivenBack: 0 });
    expect(g.subscriptions).toEqual([expect.objectContaining({ productId: Number(productId), state: 'active' })]);
    expect(g.questions).toEqual([
      expect.objectContaining({
        topicName: 'Подбор размера',
        answered: false,
        excerpt: expect.stringMatching(/^Подскажите/),
      }),
    ]);
    // Any order of the guest names them; an order that does not exist is not found.
    expect((await card<GuestCard>(`guest-${second}`)).id).toBe(id);
    const missing = await manager.get(cardPath('guest-999999999'));
    expect(missing.status).toBe(404);
    expect((await manager.get(cardPath('guest-x'))).status).toBe(404);
    expect((await manager.get(`${STAFF_API.customers}?who=everyone`)).status).toBe(400);
  });

  it('follows the orders: an email given at two phones makes them one guest, and its change two guests again', async () => {
    const [a, b] = [freshPhone(), freshPhone()];
    const first = await guestOrder(a, { email: `pair.${a}@example.ru` });
    const second = await guestOrder(b, { email: `own.${b}@example.ru` });
    const shown = async (phone: string) =>
      (await list(`q=${phone}&who=guests`)).items.map((i) => [i.id, i.ordersCount]);
    expect(await shown(b)).toEqual([[`guest-${second}`, 1]]);
    // The second phone's order gets the first's email (a staff correction): one guest, named by the first order.
    await app.database.db.execute(sql`update orders set email = ${`PAIR.${a}@example.ru `} where id = ${second}`);
    expect(await shown(b)).toEqual([[`guest-${first}`, 2]]);
    expect(await shown(a)).toEqual([[`guest-${first}`, 2]]);
    // And back: two guests, each with its own order.
    await app.database.db.execute(sql`update orders set email = ${`own.${b}@example.ru`} where id = ${second}`);
    expect(await shown(b)).toEqual([[`guest-${second}`, 1]]);
    expect(await shown(a)).toEqual([[`guest-${first}`, 1]]);
  });

  it('the timer’s regroup keeps the guests without a view of the list: their marks do not pile up', async () => {
    const phone = freshPhone();
    const first = await guestOrder(phone);
    await guestOrder(phone);
    const kept = () =>
      k.rows<{ marks: number; orders: number | null }>(
        sql`select (select count(*)::int from guest_marks where phone = ${phone}) as marks,
          (select g.orders_count from guests g where g.first_id = ${first}) as orders`,
      );
    expect(await kept()).toEqual([{ marks: expect.any(Number), orders: null }]);
    expect((await kept())[0]?.marks).toBeGreaterThan(0);
    await app.services.customersAdmin.regroupGuests();
    expect(await kept()).toEqual([{ marks: 0, orders: 2 }]);
  });

  it('an erased account’s orders (no account, no phone) are nobody’s: no guest in the list, no card', async () => {
    const [erased] = await k.rows<{ id: number }>(sql`
      insert into orders (session_id, idempotency_key, status, delivery_type, delivery, name, email, phone, items,
        discount, delivery_price, total)
      values ('erased', ${randomUUID()}, 'completed', 'SHOP', '{}'::jsonb, '', '', '', 1, 0, 0, 5000) returning id`);
    const guests = await list('who=guests');
    expect(guests.items.filter((i) => i.phone === '')).toEqual([]);
    expect((await manager.get(cardPath(`guest-${erased?.id}`))).status).toBe(404);
  });

  it('refuses the list and a guest card to a role without customers.read, showing nothing', async () => {
    const first = await guestOrder(freshPhone());
    for (const who of [shop, content, merchandiser]) {
      for (const address of [`${STAFF_API.customers}?who=guests`, cardPath(`guest-${first}`)]) {
        const res = await who.get(address);
        expect(res.status, address).toBe(403);
        expect(await res.text()).not.toContain('guest-');
      }
    }
    expect((await manager.get(cardPath(`guest-${first}`))).status).toBe(200);
  });

  it('joins the guest orders of the phone to an account registered with it, in one go, and the guest is gone', async () => {
    const phone = freshPhone();
    const first = await guestOrder(phone);
    await guestOrder(phone);
    const other = await guestOrder(freshPhone());
    const v = await guestVisitor(phone);
    const { userId } = await register(v, `joined.${randomUUID()}@example.ru`, phone);

    expect(await orderCount(sql`user_id = ${userId}`)).toBe(2);
    expect(await orderCount(sql`id = ${other} and user_id is null`)).toBe(1);
    const account = await card<AccountCard>(userId);
    expect(account.orders.map((o) => o.id).sort()).toContain(first);
    expect(account.lifetime.allOrders).toBe(2);
    expect((await list(`q=${phone}&who=guests`)).items).toEqual([]);
    expect((await list(`q=${phone}`)).items.map((i) => i.id)).toEqual([userId]);
    const gone = await manager.get(cardPath(`guest-${first}`));
    expect(gone.status).toBe(404);
    expect((await json<{ errors: { code: string; message: string }[] }>(gone)).errors[0]).toMatchObject({
      code: 'GUEST_JOINED',
      message: `Заказы этого гостя теперь в учётной записи покупателя № ${userId}.`,
    });
    // Joining again changes nothing: only orders without an account move.
    expect(await joinGuestOrders(app.database.db, userId, { phone })).toBe(0);
  });

  it('an unconfirmed email joins nothing; the letter’s link joins the orders placed with it, once', async () => {
    const phone = freshPhone();
    const email = `letter.${randomUUID()}@example.ru`;
    await guestOrder(phone, { email: email.toUpperCase() });
    const v = await newVisitor(app);
    const { userId } = await register(v, email);
    expect(await orderCount(sql`user_id = ${userId}`)).toBe(0);

    await app.outbox.deliver();
    const link = (await readOutbox(app, { to: email, channel: 'email' }))?.text.match(
      /\/auth\/confirm\/\?token=[^\s"<)]+/,
    )?.[0];
    expect(link).toBeDefined();
    expect((await app.fetch(link as string)).status).toBe(200);
    expect(await orderCount(sql`user_id = ${userId}`)).toBe(1);
    expect(await orderCount(sql`phone = ${phone} and user_id is null`)).toBe(0);
    expect(await joinGuestOrders(app.database.db, userId, { email })).toBe(0);
  });

  it('a logged-in shopper confirming a phone by SMS code takes that phone’s guest orders', async () => {
    const phone = freshPhone();
    await guestOrder(phone);
    await guestOrder(phone);
    const { userId, me } = await register(await newVisitor(app), `code.${randomUUID()}@example.ru`);
    expect((await me.post(API.phoneCodeSend, { phone })).status).toBe(200);
    await app.outbox.deliver();
    const code = (await readOutbox(app, { to: phone, channel: 'sms' }))?.text.match(/\d{6}/)?.[0] as string;
    const checked = await me.post(API.phoneCodeCheck, { phone, code });
    expect(checked.status, await checked.clone().text()).toBe(200);
    expect(await orderCount(sql`user_id = ${userId}`)).toBe(2);
    expect((await card<AccountCard>(userId)).lifetime.allOrders).toBe(2);
  });

  it('a phone another account has confirmed is refused, and its guest orders stay guests', async () => {
    const phone = freshPhone();
    const order = await guestOrder(phone);
    const owner = await register(await guestVisitor(phone), `owner.${randomUUID()}@example.ru`, phone);
    // An order placed as a guest after the account confirmed the phone stays the guest's until it is confirmed again.
    const later = await guestOrder(phone);
    expect(await orderCount(sql`id = ${order} and user_id = ${owner.userId}`)).toBe(1);
    const { userId, me } = await register(await newVisitor(app), `other.${randomUUID()}@example.ru`);
    await app.services.limits.reset(phone, app.services.limitRules.phoneCodeResend);
    expect((await me.post(API.phoneCodeSend, { phone })).status).toBe(200);
    await app.outbox.deliver();
    const code = (await readOutbox(app, { to: phone, channel: 'sms' }))?.text.match(/\d{6}/)?.[0] as string;
    const refused = await me.post(API.phoneCodeCheck, { phone, code });
    expect(refused.status).toBe(409);
    expect(await orderCount(sql`user_id = ${userId}`)).toBe(0);
    expect(await orderCount(sql`id = ${later} and user_id is null`)).toBe(1);
    const guest = await card<GuestCard & { account: { id: number } | null }>(`guest-${later}`);
    expect(guest.account?.id).toBe(owner.userId);
  });

  it('keeps the guests’ list fast with thousands of guest orders', async () => {
    // 3 000 guest orders over 1 000 phones, written straight to the table.
    await app.database.db.execute(sql`
      insert into orders (session_id, idempotency_key, status, delivery_type, delivery, name, email, phone, items,
        discount, delivery_price, total, created_at)
      select 'bulk', 'bulk-' || n, case when n % 5 = 0 then 'cancelled' else 'completed' end, 'SHOP', '{}'::jsonb,
        'Гость' || (n % 1000), 'bulk' || (n % 1000) || '@example.ru', '7999' || lpad((n % 1000)::text, 7, '0'),
        1, 0, 0, 1000 + n, now() - (n || ' minutes')::interval
      from generate_series(1, 3000) n`);
    await app.database.db.execute(sql`analyze orders`);
    const timed = async (query: string) => {
      const start = performance.now();
      const page = await list(query);
      return { page, ms: performance.now() - start };
    };
    await timed('who=guests'); // warm
    const all = await timed('who=guests');
    const everyone = await timed('');
    const search = await timed('q=bulk7%40example.ru');
    const phone = await timed('q=79990000042');
    const deep = await timed('who=guests&page=30');
    console.info(
      `customers list with 3000 guest orders: guests ${all.ms.toFixed(0)} ms, everyone ${everyone.ms.toFixed(0)} ms, ` +
        `email search ${search.ms.toFixed(0)} ms, phone ${phone.ms.toFixed(0)} ms, page 30 ${deep.ms.toFixed(0)} ms`,
    );
    expect(all.page.total).toBeGreaterThanOrEqual(1000);
    expect(all.page.items).toHaveLength(30);
    expect(phone.page.items).toEqual([expect.objectContaining({ ordersCount: 3, kind: 'guest' })]);
    expect(search.page.items.map((i) => i.email)).toContain('bulk7@example.ru');
    for (const t of [all, everyone, search, phone, deep]) expect(t.ms).toBeLessThan(1500);
  });
});
