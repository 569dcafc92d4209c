import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { queryRows } from '../../db/client';
import { isValidEan13 } from '../../domain/cabinet/discount-card';
import { ignorePoolErrorsOnClose } from '../support/basket-offers';
import { readOutbox } from '../support/outbox';
import { createTestApp, newVisitor, type TestApp, type Visitor } from '../support/test-app';

let app: TestApp;
let seq = 0;
const freshEmail = () => `cabinet${seq++}.${Date.now()}@example.ru`;

beforeAll(async () => {
  app = await createTestApp({ GIVE_OUT_DISCOUNT_CARD_ON_REGISTER: '0' });
  ignorePoolErrorsOnClose(app.database.db);
});
afterAll(() => app.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(app.database.db, query);
const errorOf = async (res: Response) => ((await res.json()) as { errors: { message: string }[] }).errors[0]?.message;

/** A registered, logged-in user as the browser holds them: the new session's cookie and sessid. */
async function user(fields: Record<string, string> = {}): Promise<Visitor & { email: string; res: Response }> {
  const v = await newVisitor(app);
  const email = freshEmail();
  const res = await v.post(API.authRegister, {
    name: 'Анна',
    email,
    password: 'Тёплый-пуховик-2026',
    agree: 'Y',
    ...fields,
  });
  expect(res.status).toBe(200);
  const { sessid } = (await res.clone().json()).data;
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
  return {
    email,
    res,
    cookie,
    sessid,
    get: (p, init) => app.fetch(p, { ...init, headers: { cookie } }),
    post: (p, f) =>
      app.fetch(p, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(Object.entries({ ...f, sessid }).map(([k, x]) => [k, String(x)])).toString(),
      }),
  };
}

const courier = { type: 'COURIER', city: 'Москва', street: 'Тверская', house: '7', flat: '12' };

describe('user/profile/fields/set', () => {
  it('splits a full name as spec §5 says, keeps other fields and sets the profile cookies', async () => {
    const me = await user();
    const res = await me.post(API.profileSet, {
      name: '  Иванова Анна Сергеевна ',
      gender: 'F',
      birthday: '01.02.1990',
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data.user).toMatchObject({
      name: 'Анна',
      lastName: 'Иванова',
      secondName: 'Сергеевна',
      gender: 'F',
      birthday: '01.02.1990',
      email: me.email,
    });
    const cookies = res.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('user_last_name='))).toMatch(/Max-Age=31104000/);
    expect(cookies.find((c) => c.startsWith('user_name='))).toContain(encodeURIComponent('Анна'));
  });

  it('writes the gender cookie with the spec’s values, and a man’s cookie opens the menu on men’s', async () => {
    const me = await user();
    const cookieOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('user_gender='));
    expect(cookieOf(await me.post(API.profileSet, { gender: 'F' }))).toMatch(/^user_gender=woman;/);
    const cookie = cookieOf(await me.post(API.profileSet, { gender: 'M' }));
    expect(cookie).toMatch(/^user_gender=man;/);
    const html = await (await app.fetch('/', { headers: { cookie: cookie?.split(';')[0] ?? '' } })).text();
    expect(html.match(/<a[^>]*aria-current="true"[^>]*>([^<]+)<\/a>/)?.[1]).toBe('Мужчинам');
  });

  it('stores a new email unconfirmed and sends the confirmation letter to it', async () => {
    const me = await user();
    await me.post(API.emailConfirm, {});
    const email = freshEmail();
    const res = await me.post(API.profileSet, { email });
    expect(res.status).toBe(200);
    expect((await res.json()).data.user).toMatchObject({ email, emailConfirmed: false });
    await app.outbox.deliver();
    expect((await readOutbox(app, { to: email, channel: 'email' }))?.kind).toBe('email-confirm');
  });

  it('refuses an email of another account with 409, and a guest with 401', async () => {
    const other = await user();
    const me = await user();
    const res = await me.post(API.profileSet, { email: other.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe('Этот email уже зарегистрирован в другой учётной записи.');
    expect((await (await newVisitor(app)).post(API.profileSet, { name: 'Анна' })).status).toBe(401);
  });

  it('keeps a new phone unconfirmed until an SMS code confirms it', async () => {
    const me = await user();
    const res = await me.post(API.profileSet, { phone: '+7 900 765-43-21' });
    expect((await res.json()).data.user).toMatchObject({ phone: '79007654321', confirmedPhone: '' });
  });
});

describe('addresses', () => {
  it('adds, lists, updates and deletes the user own addresses, the first one being the default', async () => {
    const me = await user();
    const added = await me.post(API.addressAdd, courier);
    expect(added.status).toBe(200);
    const [first] = (await added.json()).data.items;
    expect(first).toMatchObject({ type: 'COURIER', isDefault: true, title: 'Москва, Тверская, д. 7, кв. 12' });
    const post = await me.post(API.addressAdd, {
      type: 'POST',
      postcode: '190000',
      postAddress: 'Санкт-Петербург, Невский пр., 1',
      isDefault: 'Y',
    });
    const items = (await post.json()).data.items;
    expect(items.map((a: { type: string; isDefault: boolean }) => [a.type, a.isDefault])).toEqual([
      ['POST', true],
      ['COURIER', false],
    ]);
    const updated = await me.post(API.addressUpdate, { id: first.id, ...courier, flat: '15' });
    expect((await updated.json()).data.items[1].flat).toBe('15');
    const deleted = await me.post(API.addressDelete, { id: items[0].id });
    expect((await deleted.json()).data.items).toEqual([expect.objectContaining({ id: first.id, isDefault: true })]);
    expect((await (await me.post(API.addressList, {})).json()).data.items).toHaveLength(1);
  });

  it.each([
    [{ type: 'COURIER', city: 'Москва', street: 'Тверская' }, 'Укажите дом.'],
    [{ type: 'POST', postcode: '1900', postAddress: 'СПб' }, 'Индекс — шесть цифр.'],
    [{ type: 'DRONE' }, 'Тип адреса: ожидается COURIER или POST.'],
  ])('refuses %j with a Russian message', async (fields, message) => {
    const me = await user();
    const res = await me.post(API.addressAdd, fields as Record<string, string>);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe(message);
  });

  it("answers 404 for someone else's address and leaves it as it was", async () => {
    const owner = await user();
    const id = (await (await owner.post(API.addressAdd, courier)).json()).data.items[0].id;
    const thief = await user();
    for (const res of [
      await thief.post(API.addressUpdate, { id, ...courier, street: 'Чужая' }),
      await thief.post(API.addressDelete, { id }),
    ]) {
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toBe('Такого адреса нет.');
    }
    expect(await rows(sql`select street from addresses where id = ${id}`)).toEqual([{ street: 'Тверская' }]);
    expect((await (await thief.post(API.addressList, {})).json()).data.items).toEqual([]);
    expect((await (await newVisitor(app)).post(API.addressList, {})).status).toBe(401);
  });

  it('keeps at most 20 addresses when 50 are added at once', async () => {
    const me = await user();
    const statuses = (
      await Promise.all(Array.from({ length: 50 }, (_, i) => me.post(API.addressAdd, { ...courier, flat: String(i) })))
    ).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    const id = (await (await me.post(API.addressList, {})).json()).data.items.length;
    expect(id).toBe(20);
    expect(
      await rows(
        sql`select 1 from addresses a join users u on u.id = a.user_id where u.email = ${me.email} and a.is_default`,
      ),
    ).toHaveLength(1);
  });
});

describe('the discount card', () => {
  it('is issued on request, once, as a valid EAN-13 shown grouped in the user state', async () => {
    const me = await user();
    expect((await me.res.clone().json()).data.user.discountCard).toBe('');
    const res = await me.post(API.discountCardRequest, {});
    expect(res.status).toBe(200);
    const { card, user: state } = (await res.json()).data;
    expect(isValidEan13(card.number)).toBe(true);
    expect(card).toMatchObject({ percent: 5, active: true, bonusBalance: 0 });
    expect(state).toMatchObject({
      discountCard: card.number,
      discountCardFormated: `${card.number.slice(0, 1)} ${card.number.slice(1, 7)} ${card.number.slice(7)}`,
      discountCardActive: true,
    });
    const again = await me.post(API.discountCardRequest, {});
    expect((await again.json()).data.card.number).toBe(card.number);
  });

  it('is issued with the registration on /auth/registerdc/ (discountCard=Y)', async () => {
    const me = await user({ discountCard: 'Y' });
    expect(isValidEan13((await me.res.clone().json()).data.user.discountCard)).toBe(true);
  });

  it('is issued to every new user when GIVE_OUT_DISCOUNT_CARD_ON_REGISTER is on', async () => {
    const giving = await createTestApp({ GIVE_OUT_DISCOUNT_CARD_ON_REGISTER: '1' });
    try {
      const v = await newVisitor(giving);
      const res = await v.post(API.authRegister, {
        name: 'Анна',
        email: freshEmail(),
        password: 'Тёплый-пуховик-2026',
        agree: 'Y',
      });
      expect((await res.json()).data.user.discountCardActive).toBe(true);
    } finally {
      await giving.close();
    }
  });
});
