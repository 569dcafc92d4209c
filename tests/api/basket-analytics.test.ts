import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOALS } from '../../app/lib/analytics';
import { queryRows } from '../../db/client';
import { ignorePoolErrorsOnClose } from '../support/basket-offers';
import { createTestApp, newVisitor, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  ignorePoolErrorsOnClose(app.database.db);
});
afterAll(() => app.close());

const URL = '/api/v2/event/set/';

async function stored(event2: string) {
  return queryRows<{ session_id: string; event1: string; event2: string | null; params: string | null }>(
    app.database.db,
    sql`select session_id, event1, event2, params from events where event2 = ${event2}`,
  );
}

describe('event/set', () => {
  it('stores a goal sent as a form, with its params', async () => {
    const v = await newVisitor(app);
    const res = await v.post(URL, {
      method: 'event.set',
      event1: 'goal',
      event2: 'add_to_cart',
      params: '{"offerId":12}',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', data: {} });
    const [row] = await stored('add_to_cart');
    expect(row).toMatchObject({ event1: 'goal', event2: 'add_to_cart', params: '{"offerId":12}' });
    expect(v.cookie).toContain(row?.session_id);
  });

  it('stores every goal of the spec that the shop’s analytics module can send, spaces and all', async () => {
    const v = await newVisitor(app);
    for (const goal of GOALS) {
      const res = await v.post(URL, { method: 'event.set', event1: 'goal', event2: goal, params: '{}' });
      expect({ goal, status: res.status }).toEqual({ goal, status: 200 });
    }
    const rows = await queryRows<{ session_id: string; event2: string }>(
      app.database.db,
      sql`select session_id, event2 from events where event1 = 'goal'`,
    );
    const mine = rows.filter((r) => v.cookie.includes(r.session_id)).map((r) => r.event2);
    expect(mine.sort()).toEqual([...GOALS].sort());
  });

  it('takes JSON with params as an object', async () => {
    const v = await newVisitor(app);
    const res = await app.fetch(URL, {
      method: 'POST',
      headers: { cookie: v.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        sessid: v.sessid,
        method: 'event.set',
        event1: 'basket',
        event2: 'update',
        params: { availableCount: 2 },
      }),
    });
    expect(res.status).toBe(200);
    const [row] = await stored('update');
    expect(JSON.parse(row?.params ?? '')).toEqual({ availableCount: 2 });
  });

  it.each([
    ['no method', { event1: 'goal' }, /Неизвестный метод/],
    ['another method', { method: 'event.get', event1: 'goal' }, /Неизвестный метод/],
    ['no event1', { method: 'event.set' }, /Укажите событие/],
    ['a bad event name', { method: 'event.set', event1: '<script>' }, /Название события/],
    ['a long event name', { method: 'event.set', event1: 'a'.repeat(65) }, /Слишком длинное/],
    ['params over 1 KB', { method: 'event.set', event1: 'goal', params: 'x'.repeat(1025) }, /не больше 1 КБ/],
    ['params over 1 KB of UTF-8', { method: 'event.set', event1: 'goal', params: 'ж'.repeat(513) }, /не больше 1 КБ/],
  ])('refuses %s with 400 and a Russian message', async (_name, fields, message) => {
    const v = await newVisitor(app);
    const res = await v.post(URL, fields);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.status).toBe('error');
    expect(body.errors[0].message).toMatch(message);
  });

  it('takes params of exactly 1 KB', async () => {
    const v = await newVisitor(app);
    const params = 'ж'.repeat(512);
    const res = await v.post(URL, { method: 'event.set', event1: 'goal', event2: 'kilobyte', params });
    expect(res.status).toBe(200);
    expect((await stored('kilobyte'))[0]?.params).toBe(params);
  });

  it('takes 60 events a minute from a session, refuses the 61st with 429 and the wait, and stores nothing for it', async () => {
    const v = await newVisitor(app);
    const send = (event2: string) => v.post(URL, { method: 'event.set', event1: 'goal', event2 });
    for (let i = 0; i < 60; i++) expect((await send('steady')).status).toBe(200);
    const refused = await send('one_too_many');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await refused.json()).errors[0]).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Слишком много попыток\. Повторите через/),
    });
    expect(await stored('one_too_many')).toHaveLength(0);
    expect(await stored('steady')).toHaveLength(60);
    // Another session still sends.
    expect((await (await newVisitor(app)).post(URL, { method: 'event.set', event1: 'goal' })).status).toBe(200);
  });

  it('refuses a call without sessid', async () => {
    const v = await newVisitor(app);
    const res = await v.post(URL, { method: 'event.set', event1: 'goal', event2: 'go_to_cart' }, { sessid: null });
    expect(res.status).toBe(403);
    expect((await stored('go_to_cart')).filter((r) => v.cookie.includes(r.session_id))).toEqual([]);
  });
});
