import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { queryRows } from '../../db/client';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { readOutbox } from '../support/outbox';
import { createTestApp, newVisitor, SHOP_ORIGIN, type TestApp, type Visitor } from '../support/test-app';

let app: TestApp;
let offer: OfferFacts;
let seq = 0;
const freshEmail = () => `shopper${seq++}.${Date.now()}@example.ru`;
const PASSWORD = 'Тёплый-пуховик-2026';
/** How far the app's clock runs ahead of the real one: a test moves it instead of waiting out a letter limit. */
let ahead = 0;

beforeAll(async () => {
  app = await createTestApp({ LOGIN_TRIES_PER_CLIENT: '1000' }, { clock: () => new Date(Date.now() + ahead) });
  ignorePoolErrorsOnClose(app.database.db);
  offer = (await offerFacts(app.database.db)).find((o) => o.online > 0 && !o.restricted) as OfferFacts;
});
afterAll(() => app.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(app.database.db, query);
const errorOf = async (res: Response) =>
  ((await res.json()) as { errors: { message: string; code: string }[] }).errors[0];

/** The visitor as the browser is after an answer that moved it to a new session. */
function continuedAs(v: Visitor, res: Response, sessid: string): Visitor {
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const next: Visitor = {
    cookie,
    sessid,
    get: (p, init) => app.fetch(p, { ...init, headers: { cookie, ...(init?.headers as Record<string, string>) } }),
    post(p, fields) {
      const body = new URLSearchParams(Object.entries({ ...fields, sessid }).map(([k, x]) => [k, String(x)]));
      return app.fetch(p, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      });
    },
  };
  return { ...v, ...next };
}

async function register(v: Visitor, fields: Record<string, string> = {}) {
  return v.post(API.authRegister, {
    name: 'Анна',
    lastName: 'Иванова',
    email: freshEmail(),
    password: PASSWORD,
    agree: 'Y',
    ...fields,
  });
}

async function registered(): Promise<{ email: string; userId: number }> {
  const email = freshEmail();
  const res = await register(await newVisitor(app), { email });
  expect(res.status).toBe(200);
  return { email, userId: (await res.json()).data.user.id };
}

describe('user/auth/register', () => {
  it('creates the user, logs in under a new session, records the consent and sends the confirmation letter', async () => {
    const v = await newVisitor(app);
    expect((await v.post(API.basketAdd, { offerId: offer.id })).status).toBe(200);
    const email = freshEmail();
    const res = await register(v, { email: email.toUpperCase() });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.user).toMatchObject({ auth: true, name: 'Анна', lastName: 'Иванова', email, emailConfirmed: false });
    expect(data.sessid).not.toBe(v.sessid);
    const me = continuedAs(v, res, data.sessid);
    expect(me.cookie).not.toBe(v.cookie);
    expect((await (await me.get(API.userState)).json()).data.user).toMatchObject({ auth: true, email });
    expect((await (await v.get(API.userState)).json()).data.user.auth).toBe(false);
    // The visitor's cart came along.
    expect((await (await me.get(API.userState)).json()).data.basket.availableCount).toBe(1);
    expect(await rows(sql`select purpose from consents where subject = ${email}`)).toEqual([
      { purpose: 'registration' },
    ]);
    const [user] = await rows<{ password_hash: string }>(sql`select password_hash from users where email = ${email}`);
    expect(user?.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(user?.password_hash).not.toContain(PASSWORD);

    await app.outbox.deliver();
    const letter = await readOutbox(app, { to: email, channel: 'email' });
    const link = letter?.text.match(/http:\/\/shop\.test\/auth\/confirm\/\?token=\S+/)?.[0] as string;
    expect(link).toBeTruthy();
    const page = await me.get(new URL(link).pathname + new URL(link).search);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(await page.text()).toContain('Email подтверждён');
    expect((await (await me.get(API.userState)).json()).data.user.emailConfirmed).toBe(true);
    // One use.
    expect(await (await me.get(new URL(link).pathname + new URL(link).search)).text()).toContain('Ссылка не сработала');
  });

  it.each([
    [{ agree: 'N' }, 'Подтвердите согласие на обработку персональных данных.'],
    [{ password: 'short1' }, 'Пароль должен быть не короче 8 символов.'],
    [{ password: 'password123' }, 'Этот пароль слишком распространён: его легко подобрать. Придумайте другой.'],
    [{ email: 'not-an-email' }, 'Проверьте адрес электронной почты: в нём ошибка.'],
    [{ name: '' }, 'Укажите имя.'],
    [{ phone: '12345' }, 'Введите номер мобильного телефона: 11 цифр, например +7 900 123-45-67.'],
  ])('refuses %j with a Russian message and creates nobody', async (fields, message) => {
    const email = freshEmail();
    const res = await register(await newVisitor(app), { email, ...fields });
    expect(res.status).toBe(400);
    expect((await errorOf(res))?.message).toBe(message);
    expect(await rows(sql`select 1 from users where email = ${email}`)).toEqual([]);
  });

  it('refuses a used email with 409, whatever its case, and sends nothing', async () => {
    const { email } = await registered();
    const res = await register(await newVisitor(app), { email: email.toUpperCase() });
    expect(res.status).toBe(409);
    expect((await errorOf(res))?.message).toBe('Этот email уже зарегистрирован. Войдите или восстановите пароль.');
    expect(await rows(sql`select 1 from consents where subject = ${email}`)).toHaveLength(1);
  });
});

describe('user/auth/login', () => {
  it('logs in by email under a new session id', async () => {
    const { email, userId } = await registered();
    const v = await newVisitor(app);
    const res = await v.post(API.authLogin, { login: ` ${email.toUpperCase()} `, password: PASSWORD });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.user).toMatchObject({ auth: true, id: userId });
    expect(continuedAs(v, res, data.sessid).cookie).not.toBe(v.cookie);
  });

  it('answers one message for a wrong password and for nobody', async () => {
    const { email } = await registered();
    const v = await newVisitor(app);
    const wrong = await v.post(API.authLogin, { login: email, password: 'не тот пароль' });
    const nobody = await v.post(API.authLogin, { login: freshEmail(), password: PASSWORD });
    expect([wrong.status, nobody.status]).toEqual([401, 401]);
    expect((await errorOf(wrong))?.message).toBe('Неверный логин или пароль.');
    expect((await errorOf(nobody))?.message).toBe('Неверный логин или пароль.');
  });

  it('refuses the sixth try of a login in 15 minutes whatever the password, counting tries sent at once', async () => {
    const { email } = await registered();
    const visitors = await Promise.all(Array.from({ length: 12 }, () => newVisitor(app)));
    const statuses = (
      await Promise.all(visitors.map((v) => v.post(API.authLogin, { login: email, password: 'подбор-пароля' })))
    ).map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    const right = await visitors[0]?.post(API.authLogin, { login: email, password: PASSWORD });
    expect(right?.status).toBe(429);
    expect(Number(right?.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('clears the count of failed tries after a successful login', async () => {
    const { email } = await registered();
    const v = await newVisitor(app);
    for (let i = 0; i < 4; i++) await v.post(API.authLogin, { login: email, password: 'подбор-пароля' });
    expect((await v.post(API.authLogin, { login: email, password: PASSWORD })).status).toBe(200);
    const other = await newVisitor(app);
    for (let i = 0; i < 4; i++)
      expect((await other.post(API.authLogin, { login: email, password: 'подбор-пароля' })).status).toBe(401);
  });
});

describe('logout=y', () => {
  it('ends the session and reloads the same address without it, never another host', async () => {
    const v = await newVisitor(app);
    const res = await register(v);
    const me = continuedAs(v, res, (await res.json()).data.sessid);
    const out = await me.get('/catalog/women/?sort=price_asc&logout=y', { redirect: 'manual' });
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/catalog/women/?sort=price_asc');
    expect(out.headers.get('set-cookie')).toMatch(/^SHOPSID=/);
    expect((await (await me.get(API.userState)).json()).data.user.auth).toBe(false);
    const evil = await app.fetch('http://shop.test//evil.example/?logout=y', { redirect: 'manual' });
    expect(evil.headers.get('location')).toBe('/evil.example/');
  });
});

describe('password reset', () => {
  it('sends a one-hour, one-use link, sets the new password and ends the old sessions', async () => {
    const { email } = await registered();
    const v = await newVisitor(app);
    const res = await v.post(API.passwordForgot, { email });
    expect(res.status).toBe(200);
    const known = (await res.json()).data.message;
    // The same answer for an address with no account.
    const unknown = await (await newVisitor(app)).post(API.passwordForgot, { email: freshEmail() });
    expect((await unknown.json()).data.message).toBe(known);

    await app.outbox.deliver();
    const letter = await readOutbox(app, { to: email, channel: 'email' });
    const token = decodeURIComponent(letter?.text.match(/\/auth\/reset\/\?token=(\S+)/)?.[1] ?? '');
    expect(token.length).toBeGreaterThan(20);
    const [row] = await rows<{ expires_at: string; created_at: string }>(
      sql`select expires_at, created_at from user_tokens where purpose = 'password-reset' and email = ${email}`,
    );
    expect(new Date(row?.expires_at as string).getTime() - new Date(row?.created_at as string).getTime()).toBeCloseTo(
      3_600_000,
      -4,
    );

    const weak = await v.post(API.passwordReset, { token, password: '12345678' });
    expect(weak.status).toBe(400);
    const done = await v.post(API.passwordReset, { token, password: 'Новый-пароль-для-зимы' });
    expect(done.status).toBe(200);
    expect(await rows(sql`select 1 from sessions s join users u on u.id = s.user_id where u.email = ${email}`)).toEqual(
      [],
    );
    const again = await v.post(API.passwordReset, { token, password: 'Ещё-один-пароль-2026' });
    expect((await errorOf(again))?.message).toBe('Ссылка устарела или уже использована. Запросите новую.');
    expect((await v.post(API.authLogin, { login: email, password: 'Новый-пароль-для-зимы' })).status).toBe(200);
  });

  it('cancels the earlier links once a later one changed the password, and logs out the user’s other sessions', async () => {
    const { email } = await registered();
    const phone = await newVisitor(app);
    const login = await phone.post(API.authLogin, { login: email, password: PASSWORD });
    expect(login.status).toBe(200);
    const other = continuedAs(phone, login, (await login.json()).data.sessid);
    expect((await (await other.get(API.userState)).json()).data.user.auth).toBe(true);
    const tokenOfLatestLetter = async () => {
      await app.outbox.deliver();
      const letter = await readOutbox(app, { to: email, channel: 'email' });
      return decodeURIComponent(letter?.text.match(/\/auth\/reset\/\?token=(\S+)/)?.[1] ?? '');
    };
    const v = await newVisitor(app);
    await v.post(API.passwordForgot, { email });
    const first = await tokenOfLatestLetter();
    await v.post(API.passwordForgot, { email });
    const second = await tokenOfLatestLetter();
    expect(second).not.toBe(first);

    expect((await v.post(API.passwordReset, { token: second, password: 'Новый-пароль-для-зимы' })).status).toBe(200);
    const late = await v.post(API.passwordReset, { token: first, password: 'Чужой-пароль-2026' });
    expect(late.status).toBe(400);
    expect((await errorOf(late))?.message).toBe('Ссылка устарела или уже использована. Запросите новую.');
    expect((await v.post(API.authLogin, { login: email, password: 'Чужой-пароль-2026' })).status).toBe(401);
    expect((await v.post(API.authLogin, { login: email, password: 'Новый-пароль-для-зимы' })).status).toBe(200);
    // The session logged in before the change is a guest's now.
    expect((await (await other.get(API.userState)).json()).data.user.auth).toBe(false);
  });

  it('changes the password once when several links of one user are spent at the same moment', async () => {
    const { email } = await registered();
    const v = await newVisitor(app);
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) {
      await v.post(API.passwordForgot, { email });
      await app.outbox.deliver();
      const letter = await readOutbox(app, { to: email, channel: 'email' });
      tokens.push(decodeURIComponent(letter?.text.match(/\/auth\/reset\/\?token=(\S+)/)?.[1] ?? ''));
      // The same address gets one letter a minute: the clock moves on instead of the test waiting.
      ahead += 61_000;
    }
    expect(new Set(tokens).size).toBe(3);
    const passwords = tokens.map((_, i) => `Одновременный-пароль-${i}`);
    const answers = await Promise.all(
      tokens.map(async (token, i) => (await v.post(API.passwordReset, { token, password: passwords[i] })).status),
    );
    expect(answers.filter((s) => s === 200)).toHaveLength(1);
    const logins = await Promise.all(
      passwords.map(async (password) => (await v.post(API.authLogin, { login: email, password })).status),
    );
    expect(logins.filter((s) => s === 200)).toHaveLength(1);
    expect(logins.indexOf(200)).toBe(answers.indexOf(200));
  });

  it('works without JavaScript: the reset page takes a plain form POST', async () => {
    const { email } = await registered();
    await (await newVisitor(app)).post(API.passwordForgot, { email });
    await app.outbox.deliver();
    const letter = await readOutbox(app, { to: email, channel: 'email' });
    const path = letter?.text.match(/\/auth\/reset\/\?token=\S+/)?.[0] as string;
    const token = decodeURIComponent(path.split('token=')[1] as string);
    expect(await (await app.fetch(path)).text()).toContain('Новый пароль');
    const res = await app.fetch(path, {
      method: 'POST',
      headers: { origin: SHOP_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, password: 'Кратко' }).toString(),
    });
    expect(await res.text()).toContain('Пароль должен быть не короче 8 символов.');
  });
});

describe('user/email/confirm', () => {
  it('sends a new letter to the logged-in user, and refuses a guest', async () => {
    const v = await newVisitor(app);
    expect((await v.post(API.emailConfirm, { place: 'lk' })).status).toBe(401);
    const email = freshEmail();
    const res = await register(v, { email });
    const me = continuedAs(v, res, (await res.json()).data.sessid);
    // Registration sent one a moment ago: the next waits a minute.
    const again = await me.post(API.emailConfirm, { place: 'lk' });
    expect(again.status).toBe(200);
    expect((await again.json()).data.message).toBe(`Письмо со ссылкой для подтверждения отправлено на ${email}.`);
    expect((await me.post(API.emailConfirm, { place: 'lk' })).status).toBe(429);
  });
});
