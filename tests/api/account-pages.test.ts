import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { queryRows } from '../../db/client';
import { readOutbox } from '../support/outbox';
import { createTestApp, SHOP_ORIGIN, type TestApp } from '../support/test-app';

let app: TestApp;
let seq = 0;
const freshEmail = () => `page${seq++}.${Date.now()}@example.ru`;
const PASSWORD = 'Тёплый-пуховик-2026';

beforeAll(async () => {
  app = await createTestApp({
    LOGIN_TRIES_PER_CLIENT: '1000',
    PHONE_CODES_PER_CLIENT: '1000',
    GIVE_OUT_DISCOUNT_CARD_ON_REGISTER: '0',
  });
});
afterAll(() => app.close());

/** A browser without JavaScript: it keeps its cookie and posts plain forms from the shop's pages. */
function browser() {
  let cookie = '';
  const take = (res: Response) => {
    const set = res.headers.get('set-cookie')?.match(/SHOPSID=[^;]+/)?.[0];
    if (set) cookie = set;
    return res;
  };
  return {
    get cookie() {
      return cookie;
    },
    get: async (path: string) => take(await app.fetch(path, { headers: { cookie }, redirect: 'manual' })),
    post: async (path: string, fields: Record<string, string>) =>
      take(
        await app.fetch(path, {
          method: 'POST',
          headers: { cookie, origin: SHOP_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
          redirect: 'manual',
        }),
      ),
  };
}

async function registered() {
  const b = browser();
  await b.get('/auth/register/');
  const email = freshEmail();
  const res = await b.post('/auth/register/', { name: 'Анна', email, password: PASSWORD, agree: 'Y', backurl: '/lk/' });
  expect(res.status).toBe(302);
  return { b, email };
}

describe('the auth pages without JavaScript', () => {
  it('registers from the page, moves the session and goes to backurl, never to another host', async () => {
    const b = browser();
    await b.get('/');
    const before = b.cookie;
    const email = freshEmail();
    const res = await b.post('/auth/register/', {
      name: 'Анна',
      email,
      password: PASSWORD,
      agree: 'Y',
      backurl: '//evil.example/',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect(b.cookie).not.toBe(before);
    expect(await queryRows(app.database.db, sql`select 1 from users where email = ${email}`)).toHaveLength(1);
    // A logged-in visitor is sent on from /auth/.
    expect((await b.get('/auth/?backurl=/lk/dc/')).headers.get('location')).toBe('/lk/dc/');
  });

  it('shows the message by its field and keeps what was typed, but never the password', async () => {
    const b = browser();
    const { email } = await registered();
    const res = await b.post('/auth/register/', { name: 'Пётр', email, password: PASSWORD, agree: 'Y' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Этот email уже зарегистрирован. Войдите или восстановите пароль.');
    expect(html).toContain(`value="${email}"`);
    expect(html).toContain('value="Пётр"');
    expect(html).not.toContain(PASSWORD);
    expect(html).toMatch(/<input aria-invalid="true"[^>]*name="email"/);
  });

  it('logs in by password and refuses a wrong one with the message by the field', async () => {
    const { email } = await registered();
    const b = browser();
    const wrong = await b.post('/auth/', { intent: 'password', login: email, password: 'не тот' });
    expect(await wrong.text()).toContain('Неверный логин или пароль.');
    const right = await b.post('/auth/', { intent: 'password', login: email, password: PASSWORD, backurl: '/lk/' });
    expect(right.status).toBe(302);
    expect(right.headers.get('location')).toBe('/lk/');
    expect((await b.get('/lk/')).status).toBe(200);
  });

  it('logs in by SMS code in two steps', async () => {
    const { b: owner, email } = await registered();
    const phone = '79005557777';
    const [u] = await queryRows<{ id: number }>(app.database.db, sql`select id from users where email = ${email}`);
    await app.database.db.execute(sql`update users set confirmed_phone = ${phone} where id = ${Number(u?.id)}`);
    void owner;
    const b = browser();
    const sent = await b.post('/auth/', { intent: 'code-send', phone: '+7 900 555-77-77' });
    expect(await sent.text()).toContain('Код из SMS');
    await app.outbox.deliver();
    const code = (await readOutbox(app, { to: phone, channel: 'sms' }))?.text.match(/\d{6}/)?.[0] as string;
    const wrong = await b.post('/auth/', {
      intent: 'code-check',
      phone,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(await wrong.text()).toContain('Неверный код. Осталось попыток: 2.');
    const right = await b.post('/auth/', { intent: 'code-check', phone, code, backurl: '/lk/dc/' });
    expect(right.headers.get('location')).toBe('/lk/dc/');
  });
});

describe('the cabinet pages', () => {
  it('send a guest to /auth/ with the page as backurl', async () => {
    const b = browser();
    for (const path of ['/lk/', '/lk/address/?edit=1', '/lk/dc/', '/lk/order/']) {
      const res = await b.get(path);
      expect([path, res.status, res.headers.get('location')]).toEqual([
        path,
        302,
        `/auth/?backurl=${encodeURIComponent(path)}`,
      ]);
    }
  });

  it('show and save the profile, and never store the page', async () => {
    const { b, email } = await registered();
    const page = await b.get('/lk/');
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const html = await page.text();
    expect(html).toContain(`value="${email}"`);
    expect(html).toContain('не подтверждён');
    const saved = await b.post('/lk/', {
      intent: 'profile',
      name: 'Анна',
      lastName: 'Иванова',
      birthday: '01.02.1990',
    });
    expect(await saved.text()).toContain('Данные сохранены.');
    // Spec §3: the profile cookies of the name and birthday given, for 360 days (the last name in its encoding).
    const cookies = saved.headers.getSetCookie();
    const profileCookie = (name: string) => cookies.find((c) => c.startsWith(`${name}=`));
    expect(profileCookie('user_last_name')).toBe(
      `user_last_name=${encodeURIComponent('Иванова')}; path=/; max-age=${360 * 86400}; samesite=lax`,
    );
    expect(profileCookie('user_birthday')).toMatch(/^user_birthday=01\.02\.1990; .*max-age=31104000/);
    expect(profileCookie('user_name')).toMatch(/^user_name=%D0%90%D0%BD%D0%BD%D0%B0;/);
    const bad = await b.post('/lk/', { intent: 'profile', name: 'Анна', birthday: '1990-02-01' });
    expect(bad.headers.getSetCookie().some((c) => c.startsWith('user_'))).toBe(false);
    expect(await bad.text()).toContain('Дата рождения — в виде ДД.ММ.ГГГГ.');
  });

  it('set every profile cookie the profile call sets, with its values: email, phone and gender too', async () => {
    const { b, email } = await registered();
    await b.get('/lk/');
    const saved = await b.post('/lk/', {
      intent: 'profile',
      name: 'Анна',
      lastName: 'Иванова',
      email,
      phone: '+7 (911) 123-45-67',
      gender: 'M',
      birthday: '01.02.1990',
    });
    expect(await saved.text()).toContain('Данные сохранены.');
    // Spec §3: 360 days each; the gender as the menu reads it, the phone as its 11 digits (`profileCookiesOf`).
    const line = (name: string, value: string) =>
      `${name}=${encodeURIComponent(value)}; path=/; max-age=${360 * 86400}; samesite=lax`;
    const set = saved.headers.getSetCookie().filter((c) => c.startsWith('user_'));
    expect(Object.fromEntries(set.map((c) => [c.split('=')[0], c]))).toEqual({
      user_name: line('user_name', 'Анна'),
      user_last_name: line('user_last_name', 'Иванова'),
      user_second_name: line('user_second_name', ''),
      user_email: line('user_email', email),
      user_gender: line('user_gender', 'man'),
      user_birthday: line('user_birthday', '01.02.1990'),
      user_phone: line('user_phone', '79111234567'),
    });
  });

  it("add and delete the user's addresses from the page, and refuse another user's", async () => {
    const { b } = await registered();
    const added = await b.post('/lk/address/', {
      intent: 'add',
      type: 'COURIER',
      city: 'Москва',
      street: 'Тверская',
      house: '7',
    });
    expect(await added.text()).toContain('Москва, Тверская, д. 7');
    const missing = await b.post('/lk/address/', {
      intent: 'add',
      type: 'COURIER',
      city: 'Москва',
      street: 'Тверская',
    });
    expect(await missing.text()).toContain('Укажите дом.');
    const [row] = await queryRows<{ id: number }>(
      app.database.db,
      sql`select id from addresses where street = 'Тверская' order by id desc limit 1`,
    );
    const { b: other } = await registered();
    const stolen = await other.post('/lk/address/', { intent: 'delete', id: String(row?.id) });
    expect(await stolen.text()).toContain('Такого адреса нет.');
    const gone = await b.post('/lk/address/', { intent: 'delete', id: String(row?.id) });
    expect(await gone.text()).toContain('Адрес удалён.');
  });

  it('issue a discount card on request and draw its barcode', async () => {
    const { b } = await registered();
    expect(await (await b.get('/lk/dc/')).text()).toContain('Получить карту');
    const res = await b.post('/lk/dc/', {});
    const html = await res.text();
    expect(html).toMatch(/aria-label="Штрихкод 2\d{12}"/);
    expect(html).toContain('Скидка 5 %');
  });
});

describe('the email letter link', () => {
  it('confirms the address from the registration letter', async () => {
    const { b, email } = await registered();
    await app.outbox.deliver();
    const link = (await readOutbox(app, { to: email, channel: 'email' }))?.text.match(
      /\/auth\/confirm\/\?token=\S+/,
    )?.[0];
    expect(await (await b.get(link as string)).text()).toContain('Email подтверждён');
    expect(await (await b.get('/lk/')).text()).toContain('подтверждён');
    expect(
      (await (await app.fetch(API.userState, { headers: { cookie: b.cookie } })).json()).data.user.emailConfirmed,
    ).toBe(true);
  });
});
