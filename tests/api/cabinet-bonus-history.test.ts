import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { ignorePoolErrorsOnClose } from '../support/basket-offers';
import { createTestApp, newVisitor, type TestApp } from '../support/test-app';

let app: TestApp;
let seq = 0;

beforeAll(async () => {
  app = await createTestApp();
  ignorePoolErrorsOnClose(app.database.db);
});
afterAll(() => app.close());

/** A newly registered user (given a card on registration, the default) and their browser's cookie. */
async function member() {
  const v = await newVisitor(app);
  const res = await v.post(API.authRegister, {
    name: 'Анна',
    email: `bonus${seq++}.${Date.now()}@example.ru`,
    password: 'Тёплый-пуховик-2026',
    agree: 'Y',
  });
  expect(res.status).toBe(200);
  const userId = (await res.json()).data.user.id as number;
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
  return {
    userId,
    page: async () => (await (await app.fetch('/lk/dc/', { headers: { cookie } })).text()).replaceAll('<!-- -->', ''),
  };
}

/** A row as the order's steps will write it (the write path is the desk's). */
const operation = (userId: number, orderId: number | null, kind: string, amount: number, at: string) =>
  app.database.db.execute(sql`
    insert into bonus_operations (user_id, order_id, kind, amount, created_at)
    values (${userId}, ${orderId}, ${kind}, ${amount}, ${at}::timestamptz)`);

/** The history table's rows as text: cells joined with « | », tags gone. */
const historyRows = (html: string) =>
  [...(html.match(/<tbody>[\s\S]*?<\/tbody>/)?.[0] ?? '').matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) =>
    [...(m[1] as string).matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)]
      .map((c) => (c[1] as string).replace(/<[^>]+>/g, '').replaceAll('\u00a0', ' '))
      .join(' | '),
  );

describe('/lk/dc/ history of bonus operations', () => {
  it('says there are none until the card has some', async () => {
    const { page } = await member();
    const html = await page();
    expect(html).toContain('История операций');
    expect(html).toContain('Операций пока нет.');
  });

  it('lists the card’s operations newest first, each with its date, what happened and ± amount', async () => {
    const me = await member();
    await operation(me.userId, 5, 'spend', -500_00, '2026-03-01T09:00:00Z');
    await operation(me.userId, 5, 'refund', 500_00, '2026-03-02T09:00:00Z');
    await operation(me.userId, 7, 'credit', 123_45, '2026-03-03T09:00:00Z');
    await operation(me.userId, 7, 'reverse', -123_45, '2026-03-04T09:00:00Z');
    await operation(me.userId, null, 'correction', 10_00, '2026-03-05T21:30:00Z');
    const html = await me.page();
    expect(html).not.toContain('Операций пока нет.');
    expect(historyRows(html)).toEqual([
      // 21:30 UTC is the next morning in Moscow.
      '06.03.2026, 00:30 | Корректировка | +10 ₽',
      '04.03.2026, 12:00 | Списано: возврат заказа № 100007 | −123,45 ₽',
      '03.03.2026, 12:00 | Начислено за заказ № 100007 | +123,45 ₽',
      '02.03.2026, 12:00 | Возвращено: заказ № 100005 отменён | +500 ₽',
      '01.03.2026, 12:00 | Списано за заказ № 100005 | −500 ₽',
    ]);
    expect(html).toContain('href="/order/?ORDER_ID=7"');
    expect(html).toContain('href="/order/?ORDER_ID=5"');
  });

  it('gives the service’s card view the history with the order’s number', async () => {
    const me = await member();
    await operation(me.userId, 12, 'credit', 250_00, '2026-03-03T09:00:00Z');
    const ctx = {
      requestId: 't',
      sessionId: 't',
      actor: { kind: 'user' as const, userId: me.userId },
      city: null,
      client: 't',
      now: () => new Date(),
    };
    const card = await app.services.cabinet.card(ctx);
    expect(card?.history).toEqual([
      {
        id: expect.any(Number),
        at: '2026-03-03T09:00:00.000Z',
        kind: 'credit',
        title: 'Начислено за заказ №\u00a0100012',
        amount: 250_00,
        orderId: 12,
        orderNumber: '100012',
      },
    ]);
  });

  it('never shows another user’s operations', async () => {
    const me = await member();
    const other = await member();
    await operation(me.userId, 21, 'credit', 100_00, '2026-03-03T09:00:00Z');
    await operation(other.userId, 22, 'credit', 777_00, '2026-03-04T09:00:00Z');
    const mine = await me.page();
    expect(historyRows(mine)).toEqual(['03.03.2026, 12:00 | Начислено за заказ № 100021 | +100 ₽']);
    expect(mine).not.toContain('100022');
    expect(mine).not.toContain('777\u00a0₽');
    const theirs = await other.page();
    expect(historyRows(theirs)).toEqual(['04.03.2026, 12:00 | Начислено за заказ № 100022 | +777 ₽']);
  });
});
