import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, RPC_PATH } from '../../contract/api';
import { queryRows } from '../../db/client';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { readOutbox } from '../support/outbox';
import { createTestApp, newVisitor, SHOP_ORIGIN, type TestApp } from '../support/test-app';

/**
 * Issue 24.5 and 24.7: the page forms are guarded like the API (decision 0019), and the holes a hostile client
 * found in the limits and the logout link are closed.
 */

let app: TestApp;
/** How far the app's clock runs ahead of the real one: the feedback form's minimum fill time passes without a wait. */
let ahead = 0;
const PASSWORD = 'Тёплый-пуховик-2026';
const freshEmail = () => `forms.${randomUUID()}@example.ru`;
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(app.database.db, query);

beforeAll(async () => {
  // Each test speaks from its own client address (X-Forwarded-For), so the per-client limits do not meet.
  app = await createTestApp(
    {
      TRUST_PROXY: '1',
      GIVE_OUT_DISCOUNT_CARD_ON_REGISTER: '0',
      ORDERS_PER_PHONE_DAY: '100',
      PROMO_TRIES_PER_CLIENT: '30',
    },
    { clock: () => new Date(Date.now() + ahead) },
  );
  ignorePoolErrorsOnClose(app.database.db);
});
afterAll(() => app.close());

/** How a post says where it comes from. */
const SAME_ORIGIN = { origin: SHOP_ORIGIN };
const CROSS_SITE = {
  'wrong Origin': { origin: 'https://evil.example' },
  'Sec-Fetch-Site: cross-site, no Origin': { 'sec-fetch-site': 'cross-site' },
};

/** A plain form post without the sessid, as a browser sends one (no JavaScript). */
function postForm(path: string, cookie: string, fields: Record<string, string>, from: Record<string, string>) {
  return app.fetch(path, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...from },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

const cookieOf = (res: Response) => res.headers.get('set-cookie')?.match(/SHOPSID=[^;]+/)?.[0] as string;

/** A new user logged in by the registration page; answers the session cookie and the email. */
async function member() {
  const email = freshEmail();
  const res = await postForm(
    '/auth/register/',
    '',
    { name: 'Анна', email, password: PASSWORD, agree: 'Y', backurl: '/lk/' },
    SAME_ORIGIN,
  );
  expect(res.status).toBe(302);
  return { cookie: cookieOf(res), email };
}

const loggedIn = async (cookie: string) =>
  (await (await app.fetch(API.userState, { headers: { cookie } })).json()).data.user.auth as boolean;

interface PageForm {
  path: string;
  cookie: string;
  fields: Record<string, string>;
  /** Whether the post did what the form is for. */
  done(res: Response): Promise<boolean>;
}

/** Each of the nine page forms, set up fresh (a post that works changes what it posts to). */
const FORMS: Record<string, () => Promise<PageForm>> = {
  async login() {
    const { email } = await member();
    return {
      path: '/auth/',
      cookie: '',
      fields: { intent: 'password', login: email, password: PASSWORD },
      done: async (res) => res.status === 302 && (await loggedIn(cookieOf(res))),
    };
  },
  async registration() {
    const email = freshEmail();
    return {
      path: '/auth/register/',
      cookie: '',
      fields: { name: 'Пётр', email, password: PASSWORD, agree: 'Y' },
      done: async () => (await rows(sql`select 1 from users where email = ${email}`)).length === 1,
    };
  },
  async 'password reset'() {
    const { email } = await member();
    await app.services.credentials.requestPasswordReset(
      { client: '192.0.2.50', sessionId: 'x', now: () => new Date() } as never,
      email,
    );
    await app.outbox.deliver();
    const link = (await readOutbox(app, { to: email, channel: 'email' }))?.text.match(/token=(\S+)/)?.[1] as string;
    const password = 'Новый-пуховик-2027';
    return {
      path: '/auth/reset/',
      cookie: '',
      fields: { token: decodeURIComponent(link), password },
      done: async () => {
        const login = await postForm('/auth/', '', { intent: 'password', login: email, password }, SAME_ORIGIN);
        return login.status === 302;
      },
    };
  },
  async profile() {
    const { cookie, email } = await member();
    return {
      path: '/lk/',
      cookie,
      fields: { intent: 'profile', name: 'Злоумышленник' },
      done: async () =>
        (await rows(sql`select 1 from users where email = ${email} and name = 'Злоумышленник'`)).length > 0,
    };
  },
  async addresses() {
    const { cookie, email } = await member();
    return {
      path: '/lk/address/',
      cookie,
      fields: { intent: 'add', type: 'COURIER', city: 'Москва', street: 'Тверская', house: '7', flat: '12' },
      done: async () =>
        (await rows(sql`select 1 from addresses a join users u on u.id = a.user_id where u.email = ${email}`)).length >
        0,
    };
  },
  async 'discount card'() {
    const { cookie, email } = await member();
    return {
      path: '/lk/dc/',
      cookie,
      fields: {},
      done: async () =>
        (await rows(sql`select 1 from discount_cards c join users u on u.id = c.user_id where u.email = ${email}`))
          .length > 0,
    };
  },
  async 'order cancel'() {
    const k = await checkoutKit(app);
    const offer = (await offerFacts(app.database.db)).find((o) => !o.restricted && o.price >= 100_000) as OfferFacts;
    await k.stockOf(offer, 1, 2);
    const { v, phone } = await k.quickShopper(offer);
    const saved = await (await k.rpc(v, 'sale.order.save', k.pickup(phone))).json();
    expect(saved).toMatchObject({ id: expect.any(Number) });
    const id = saved.id as number;
    return {
      path: `/order/?ORDER_ID=${id}`,
      cookie: v.cookie,
      fields: { intent: 'cancel' },
      done: async () => (await rows(sql`select 1 from orders where id = ${id} and status = 'cancelled'`)).length > 0,
    };
  },
  async contacts() {
    const email = freshEmail();
    const page = await (await app.fetch('/contacts/')).text();
    const startToken = page.match(/name="startToken" value="([^"]+)"/)?.[1] ?? '';
    ahead += 5_000;
    return {
      path: '/contacts/',
      cookie: '',
      fields: {
        name: 'Анна',
        email,
        topic: 'other',
        message: 'Когда привезут пуховики большого размера?',
        agree: 'Y',
        startToken,
      },
      done: async () => (await rows(sql`select 1 from questions where email = ${email}`)).length > 0,
    };
  },
  async unsubscribe() {
    const email = freshEmail();
    await (await newVisitor(app)).post(API.subscribe, { email, licenses_subscribe: 'Y' });
    await app.outbox.deliver();
    const confirm = (await readOutbox(app, { to: email, channel: 'email' }))?.text.match(/\/subscribe\/confirm\/\S+/);
    await app.fetch(confirm?.[0] as string);
    await app.outbox.deliver();
    const leave = (await readOutbox(app, { to: email, channel: 'email' }))?.text.match(/\/unsubscribe\/\S+/);
    return {
      path: leave?.[0] as string,
      cookie: '',
      fields: {},
      done: async () => (await rows(sql`select 1 from subscriptions where email = ${email}`)).length === 0,
    };
  },
};

describe('page forms posted from another site (issue 24.5)', () => {
  it.each(Object.keys(FORMS))(
    '%s: refused with 403 and a Russian page, nothing changed; from the shop it works',
    async (name) => {
      const form = await (FORMS[name] as () => Promise<PageForm>)();
      for (const [how, headers] of Object.entries(CROSS_SITE)) {
        const res = await postForm(form.path, form.cookie, form.fields, headers);
        expect(res.status, how).toBe(403);
        expect(res.headers.get('content-type')).toContain('text/html');
        expect(await res.text(), how).toContain('Форма пришла не со страницы магазина');
        expect(await form.done(res), how).toBe(false);
      }
      const res = await postForm(form.path, form.cookie, form.fields, SAME_ORIGIN);
      expect(res.status).toBeLessThan(400);
      expect(await form.done(res)).toBe(true);
    },
  );

  it('takes a post without Origin when the browser says same-origin, or when it carries the sessid', async () => {
    const { cookie, email } = await member();
    const name = (fields: Record<string, string>) => ({ intent: 'profile', ...fields });
    await postForm('/lk/', cookie, name({ name: 'Мария' }), { 'sec-fetch-site': 'same-origin' });
    expect(await rows(sql`select name from users where email = ${email}`)).toEqual([{ name: 'Мария' }]);
    // No browser headers at all: only the sessid tells a form of the shop from a forged one.
    expect((await postForm('/lk/', cookie, name({ name: 'Ольга' }), {})).status).toBe(403);
    const { sessid } = (await (await app.fetch(API.userState, { headers: { cookie } })).json()).data;
    await postForm('/lk/', cookie, name({ name: 'Ольга', sessid }), {});
    expect(await rows(sql`select name from users where email = ${email}`)).toEqual([{ name: 'Ольга' }]);
  });
});

describe('GET ?logout=y (issue 24.7)', () => {
  it('is refused when another site links to it, and the user stays logged in; from the shop it logs out', async () => {
    const { cookie } = await member();
    const fromElsewhere: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { referer: 'https://evil.example/page' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of fromElsewhere) {
      const res = await app.fetch('/catalog/?logout=y', {
        headers: { cookie, ...headers },
        redirect: 'manual',
      });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('Ссылка на выход пришла с другого сайта');
      expect(await loggedIn(cookie)).toBe(true);
    }
    const res = await app.fetch('/catalog/?logout=y', {
      headers: { cookie, 'sec-fetch-site': 'same-origin', referer: `${SHOP_ORIGIN}/lk/` },
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/catalog/');
    expect(await loggedIn(cookie)).toBe(false);
  });
});

describe('per-client limits (issue 24.7)', () => {
  it('stops promo-code guessing from one address across fresh sessions well before 135 tries', async () => {
    const from = { 'x-forwarded-for': '198.51.100.77' };
    const statuses: number[] = [];
    for (let session = 0; session < 3; session++) {
      const v = await newVisitor(app);
      for (let i = 0; i < 45; i++) {
        const res = await app.fetch(RPC_PATH, {
          method: 'POST',
          headers: { cookie: v.cookie, 'content-type': 'application/x-www-form-urlencoded', ...from },
          body: new URLSearchParams({
            sessid: v.sessid,
            method: 'sale.order.setPromocode',
            promocode: `GUESS${session}X${i}`,
          }).toString(),
        });
        statuses.push(res.status);
        if (res.status === 429) expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      }
    }
    const first = statuses.indexOf(429);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(45);
    expect(statuses.slice(first).every((s) => s === 429)).toBe(true);
  });
});

describe('flooded forms and letters', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ TRUST_PROXY: '1', WRITE_LIMIT_PER_SESSION: '3', ACCOUNT_LETTERS_PER_CLIENT: '3' });
  });
  afterAll(() => limited.close());

  const post = (path: string, cookie: string, fields: Record<string, string>, client: string) =>
    limited.fetch(path, {
      method: 'POST',
      headers: {
        cookie,
        origin: SHOP_ORIGIN,
        'x-forwarded-for': client,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });

  it('answers a form flooded past the write limit with 429, Retry-After and a Russian page, and adds nothing', async () => {
    const email = freshEmail();
    const reg = await post(
      '/auth/register/',
      '',
      { name: 'Анна', email, password: PASSWORD, agree: 'Y' },
      '203.0.113.1',
    );
    const cookie = cookieOf(reg);
    const address = { intent: 'add', type: 'COURIER', city: 'Москва', street: 'Тверская', flat: '1' };
    for (let i = 1; i <= 3; i++) {
      expect((await post('/lk/address/', cookie, { ...address, house: String(i) }, '203.0.113.1')).status).toBe(200);
    }
    const res = await post('/lk/address/', cookie, { ...address, house: '4' }, '203.0.113.1');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.text()).toContain('Слишком много попыток');
    const saved = await queryRows(
      limited.database.db,
      sql`select a.house from addresses a join users u on u.id = a.user_id where u.email = ${email}`,
    );
    expect(saved).toHaveLength(3);
  });

  it('limits the confirmation letters of registrations from one client address, whatever the addresses', async () => {
    const client = '203.0.113.2';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await post(
        '/auth/register/',
        '',
        { name: 'Бот', email: freshEmail(), password: PASSWORD, agree: 'Y' },
        client,
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 3)).toEqual([302, 302, 302]);
    // The page shows the refusal by the form; the API answers 429.
    const v = await newVisitor(limited);
    const api = await limited.fetch(API.authRegister, {
      method: 'POST',
      headers: { cookie: v.cookie, 'x-forwarded-for': client, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ sessid: v.sessid, name: 'Бот', email: freshEmail(), password: PASSWORD, agree: 'Y' }),
    });
    expect(api.status).toBe(429);
    expect((await api.json()).errors[0].message).toMatch(/^Слишком много попыток/);
    const users = await queryRows<{ n: number }>(
      limited.database.db,
      sql`select count(*)::int as n from users where name = 'Бот'`,
    );
    expect(users).toEqual([{ n: 3 }]);
  });

  it('limits the confirmation letters of email changes from one client address', async () => {
    const client = '203.0.113.3';
    const email = freshEmail();
    const reg = await post('/auth/register/', '', { name: 'Анна', email, password: PASSWORD, agree: 'Y' }, client);
    const cookie = cookieOf(reg);
    const { sessid } = (await (await limited.fetch(API.userState, { headers: { cookie } })).json()).data;
    const statuses: number[] = [];
    const emails = [freshEmail(), freshEmail(), freshEmail()];
    for (const next of emails) {
      const res = await limited.fetch(API.profileSet, {
        method: 'POST',
        headers: { cookie, 'x-forwarded-for': client, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ sessid, email: next }),
      });
      statuses.push(res.status);
    }
    // One letter went with the registration: two changes more fit in the client's three.
    expect(statuses).toEqual([200, 200, 429]);
    // The refused change wrote nothing: the address is the last one that got its letter.
    const saved = await queryRows<{ email: string }>(
      limited.database.db,
      sql`select email from users where lower(email) in (${emails[1]}, ${emails[2]})`,
    );
    expect(saved.map((r) => r.email)).toEqual([emails[1]]);
  });
});
