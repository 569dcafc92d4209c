import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { queryRows } from '../../db/client';
import { checkoutApp, type CheckoutKit } from '../support/checkout';
import { readOutbox } from '../support/outbox';
import { addStaff, STAFF_PASSWORD, staffBrowser } from '../support/staff';
import { newVisitor, SHOP_ORIGIN, type TestApp } from '../support/test-app';

/**
 * Issue 45.7 (152-FZ): a shopper downloads what the shop keeps about them, and deletes the account with a code from
 * a letter: the person is gone, the order stays for accounting without them, the consents' withdrawal is recorded.
 */
let app: TestApp;
let k: CheckoutKit;
let offer: Awaited<ReturnType<typeof checkoutApp>>['offers'][number];
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(app.database.db, query);

beforeAll(async () => {
  const shop = await checkoutApp(1);
  app = shop.app;
  k = shop.k;
  offer = shop.offers[0] as typeof offer;
  await k.stockOf(offer, 5, 5);
});
afterAll(() => app.close());

/** A browser posting the cabinet's plain forms from the shop's own page, as the member `me`. */
function page(cookie: string) {
  return {
    get: (path: string) => app.fetch(path, { headers: { cookie }, redirect: 'manual' }),
    post: (path: string, fields: Record<string, string>) =>
      app.fetch(path, {
        method: 'POST',
        headers: { cookie, origin: SHOP_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      }),
  };
}

/** A member with a confirmed email, an order, an address and a newsletter subscription. */
async function memberWithHistory() {
  const { me, phone, userId } = await k.member(offer);
  // As the registration letter's link does.
  await app.database.db.execute(sql`update users set email_confirmed = true where id = ${userId}`);
  expect((await k.rpc(me, 'sale.order.save', k.pickup(phone))).status).toBe(200);
  const b = page(me.cookie);
  await b.post('/lk/address/', { intent: 'add', type: 'COURIER', city: 'Москва', street: 'Тверская', house: '7' });
  const [user] = await rows<{ email: string }>(sql`select email from users where id = ${userId}`);
  await me.post(API.subscribe, { email: user?.email as string, licenses_subscribe: 'Y' });
  return { me, b, userId, email: user?.email as string, phone };
}

/**
 * Another browser logs in as the member, puts the offer in the cart and in the wishlist, and logs out: its lines stay
 * the user's (for the next login) while its session is gone.
 */
async function linesFromEndedSession(email: string) {
  const v = await newVisitor(app);
  const res = await v.post(API.authLogin, { login: email, password: 'Тёплый-пуховик-2026' });
  expect(res.status).toBe(200);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const sessid = (await res.json()).data.sessid as string;
  const post = (path: string) =>
    app.fetch(path, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ offerId: String(offer.id), sessid }).toString(),
    });
  expect((await post(API.basketAdd)).status).toBe(200);
  expect((await post(API.wishlistAdd)).status).toBe(200);
  expect((await app.fetch('/?logout=y', { headers: { cookie }, redirect: 'manual' })).status).toBe(302);
}

/** The signed start the contacts page gives the feedback form; the form refuses it under 3 seconds old. */
async function feedbackStart() {
  const html = await (await app.fetch('/contacts/')).text();
  const token = html.match(/name="startToken" value="([^"]+)"/)?.[1] ?? '';
  const given = Date.now();
  return async () => {
    await new Promise((r) => setTimeout(r, Math.max(0, given + 3_100 - Date.now())));
    return token;
  };
}

it('gives the shopper their data as a file, and a guest none', async () => {
  const startToken = await feedbackStart();
  const { me, b, email, userId } = await memberWithHistory();
  const asked = { name: 'Анна', email, phone: '', topic: 'size', orderNumber: '', agree: 'Y' };
  const question = await me.post(API.feedbackAdd, {
    ...asked,
    message: 'Подойдёт ли пуховик размера 44 при росте 170 см?',
    startToken: await startToken(),
  });
  expect(question.status).toBe(200);
  const questionId = (await question.json()).data.id as number;
  await app.database.db.execute(sql`update questions set answer = 'Да, подойдёт.' where id = ${questionId}`);
  // Another visitor's question, with the same address, is not the member's.
  const other = await (await newVisitor(app)).post(API.feedbackAdd, {
    ...asked,
    message: 'Когда будет размер 52?',
    startToken: await startToken(),
  });
  expect(other.status).toBe(200);
  expect(await rows(sql`select 1 from questions where user_id = ${userId}`)).toHaveLength(1);

  await app.database.db.execute(sql`insert into stock_alerts (offer_id, product_id, channel, address, user_id, state, token)
    select id, product_id, 'email', ${email.toLowerCase()}, ${userId}, 'active', ${`export-${userId}`} from offers
    where id = ${offer.id}`);

  const res = await b.get('/lk/data/');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toMatch(
    /^attachment; filename="vyuga-moi-dannye-\d{4}-\d{2}-\d{2}\.json"$/,
  );
  expect(res.headers.get('cache-control')).toContain('no-store');
  const data = await res.json();
  expect(data.profile).toMatchObject({ email, name: 'Анна' });
  expect(data.addresses).toEqual([expect.objectContaining({ city: 'Москва', street: 'Тверская', house: '7' })]);
  expect(data.orders).toHaveLength(1);
  expect(data.orders[0].lines).toEqual([expect.objectContaining({ quantity: 1, priceKopecks: offer.price })]);
  expect(data.consents.map((c: { purpose: string }) => c.purpose)).toEqual(
    expect.arrayContaining(['registration', 'order', 'newsletter']),
  );
  expect(data.newsletter).toMatchObject({ email });
  expect(data.discountCard).toMatchObject({ bonusBalanceKopecks: 0 });
  // What a shopper wrote to the shop: their questions, with the shop's answers.
  expect(data.questions).toEqual([
    {
      at: expect.any(String),
      topic: 'size',
      message: 'Подойдёт ли пуховик размера 44 при росте 170 см?',
      answer: 'Да, подойдёт.',
    },
  ]);

  expect(data.stockAlerts).toEqual([
    expect.objectContaining({ offerId: offer.id, channel: 'email', address: email.toLowerCase(), state: 'active' }),
  ]);
  expect(data.reviews).toEqual([]);

  const guest = await app.fetch('/lk/data/', { redirect: 'manual' });
  expect(guest.status).toBe(302);
  expect(guest.headers.get('location')).toContain('/auth/');
});

it('deletes the account with the code from the letter, keeping the order for accounting without the person', async () => {
  const { me, b, userId, email, phone } = await memberWithHistory();
  const [order] = await rows<{ id: number; total: number }>(
    sql`select id, total from orders where user_id = ${userId}`,
  );
  await linesFromEndedSession(email);
  const delays = (await rows<{ delay: boolean }>(sql`select delay from basket_lines where user_id = ${userId}`)).map(
    (r) => r.delay,
  );
  expect(delays.sort()).toEqual([false, true]);

  // What issue 44 keeps of a person: a stock alert of the account, one by the same address as a guest (already
  // told: one open per address), a review.
  await app.database.db.execute(sql`insert into stock_alerts (offer_id, product_id, channel, address, user_id, state, token)
    select id, product_id, 'email', ${email.toLowerCase()}, user_id,
      case when user_id is null then 'sent' else 'active' end, 'erase-' || coalesce(user_id, 0) || '-' || ${userId}
    from offers, (values (${userId}::int), (null::int)) as who(user_id) where id = ${offer.id}`);
  await app.database.db.execute(sql`insert into reviews (product_id, model_id, offer_id, order_id, order_line_id, user_id,
      author_name, rating, text, fit, size, state)
    select l.product_id, p.model_id, l.offer_id, o.id, l.id, ${userId}, 'Анна', 5, 'Тёплый и лёгкий пуховик.', 'true',
      l.size_name, 'published'
    from orders o join order_lines l on l.order_id = o.id join products p on p.id = l.product_id
    where o.user_id = ${userId} limit 1`);

  const asked = await b.post('/lk/delete/', { intent: 'ask' });
  expect(await asked.text()).toContain(`Код отправлен на ${email}`);
  await app.outbox.deliver();
  const code = (await readOutbox(app, { to: email, channel: 'email' }))?.text.match(/\b\d{6}\b/)?.[0] as string;
  expect(code).toMatch(/^\d{6}$/);

  const wrong = await b.post('/lk/delete/', {
    intent: 'confirm',
    code: code === '000000' ? '111111' : '000000',
    sentTo: email,
  });
  expect(await wrong.text()).toContain('Код не подходит или устарел');
  expect(await rows(sql`select 1 from users where id = ${userId}`)).toHaveLength(1);

  const done = await b.post('/lk/delete/', { intent: 'confirm', code, sentTo: email });
  expect(done.status).toBe(302);
  expect(done.headers.get('location')).toBe('/lk/delete/?deleted=1');

  expect(await rows(sql`select 1 from users where id = ${userId}`)).toEqual([]);
  expect(await rows(sql`select 1 from addresses where user_id = ${userId}`)).toEqual([]);
  expect(await rows(sql`select 1 from subscriptions where email = ${email}`)).toEqual([]);
  expect(await rows(sql`select 1 from discount_cards where user_id = ${userId}`)).toEqual([]);
  // Nothing more is sent to the person; their review stays without them.
  expect(await rows(sql`select 1 from stock_alerts where address = ${email.toLowerCase()}`)).toEqual([]);
  expect(await rows(sql`select user_id, author_name from reviews where text = 'Тёплый и лёгкий пуховик.'`)).toEqual([
    { user_id: null, author_name: 'Покупатель' },
  ]);
  // The cart and the wishlist go too, those a logged-out browser left as well as the current session's.
  expect(await rows(sql`select 1 from basket_lines where user_id = ${userId}`)).toEqual([]);
  const [kept] = await rows<{ user_id: number | null; name: string; phone: string; email: string; total: number }>(
    sql`select user_id, name, phone, email, total from orders where id = ${order?.id}`,
  );
  expect(kept).toEqual({ user_id: null, name: '', phone: '', email: '', total: order?.total });
  const [withdrawal] = await rows<{ subjects: string[]; purposes: string[]; reason: string }>(
    sql`select subjects, purposes, reason from consent_withdrawals where user_id = ${userId}`,
  );
  expect(withdrawal?.reason).toBe('account-deleted');
  expect(withdrawal?.subjects).toContain(email);
  expect(withdrawal?.purposes).toEqual(expect.arrayContaining(['registration', 'newsletter']));
  // The consents stay as the proof of what was given.
  expect((await rows(sql`select 1 from consents where lower(subject) = lower(${email})`)).length).toBeGreaterThan(0);
  // The old session is no longer anyone's, and nobody logs in with the address.
  const state = await (await me.get(API.userState)).json();
  expect(state.data.user.auth).toBe(false);
  expect(phone).toMatch(/^7\d{10}$/);
});

it('an email typed into the profile and never confirmed reaches nothing given under it: not exported, not erased', async () => {
  // Somebody else's address: a newsletter subscription (with its consent) and a stock alert given without an account.
  const victim = `victim.${Date.now()}@example.ru`;
  const guest = await newVisitor(app);
  expect((await guest.post(API.subscribe, { email: victim, licenses_subscribe: 'Y' })).status).toBe(200);
  await app.database.db.execute(sql`insert into stock_alerts (offer_id, product_id, channel, address, state, token)
    select id, product_id, 'email', ${victim}, 'active', ${`victim-${victim}`} from offers where id = ${offer.id}`);
  const { me, userId } = await k.member(offer);
  const b = page(me.cookie);
  const own = await rows<{ email: string }>(sql`select email from users where id = ${userId}`);
  await app.database.db.execute(sql`update users set email = ${victim}, email_confirmed = false where id = ${userId}`);

  const data = await (await b.get('/lk/data/')).json();
  // The account's own registration is its consent; the address's newsletter is not.
  expect(data.consents).toEqual([expect.objectContaining({ purpose: 'registration', subject: own[0]?.email })]);
  expect(data.newsletter).toBeNull();

  await b.post('/lk/delete/', { intent: 'ask' });
  await app.outbox.deliver();
  const code = (await readOutbox(app, { to: victim, channel: 'email' }))?.text.match(/\b\d{6}\b/)?.[0] as string;
  expect((await b.post('/lk/delete/', { intent: 'confirm', code, sentTo: victim })).status).toBe(302);
  expect(await rows(sql`select 1 from users where id = ${userId}`)).toEqual([]);
  expect(await rows(sql`select 1 from subscriptions where email = ${victim}`)).toHaveLength(1);
  expect(await rows(sql`select 1 from stock_alerts where address = ${victim}`)).toHaveLength(1);
  const [withdrawal] = await rows<{ subjects: string[]; purposes: string[] }>(
    sql`select subjects, purposes from consent_withdrawals where user_id = ${userId}`,
  );
  expect(withdrawal?.subjects).not.toContain(victim);
  expect(withdrawal?.purposes).toEqual(['registration']);
});

it('refuses a sixth wrong code in a quarter of an hour', async () => {
  const { b } = await memberWithHistory();
  await b.post('/lk/delete/', { intent: 'ask' });
  for (let i = 0; i < 5; i++) await b.post('/lk/delete/', { intent: 'confirm', code: 'abc' });
  const sixth = await b.post('/lk/delete/', { intent: 'confirm', code: '123456' });
  expect(await sixth.text()).toContain('Слишком много попыток');
});

describe('on a written request, in the back office', () => {
  const staffOf = async (role: 'manager' | 'content' | 'owner') => {
    const email = `${role}.${Date.now()}@example.ru`;
    await addStaff(app, { email, role });
    const s = await staffBrowser(app);
    expect((await s.login({ email, password: STAFF_PASSWORD })).status).toBe(200);
    return s;
  };
  const audit = (action: string, id: number) =>
    rows<{ changes: Record<string, unknown> }>(
      sql`select changes from audit_log where action = ${action} and entity_id = ${String(id)}`,
    );

  it('exports and erases a customer, each audited with the request and without the person', async () => {
    const { userId, email } = await memberWithHistory();
    const manager = await staffOf('manager');
    const path = `/admin/customers/${userId}/`;
    const bare = await manager.form(`${path}data/`, { request: '' });
    expect(bare.status).toBe(400);
    expect(await bare.text()).toContain('Укажите заявление покупателя');
    expect(await audit('customer.export', userId)).toEqual([]);

    const file = await manager.form(`${path}data/`, { request: 'Заявление № 12 от 01.12.2026' });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect((await file.json()).profile.email).toBe(email);
    expect(await audit('customer.export', userId)).toEqual([
      { changes: { request: { before: null, after: 'Заявление № 12 от 01.12.2026' } } },
    ]);

    const unconfirmed = await manager.form(path, { intent: 'erase', request: 'Заявление № 13' });
    expect(unconfirmed.status).toBe(400);
    expect(await rows(sql`select 1 from users where id = ${userId}`)).toHaveLength(1);
    const erased = await manager.form(path, { intent: 'erase', request: 'Заявление № 13', confirm: 'yes' });
    expect(erased.status).toBe(302);
    expect(await rows(sql`select 1 from users where id = ${userId}`)).toEqual([]);
    const [entry] = await audit('customer.erase', userId);
    expect(JSON.stringify(entry?.changes)).toContain('Заявление № 13');
    expect(JSON.stringify(entry?.changes)).not.toContain(email);
    const [withdrawal] = await rows<{ reason: string }>(
      sql`select reason from consent_withdrawals where user_id = ${userId}`,
    );
    expect(withdrawal?.reason).toBe('written-request');
  });

  it('refuses a role that may not, writing nothing', async () => {
    const { userId } = await memberWithHistory();
    const content = await staffOf('content');
    const res = await content.form(`/admin/customers/${userId}/`, {
      intent: 'erase',
      request: 'Заявление № 14',
      confirm: 'yes',
    });
    expect(res.status).toBe(403);
    expect(await rows(sql`select 1 from users where id = ${userId}`)).toHaveLength(1);
    expect(await audit('customer.erase', userId)).toEqual([]);
  });

  it('shows the owner the open alerts on the dashboard', async () => {
    const owner = await staffOf('owner');
    await app.services.alerts.check({ diskUsedPercent: 99 });
    const page = await (await owner.get('/admin/')).text();
    expect(page).toContain('Требует внимания');
    expect(page).toContain('Диск с данными магазина почти заполнен');
  });
});
