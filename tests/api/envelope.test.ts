import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, newVisitor, type TestApp, type Visitor } from '../support/test-app';

let app: TestApp;
let visitor: Visitor;
beforeAll(async () => {
  app = await createTestApp();
  visitor = await newVisitor(app);
});
afterAll(() => app.close());

async function envelope(res: Response) {
  expect(res.headers.get('content-type')).toContain('application/json');
  return (await res.json()) as {
    status: string;
    data?: Record<string, unknown>;
    errors?: { message: string; code: string }[];
  };
}

describe('/api/v2 envelope', () => {
  it('answers an unknown path with a 404 envelope', async () => {
    const res = await visitor.get('/api/v2/no/such/call/');
    expect(res.status).toBe(404);
    const body = await envelope(res);
    expect(body.status).toBe('error');
    expect(body.errors?.[0]?.message).toMatch(/[а-я]/);
  });

  it('refuses a state-changing call without sessid or with a wrong one (403)', async () => {
    for (const sessid of [null, 'wrong', '']) {
      const res = await visitor.post(
        '/api/v2/user/subscribe/sign/',
        { email: 'a@b.ru', licenses_subscribe: 'Y' },
        { sessid },
      );
      expect(res.status).toBe(403);
      expect((await envelope(res)).errors?.[0]).toMatchObject({
        code: 'SESSID_INVALID',
        message: expect.stringMatching(/Обновите страницу/),
      });
    }
  });

  it('refuses another visitor’s sessid', async () => {
    const other = await newVisitor(app);
    const res = await visitor.post(
      '/api/v2/user/subscribe/sign/',
      { email: 'a@b.ru', licenses_subscribe: 'Y' },
      { sessid: other.sessid },
    );
    expect(res.status).toBe(403);
  });

  it('answers broken JSON with a 400 envelope', async () => {
    const res = await app.fetch('/api/v2/user/subscribe/sign/', {
      method: 'POST',
      headers: { cookie: visitor.cookie, 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(res.status).toBe(400);
    expect((await envelope(res)).errors?.[0]?.code).toBe('BAD_BODY');
  });
});

describe('newsletter subscription', () => {
  it('takes a sign-up from a form and from JSON with the same answer, whether the address was there or not', async () => {
    const first = await envelope(
      await visitor.post('/api/v2/user/subscribe/sign/', { email: 'Anna@Example.ru', licenses_subscribe: 'Y' }),
    );
    expect(first).toMatchObject({ status: 'ok', data: { message: expect.stringMatching(/подтверждения подписки/) } });
    const again = await envelope(
      await visitor.post(
        '/api/v2/user/subscribe/sign/',
        { email: 'anna@example.ru', licenses_subscribe: 'Y' },
        { json: true },
      ),
    );
    expect(again.data?.message).toBe(first.data?.message);
  });

  it.each([
    [{ email: 'not-an-email', licenses_subscribe: 'Y' }, /ошибка/],
    [{ email: '', licenses_subscribe: 'Y' }, /Укажите адрес/],
    [{ email: 'a@b.ru' }, /согласие/],
    [{ email: `${'x'.repeat(300)}@b.ru`, licenses_subscribe: 'Y' }, /длинный/],
  ])('refuses %o with a Russian message', async (fields, message) => {
    const res = await visitor.post('/api/v2/user/subscribe/sign/', fields);
    expect(res.status).toBe(400);
    expect((await envelope(res)).errors?.[0]?.message).toMatch(message);
  });
});

describe('region', () => {
  it('sets the city and shows it in the header', async () => {
    const res = await visitor.post('/api/v2/user/location/region/set/', { method: 'user.location.setRegion', id: 2 });
    expect(res.status).toBe(200);
    const body = await envelope(res);
    expect(body.data?.region).toMatchObject({
      id: 2,
      cityName: 'Санкт-Петербург',
      cityCode: 'sankt-peterburg',
      locationId: '7800000000000',
      isOther: false,
    });
    const cookie = `${visitor.cookie}; ${(res.headers.get('set-cookie') ?? '').split(';')[0]}`;
    const html = await (await app.fetch('/', { headers: { cookie } })).text();
    expect(html).toContain('+7 (812) 407-18-20');
  });

  it('marks a city without a shop of its own as isOther, listed after the shop cities', async () => {
    const [voronezh] = await queryRows<{ id: number }>(
      app.database.db,
      sql`select id from cities where code = 'voronezh'`,
    );
    const res = await visitor.post('/api/v2/user/location/region/set/', { id: Number(voronezh?.id) });
    const body = await envelope(res);
    expect(body.data?.region).toMatchObject({ cityName: 'Воронеж', locationId: '3600000100000', isOther: true });
    // A new visitor's city list: the shop cities first.
    const html = await (await app.fetch('/')).text();
    expect(html.indexOf('Воронеж')).toBeGreaterThan(html.indexOf('Самара'));
  });

  it.each([
    [{ id: 'abc' }, 400],
    [{ id: -1 }, 400],
    [{ id: 999 }, 404],
  ])('refuses %o', async (fields, status) => {
    const res = await visitor.post('/api/v2/user/location/region/set/', fields);
    expect(res.status).toBe(status);
    expect((await envelope(res)).status).toBe('error');
  });
});

describe('region by address (spec §7 user/location/yandex/set)', () => {
  it('takes the city an address names as the visitor’s, with its phones', async () => {
    const res = await visitor.post('/api/v2/user/location/yandex/set/', {
      address: 'Россия, Татарстан, г. Казань, ул. Баумана, 44',
    });
    expect(res.status).toBe(200);
    expect((await envelope(res)).data?.region).toMatchObject({ cityName: 'Казань', cityCode: 'kazan', isOther: false });
    const cookie = `${visitor.cookie}; ${(res.headers.get('set-cookie') ?? '').split(';')[0]}`;
    expect(await (await app.fetch('/', { headers: { cookie } })).text()).toContain('+7 (843) 211-50-05');
  });

  it('takes the city at the coordinates the browser found, near one of its stores or pickup points', async () => {
    const res = await visitor.post('/api/v2/user/location/yandex/set/', { address: '55.7903, 49.1347' });
    expect(res.status).toBe(200);
    expect((await envelope(res)).data?.region).toMatchObject({ cityName: 'Казань', cityCode: 'kazan' });
  });

  it.each([
    [{ address: 'Тверь, Советская, 1' }, 400, 'Не нашли в адресе город, куда мы доставляем. Выберите город из списка.'],
    // Tver's centre: no store or pickup point of the shop within reach.
    [{ address: '56.8587, 35.9176' }, 400, 'Рядом с вами нет города, куда мы доставляем. Выберите город из списка.'],
    [{ address: '95.5, 49.1' }, 400, 'Координаты вне допустимых пределов: широта до 90°, долгота до 180°.'],
    [{ address: '   ' }, 400, 'Укажите адрес или город.'],
    [{}, 400, 'Укажите адрес или город.'],
    [{ address: 'Москва '.repeat(100) }, 400, 'Адрес — не длиннее 500 символов.'],
  ])('refuses %o with a clear message', async (fields, status, message) => {
    const res = await visitor.post('/api/v2/user/location/yandex/set/', fields);
    expect(res.status).toBe(status);
    expect((await envelope(res)).errors?.[0]?.message).toBe(message);
  });
});

describe('unexpected faults', () => {
  it('answer 500 with a generic Russian message, never the stack', async () => {
    const broken = await createTestApp();
    const guest = await newVisitor(broken);
    await broken.database.close();
    const api = await broken.fetch('/api/v2/user/subscribe/sign/', {
      method: 'POST',
      headers: { cookie: guest.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'x@y.ru', licenses_subscribe: 'Y', sessid: guest.sessid }).toString(),
    });
    expect(api.status).toBe(500);
    const body = await api.json();
    expect(body).toEqual({
      status: 'error',
      errors: [{ message: expect.stringMatching(/Что-то пошло не так/), code: 'INTERNAL' }],
    });
    expect(api.headers.get('x-request-id')).toBeTruthy();
    const ready = await broken.fetch('/readyz');
    expect(ready.status).toBe(503);
    await broken.close().catch(() => {});
  });
});
