import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { queryRows } from '../../db/client';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { readOutbox } from '../support/outbox';
import { createTestApp, newVisitor, type TestApp, type Visitor } from '../support/test-app';

let app: TestApp;
let offer: OfferFacts;
let phoneSeq = 0;
/** A fresh phone per test: the per-phone limits are the shop's, and tests must not share them. */
const freshPhone = () => `7900555${String(1000 + phoneSeq++).padStart(4, '0')}`;

beforeAll(async () => {
  app = await createTestApp({ PHONE_CODES_PER_CLIENT: '1000' });
  ignorePoolErrorsOnClose(app.database.db);
  offer = (await offerFacts(app.database.db)).find((o) => o.online > 0 && !o.restricted) as OfferFacts;
});
afterAll(() => app.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(app.database.db, query);
const send = (v: Visitor, phone: string) => v.post(API.phoneCodeSend, { phone });
const check = (v: Visitor, phone: string, code: string, login?: 'Y') =>
  v.post(API.phoneCodeCheck, { phone, code, ...(login ? { login } : {}) });
const message = async (res: Response) => ((await res.json()) as { errors: { message: string }[] }).errors[0]?.message;

/** Sends a code and reads it from the SMS the shop wrote to its outbox. */
async function codeFor(v: Visitor, phone: string): Promise<string> {
  const res = await send(v, phone);
  expect(res.status).toBe(200);
  await app.outbox.deliver();
  const sms = await readOutbox(app, { to: phone, channel: 'sms' });
  return sms?.text.match(/\d{6}/)?.[0] as string;
}

describe('user/phone/code/send', () => {
  it('reads the phone by the spec rule and sends a six-digit code by SMS, stored only as a hash', async () => {
    const v = await newVisitor(app);
    const phone = freshPhone();
    const res = await send(v, `8 (${phone.slice(1, 4)}) ${phone.slice(4, 7)}-${phone.slice(7, 9)}-${phone.slice(9)}`);
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ resendAfter: 60 });
    await app.outbox.deliver();
    const sms = await readOutbox(app, { to: phone, channel: 'sms' });
    const code = sms?.text.match(/\d{6}/)?.[0] as string;
    expect(code).toMatch(/^\d{6}$/);
    const stored = await rows<{ code_hash: string }>(sql`select code_hash from phone_codes where phone = ${phone}`);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.code_hash).not.toContain(code);
  });

  it.each([
    ['9001234567', 'Введите номер мобильного телефона: 11 цифр, например +7 900 123-45-67.'],
    ['+1 900 123 45 67', 'Введите номер мобильного телефона: 11 цифр, например +7 900 123-45-67.'],
    ['', 'Укажите номер телефона.'],
  ])('refuses %j with a Russian message and sends nothing', async (phone, text) => {
    const v = await newVisitor(app);
    const res = await send(v, phone);
    expect(res.status).toBe(400);
    expect(await message(res)).toBe(text);
  });

  it('refuses a new code for the same phone within 60 seconds, with the wait', async () => {
    const v = await newVisitor(app);
    const phone = freshPhone();
    expect((await send(v, phone)).status).toBe(200);
    const again = await send(await newVisitor(app), phone);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(await message(again)).toMatch(/^Слишком много попыток\. Повторите через \d+/);
  });

  it('sends exactly one code when 50 ask for the same phone at once', async () => {
    const phone = freshPhone();
    const visitors = await Promise.all(Array.from({ length: 50 }, () => newVisitor(app)));
    const statuses = (await Promise.all(visitors.map((v) => send(v, phone)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(49);
    expect(await rows(sql`select 1 from phone_codes where phone = ${phone}`)).toHaveLength(1);
    expect(await rows(sql`select 1 from outbox where recipient = ${phone}`)).toHaveLength(1);
  });
});

describe('a per-client limit on codes', () => {
  it('refuses a client that asks for codes to more phones than the setting allows in an hour', async () => {
    const limited = await createTestApp({ PHONE_CODES_PER_CLIENT: '2' });
    try {
      const v = await newVisitor(limited);
      const statuses = [];
      for (const phone of [freshPhone(), freshPhone(), freshPhone()])
        statuses.push((await v.post(API.phoneCodeSend, { phone })).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('user/phone/code/check', () => {
  it('confirms the phone for the session with the right code, once', async () => {
    const v = await newVisitor(app);
    const phone = freshPhone();
    const code = await codeFor(v, phone);
    const res = await check(v, phone, code);
    expect(res.status).toBe(200);
    expect((await res.json()).data.user).toMatchObject({ auth: false });
    const id = decodeURIComponent(v.cookie.split('=')[1] ?? '').split('.')[0];
    expect(await rows(sql`select confirmed_phone from sessions where id = ${id}`)).toEqual([
      { confirmed_phone: phone },
    ]);
    // Used up: the same code again is refused.
    expect((await check(v, phone, code)).status).toBe(400);
  });

  it('allows three attempts, telling how many are left, then wants a new code', async () => {
    const v = await newVisitor(app);
    const phone = freshPhone();
    const code = await codeFor(v, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await message(await check(v, phone, wrong))).toBe('Неверный код. Осталось попыток: 2.');
    expect(await message(await check(v, phone, wrong))).toBe('Неверный код. Осталось попыток: 1.');
    expect(await message(await check(v, phone, wrong))).toBe('Неверный код. Попытки закончились: запросите новый код.');
    const late = await check(v, phone, code);
    expect(late.status).toBe(400);
    expect(await message(late)).toBe('Код устарел или попытки закончились. Запросите новый код.');
  });

  it('counts exactly three of 50 wrong codes sent at once, and lets one of 50 right ones through', async () => {
    const v = await newVisitor(app);
    const phone = freshPhone();
    const code = await codeFor(v, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const wrongs = await Promise.all(Array.from({ length: 50 }, () => check(v, phone, wrong)));
    const texts = await Promise.all(wrongs.map(message));
    expect(texts.filter((t) => t?.startsWith('Неверный код'))).toHaveLength(3);
    expect(await rows(sql`select attempts from phone_codes where phone = ${phone}`)).toEqual([{ attempts: 3 }]);

    const other = await newVisitor(app);
    const phone2 = freshPhone();
    const code2 = await codeFor(other, phone2);
    const rights = await Promise.all(Array.from({ length: 50 }, () => check(other, phone2, code2)));
    expect(rights.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('refuses an expired code and a code asked for by another session', async () => {
    const v = await newVisitor(app);
    const phone = freshPhone();
    const code = await codeFor(v, phone);
    expect((await check(await newVisitor(app), phone, code)).status).toBe(400);
    await app.database.db.execute(
      sql`update phone_codes set expires_at = now() - interval '1 second' where phone = ${phone}`,
    );
    expect(await message(await check(v, phone, code))).toBe(
      'Код устарел или попытки закончились. Запросите новый код.',
    );
  });

  it('refuses a code that is not six digits without spending an attempt', async () => {
    const v = await newVisitor(app);
    const phone = freshPhone();
    await codeFor(v, phone);
    const res = await check(v, phone, '12ab');
    expect(res.status).toBe(400);
    expect(await message(res)).toBe('Введите шесть цифр кода из SMS.');
    expect(await rows(sql`select attempts from phone_codes where phone = ${phone}`)).toEqual([{ attempts: 0 }]);
  });
});

describe('login by SMS code (login=Y)', () => {
  async function userWithPhone(phone: string): Promise<number> {
    const [user] = await rows<{ id: number }>(sql`
      insert into users (email, password_hash, name, confirmed_phone, phone)
      values (${`u${phone}@example.ru`}, 'x', 'Анна', ${phone}, ${phone}) returning id`);
    return Number(user?.id);
  }

  it('logs the owner of the confirmed phone in under a new session id, with the visitor basket merged', async () => {
    const phone = freshPhone();
    const userId = await userWithPhone(phone);
    const v = await newVisitor(app);
    expect((await v.post(API.basketAdd, { offerId: offer.id })).status).toBe(200);
    const code = await codeFor(v, phone);

    const res = await check(v, phone, code, 'Y');
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.user).toMatchObject({ auth: true, id: userId, name: 'Анна', confirmedPhone: phone });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
    expect(cookie).toMatch(/^SHOPSID=/);
    expect(cookie).not.toBe(v.cookie);
    expect(data.sessid).not.toBe(v.sessid);

    // The new cookie is the user; the old one is nobody any more (no session fixation).
    const asUser = await app.fetch(API.userState, { headers: { cookie } });
    expect((await asUser.json()).data.user).toMatchObject({ auth: true, id: userId });
    const old = await v.get(API.userState);
    expect((await old.json()).data.user.auth).toBe(false);
    expect(
      await rows(sql`select quantity from basket_lines where user_id = ${userId} and offer_id = ${offer.id}`),
    ).toEqual([{ quantity: 1 }]);
  });

  it('only confirms the phone when no user has it, and keeps the session', async () => {
    const v = await newVisitor(app);
    const phone = freshPhone();
    const code = await codeFor(v, phone);
    const res = await check(v, phone, code, 'Y');
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect((await res.json()).data).toMatchObject({ user: { auth: false }, sessid: v.sessid });
  });

  it('refuses a logged-in user a phone that another account has confirmed', async () => {
    const taken = freshPhone();
    await userWithPhone(taken);
    const mine = freshPhone();
    await userWithPhone(mine);
    const v = await newVisitor(app);
    const login = await check(v, mine, await codeFor(v, mine), 'Y');
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const { sessid } = (await login.json()).data;
    const user: Visitor = { ...v, cookie, sessid };
    user.get = (p, init) => app.fetch(p, { ...init, headers: { cookie } });
    user.post = (p, fields) =>
      app.fetch(p, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          ...Object.fromEntries(Object.entries(fields).map(([k, x]) => [k, String(x)])),
          sessid,
        }),
      });
    const code = await codeFor(user, taken);
    const res = await check(user, taken, code);
    expect(res.status).toBe(409);
    expect(await message(res)).toBe('Этот телефон подтверждён в другой учётной записи.');
    // Nor does the session count it as confirmed (an order could not use it either).
    const id = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0];
    expect(await rows(sql`select confirmed_phone from sessions where id = ${id}`)).toEqual([{ confirmed_phone: mine }]);
  });
});
