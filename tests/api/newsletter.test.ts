import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { queryRows } from '../../db/client';
import { listOutbox, readOutbox } from '../support/outbox';
import { createTestApp, newVisitor, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(app.database.db, query);
const signUp = async (email: string) => {
  const res = await (await newVisitor(app)).post(API.subscribe, { email, licenses_subscribe: 'Y' });
  expect(res.status).toBe(200);
  return (await res.json()).data.message as string;
};
/** The path and query of the first link to the shop in a letter's text. */
const linkIn = (text: string | undefined, path: string) =>
  text?.match(new RegExp(`http://shop\\.test(${path}\\?\\S+)`))?.[1] as string;

describe('newsletter double opt-in (issue 13.6)', () => {
  it('keeps a sign-up pending until the link of the confirmation letter, then sends a letter one can leave in a click', async () => {
    await signUp('Olga@Example.ru');
    expect(await rows(sql`select confirmed_at from subscriptions where email = 'olga@example.ru'`)).toEqual([
      { confirmed_at: null },
    ]);
    await app.outbox.deliver();
    const letter = await readOutbox(app, { to: 'olga@example.ru', channel: 'email' });
    expect(letter?.kind).toBe('newsletter-confirm');
    const confirm = linkIn(letter?.text, '/subscribe/confirm/');
    const page = await app.fetch(confirm);
    expect(await page.text()).toContain('Подписка подтверждена');
    const [row] = await rows<{ confirmed_at: string | null }>(
      sql`select confirmed_at from subscriptions where email = 'olga@example.ru'`,
    );
    expect(row?.confirmed_at).not.toBeNull();

    await app.outbox.deliver();
    const welcome = await readOutbox(app, { to: 'olga@example.ru', channel: 'email' });
    expect(welcome?.kind).toBe('newsletter-welcome');
    expect(welcome?.html).toContain('Отписаться');
    // Opening the confirmation again sends nothing more.
    await app.fetch(confirm);
    await app.outbox.deliver();
    expect((await listOutbox(app)).filter((f) => f.to.startsWith('olga'))).toHaveLength(2);

    const leave = linkIn(welcome?.text, '/unsubscribe/');
    expect(await (await app.fetch(leave)).text()).toContain('Вы отписаны');
    expect(await rows(sql`select 1 from subscriptions where email = 'olga@example.ru'`)).toEqual([]);
  });

  it('answers the same for a new, a pending and a confirmed address, and sends a confirmed one nothing', async () => {
    await app.database.db.execute(
      sql`insert into subscriptions (email, confirmed_at) values ('known@example.ru', now())`,
    );
    const answers = [
      await signUp('fresh@example.ru'),
      await signUp('fresh@example.ru'),
      await signUp('known@example.ru'),
    ];
    expect(new Set(answers).size).toBe(1);
    await app.outbox.deliver();
    expect(await readOutbox(app, { to: 'known@example.ru', channel: 'email' })).toBeUndefined();
    // And a second sign-up of a pending address within ten minutes sends no second letter.
    expect((await listOutbox(app)).filter((f) => f.to.startsWith('fresh'))).toHaveLength(1);
  });

  it('refuses a forged or expired confirmation and a forged unsubscribe link', async () => {
    await signUp('ivan@example.ru');
    await app.outbox.deliver();
    const confirm = linkIn(
      (await readOutbox(app, { to: 'ivan@example.ru', channel: 'email' }))?.text,
      '/subscribe/confirm/',
    );
    const forged = confirm.replace('ivan%40example.ru', 'other%40example.ru');
    expect(await (await app.fetch(forged)).text()).toContain('Ссылка не сработала');
    const expired = confirm.replace(/until=\d+/, 'until=1000');
    expect(await (await app.fetch(expired)).text()).toContain('Ссылка не сработала');
    expect(await rows(sql`select confirmed_at from subscriptions where email = 'ivan@example.ru'`)).toEqual([
      { confirmed_at: null },
    ]);
    const leave = await app.fetch('/unsubscribe/?email=ivan%40example.ru&sig=forged');
    expect(await leave.text()).toContain('Ссылка не сработала');
    expect(await rows(sql`select 1 from subscriptions where email = 'ivan@example.ru'`)).toHaveLength(1);
  });
});
