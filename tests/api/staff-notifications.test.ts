import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { createTransport } from '../../server/outbox/transports';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { listOutbox, readOutbox } from '../support/outbox';
import { addStaff, loggedInStaff, type StaffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 47.1: staff hear about work. Each event reaches the members whose role and shop it concerns — a badge for
 * all of them, a message for those whose switch is on — once, however often it is recorded; a flood is summed up;
 * a Telegram chat gets its messages through the bot (a fake Bot API here).
 */

const TOKEN = '123456:TEST-token-abcdefghijklmnop';
const telegram: { path: string; body: { chat_id: string; text: string } }[] = [];
let telegramOk = true;
const fake = createServer((req: IncomingMessage, res) => {
  let raw = '';
  req.on('data', (chunk) => {
    raw += chunk;
  });
  req.on('end', () => {
    telegram.push({ path: req.url ?? '', body: JSON.parse(raw) });
    res.writeHead(telegramOk ? 200 : 400, { 'content-type': 'application/json' });
    res.end(JSON.stringify(telegramOk ? { ok: true, result: {} } : { ok: false, description: 'chat not found' }));
  });
});

let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;
let offers: OfferFacts[];
let otherShop: number;
const who = {} as Record<
  'owner' | 'manager' | 'shop' | 'otherShop' | 'content' | 'merch',
  { email: string; b: StaffBrowser }
>;

const json = async (res: Response) =>
  // biome-ignore lint/suspicious/noExplicitAny: the answers of several calls, read field by field
  (await res.json()) as { status: string; data: any; errors?: { code: string; message: string }[] };
const rowsOf = (email: string) =>
  k.rows<{ event_key: string; kind: string; delivery: string }>(
    sql`select n.event_key, n.kind, n.delivery from staff_notifications n join staff s on s.id = n.staff_id
      where lower(s.email) = ${email} order by n.id`,
  );
const lettersTo = async (email: string, kind: string) =>
  (await listOutbox(app)).filter((f) => f.to === email && f.kind === kind);
let next = 0;
/** A pickup order at the first shop (the home shop), placed through the shop's own call. */
async function placeOrder(stock = 5) {
  const offer = offers[next++] as OfferFacts;
  await k.stockOf(offer, stock, stock);
  const { v, phone } = await k.quickShopper(offer);
  const res = await k.rpc(v, 'sale.order.save', k.pickup(phone));
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(200);
  return { id: Number((body as unknown as { id: number }).id), offer };
}

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const port = (fake.address() as AddressInfo).port;
  app = await createTestApp({
    ORDERS_PER_PHONE_DAY: '100',
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_API_URL: `http://127.0.0.1:${port}`,
    WRITE_LIMIT_PER_SESSION: '1000',
  });
  ignorePoolErrorsOnClose(app.database.db);
  k = await checkoutKit(app);
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted).slice(0, 20);
  // The seed's own orders and questions are old news: the producer looks back one day.
  await app.database.db.execute(sql`update orders set created_at = now() - interval '3 days'`);
  await app.database.db.execute(sql`update questions set created_at = now() - interval '3 days'`);
  await app.database.db.execute(sql`update payments set updated_at = now() - interval '3 days'`);
  const shops = await k.rows<{ id: number }>(sql`select id from stores where type = 'shop' order by id limit 2`);
  otherShop = Number(shops.find((s) => Number(s.id) !== k.stores.shop)?.id);
  const members = [
    ['owner', 'owner', undefined],
    ['manager', 'manager', undefined],
    ['shop', 'shop', k.stores.shop],
    ['otherShop', 'shop', otherShop],
    ['content', 'content', undefined],
    ['merch', 'merchandiser', undefined],
  ] as const;
  for (const [key, role, shopId] of members) {
    const email = `notify-${key.toLowerCase()}@vyuga.test`;
    await addStaff(app, { email, role, shopId });
    who[key] = { email, b: await loggedInStaff(app, email) };
  }
});
afterAll(async () => {
  await app?.close();
  fake.close();
});

describe('staff notifications', () => {
  it('a new pickup order reaches owners, managers and its shop’s staff (badge and letter), not another shop’s', async () => {
    const { id } = await placeOrder();
    // The placement's own kick records it: no sweep is called here.
    await vi.waitFor(async () => expect(await rowsOf(who.shop.email)).toHaveLength(1), { timeout: 5_000 });
    for (const key of ['owner', 'manager', 'shop'] as const)
      expect(await rowsOf(who[key].email)).toEqual([
        { event_key: `order.new:${id}`, kind: 'order.new', delivery: 'sent' },
      ]);
    for (const key of ['otherShop', 'content', 'merch'] as const) expect(await rowsOf(who[key].email)).toEqual([]);

    const list = await json(await who.shop.b.get(STAFF_API.notifications));
    expect(list.data.unread).toBe(1);
    expect(list.data.items[0]).toMatchObject({ kind: 'order.new', link: `/admin/orders/${id}/`, read: false });
    expect(list.data.items[0].title).toMatch(/^Новый заказ № \d+$/);
    expect((await json(await who.otherShop.b.get(STAFF_API.notifications))).data).toMatchObject({
      unread: 0,
      total: 0,
    });

    await app.outbox.deliver();
    for (const key of ['owner', 'manager', 'shop'] as const) {
      const letter = await readOutbox(app, { to: who[key].email, channel: 'email' });
      expect(letter?.kind).toBe('staff-order-new');
      expect(letter?.subject).toMatch(/^Новый заказ № \d+ — ВЬЮГА$/);
      expect(letter?.text).toContain(`http://shop.test/admin/orders/${id}/`);
    }
    expect(await lettersTo(who.otherShop.email, 'staff-order-new')).toEqual([]);
  });

  it('records an event once: sweeps and records again add no row and no message', async () => {
    const before = (await listOutbox(app)).length;
    const count = async () =>
      (await k.rows<{ n: number }>(sql`select count(*)::int as n from staff_notifications`))[0]?.n;
    const rows = await count();
    await Promise.all([app.services.staffNotifications.sweep(), app.services.staffNotifications.sweep()]);
    const [first] = await k.rows<{ event_key: string }>(sql`select event_key from staff_notifications limit 1`);
    const again = await app.services.staffNotifications.record({
      key: String(first?.event_key),
      kind: 'order.new',
      shopId: k.stores.shop,
      title: 'Новый заказ',
      body: '',
      link: '',
    });
    expect(again).toBe(0);
    expect(await count()).toBe(rows);
    await app.outbox.deliver();
    expect((await listOutbox(app)).length).toBe(before);
  });

  it('the switches on /admin/account/ and the API: off leaves the badge only; on sends; a bad chat is a 400', async () => {
    const prefs = await json(await who.manager.b.get(STAFF_API.notificationPrefs));
    expect(prefs.data.switches).toContainEqual({ kind: 'order.new', title: 'Новые заказы', enabled: true });
    expect(prefs.data.switches).toContainEqual({ kind: 'question.new', title: 'Вопросы покупателей', enabled: false });
    // The manager switches new orders off through the account page's form.
    const page = await who.manager.b.form('/admin/account/', { intent: 'notifications', telegramChatId: '' });
    expect(page.status).toBe(200);
    const after = await json(await who.manager.b.get(STAFF_API.notificationPrefs));
    expect(after.data.switches.every((s: { enabled: boolean }) => !s.enabled)).toBe(true);
    // The owner switches paid orders on by the API.
    const owner = await json(
      await who.owner.b.call(STAFF_API.notificationPrefs, {
        'order.new': true,
        'order.paid': true,
        telegramChatId: '',
      }),
    );
    expect(owner.data.switches).toContainEqual({
      kind: 'order.paid',
      title: 'Оплаченные онлайн заказы',
      enabled: true,
    });
    const bad = await who.owner.b.call(STAFF_API.notificationPrefs, { telegramChatId: 'мой чат' });
    expect(bad.status).toBe(400);
    expect((await json(bad)).errors?.[0]?.message).toMatch(/Telegram: укажите номер чата/);
    expect(
      await k.rows(sql`select count(*)::int as n from audit_log where action = 'staff.notification-prefs'`),
    ).toEqual([{ n: 2 }]);

    const { id } = await placeOrder();
    await app.services.staffNotifications.sweep();
    await app.outbox.deliver();
    expect((await rowsOf(who.manager.email)).at(-1)).toEqual({
      event_key: `order.new:${id}`,
      kind: 'order.new',
      delivery: 'off',
    });
    expect(await lettersTo(who.manager.email, 'staff-order-new')).toHaveLength(1);
    expect(await lettersTo(who.owner.email, 'staff-order-new')).toHaveLength(2);

    // A paid online order: the owner (switched on) gets a letter; the manager only the badge.
    await app.database.db.execute(sql`insert into payments (order_id, provider, idempotence_key, status, amount, capture, receipt)
      values (${id}, 'test', ${`notify-${id}`}, 'paid', 150000, true, '{}'::jsonb)`);
    await app.services.staffNotifications.sweep();
    await app.outbox.deliver();
    expect(await lettersTo(who.owner.email, 'staff-order-paid')).toHaveLength(1);
    expect(await lettersTo(who.manager.email, 'staff-order-paid')).toHaveLength(0);
    expect((await rowsOf(who.manager.email)).at(-1)).toMatchObject({ kind: 'order.paid', delivery: 'off' });
  });

  it('questions reach those who answer them; overdue orders their shop; running-out sizes the stock’s keepers', async () => {
    await who.content.b.call(STAFF_API.notificationPrefs, { 'question.new': true, telegramChatId: '' });
    const [q] = await k.rows<{ id: number }>(sql`insert into questions (session_id, name, email, topic, message)
      values ('s', 'Марина', 'marina@example.ru', 'size', 'Подойдёт ли размер 44?') returning id`);
    const { id, offer } = await placeOrder(1);
    await app.database.db.execute(sql`update orders set created_at = now() - interval '2 hours' where id = ${id}`);
    const keys = async (key: keyof typeof who) => (await rowsOf(who[key].email)).map((r) => r.event_key);
    const day = new Date().toISOString().slice(0, 10);
    // A write's kick sweeps the news only: an overdue order and a size running out wait for the minute's sweep.
    await app.services.staffNotifications.sweep('news');
    expect(await keys('owner')).toContain(`question.new:${q?.id}`);
    expect(await keys('owner')).not.toContain(`order.overdue:${id}`);
    expect(await keys('owner')).not.toContain(`stock.low:${offer.id}:${day}`);
    await app.services.staffNotifications.sweep();
    await app.outbox.deliver();
    expect(await keys('content')).toEqual([`question.new:${q?.id}`]);
    expect(await keys('owner')).toContain(`question.new:${q?.id}`);
    expect(await keys('manager')).not.toContain(`question.new:${q?.id}`);
    expect(await keys('shop')).not.toContain(`question.new:${q?.id}`);
    const letter = await readOutbox(app, { to: who.content.email, channel: 'email' });
    expect(letter?.subject).toBe('Вопрос покупателя: Подбор размера — ВЬЮГА');

    for (const key of ['owner', 'manager', 'shop'] as const) expect(await keys(key)).toContain(`order.overdue:${id}`);
    expect(await keys('otherShop')).toEqual([]);

    expect(await keys('merch')).toContain(`stock.low:${offer.id}:${day}`);
    expect(await keys('owner')).toContain(`stock.low:${offer.id}:${day}`);
    expect(await keys('manager')).not.toContain(`stock.low:${offer.id}:${day}`);
    expect(await keys('shop')).not.toContain(`stock.low:${offer.id}:${day}`);
  });

  it('marks read one and all; another member’s notification is not theirs to mark', async () => {
    const list = await json(await who.shop.b.get(STAFF_API.notifications));
    expect(list.data.unread).toBeGreaterThan(1);
    const [first] = list.data.items as { id: number }[];
    const owners = await json(await who.owner.b.get(STAFF_API.notifications));
    const notMine = await json(await who.shop.b.call(STAFF_API.notificationsRead, { ids: [owners.data.items[0].id] }));
    expect(notMine.data.marked).toBe(0);
    const one = await json(await who.shop.b.call(STAFF_API.notificationsRead, { ids: [first?.id] }));
    expect(one.data).toEqual({ marked: 1, unread: list.data.unread - 1 });
    const all = await json(await who.shop.b.call(STAFF_API.notificationsRead, {}));
    expect(all.data).toEqual({ marked: list.data.unread - 1, unread: 0 });
    expect((await json(await who.owner.b.get(STAFF_API.notifications))).data.unread).toBe(owners.data.unread);
    const bad = await who.shop.b.call(STAFF_API.notificationsRead, { ids: ['x'] });
    expect(bad.status).toBe(400);
  });

  it('a flood: past five messages of a kind in five minutes, the rest wait and go as one summary', async () => {
    const email = 'notify-flood@vyuga.test';
    await addStaff(app, { email, role: 'manager' });
    for (let i = 0; i < 12; i++)
      await app.services.staffNotifications.record({
        key: `order.new:flood-${i}`,
        kind: 'order.new',
        shopId: null,
        title: `Новый заказ № F${i}`,
        body: '',
        link: '',
      });
    const rows = await rowsOf(email);
    expect(rows.filter((r) => r.delivery === 'sent')).toHaveLength(5);
    expect(rows.filter((r) => r.delivery === 'held')).toHaveLength(7);
    // Not yet: the oldest waiting has not waited the window.
    expect(await app.services.staffNotifications.flush()).toBe(0);
    const later = new Date(Date.now() + 6 * 60_000);
    const [a, b] = await Promise.all([
      app.services.staffNotifications.flush(later),
      app.services.staffNotifications.flush(later),
    ]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    await app.outbox.deliver();
    expect(await lettersTo(email, 'staff-order-new')).toHaveLength(5);
    const summaries = await lettersTo(email, 'staff-summary');
    expect(summaries).toHaveLength(1);
    const summary = await readOutbox(app, { to: email, channel: 'email' });
    expect(summary?.subject).toBe('Ещё 7 новых заказов — ВЬЮГА');
    expect(summary?.text).toContain('Новый заказ № F11');
    expect((await rowsOf(email)).filter((r) => r.delivery === 'held')).toHaveLength(0);
  });

  it('a member with a Telegram chat gets the message through the bot; a refused one is tried again', async () => {
    // A member of their own: the owner has had a flood of new orders in these five minutes (the test above).
    const email = 'notify-telegram@vyuga.test';
    await addStaff(app, { email, role: 'manager' });
    const member = await loggedInStaff(app, email);
    const res = await member.call(STAFF_API.notificationPrefs, { 'order.new': true, telegramChatId: '987654321' });
    expect(res.status).toBe(200);
    const { id } = await placeOrder();
    await app.services.staffNotifications.sweep();
    await app.outbox.deliver();
    const sent = telegram.filter((t) => t.body.chat_id === '987654321');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.path).toBe(`/bot${TOKEN}/sendMessage`);
    expect(sent[0]?.body.text).toMatch(new RegExp(`^Новый заказ № \\d+\\n.*\\nhttp://shop.test/admin/orders/${id}/$`));
    // No letter went as well: the chat replaces it.
    expect(await lettersTo(email, 'staff-order-new')).toEqual([]);

    telegramOk = false;
    await placeOrder();
    await app.services.staffNotifications.sweep();
    await app.outbox.deliver();
    const [failed] = await k.rows<{ sent_at: string | null; last_error: string | null }>(
      sql`select sent_at, last_error from outbox where channel = 'telegram' order by id desc limit 1`,
    );
    expect(failed).toEqual({ sent_at: null, last_error: 'Telegram ответил 400: chat not found' });
    telegramOk = true;
  });

  it('without a bot token the Telegram message is recorded as a file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'notify-offline-'));
    const transport = createTransport({
      SMTP_URL: undefined,
      SMS_URL: undefined,
      MAIL_FROM: 'shop@vyuga.test',
      DATA_DIR: dir,
    });
    expect(transport.describe).toContain('Telegram: файлы');
    await transport.send({
      id: 7,
      attempts: 1,
      channel: 'telegram',
      kind: 'staff-order-new',
      to: '42',
      text: 'Новый заказ',
    });
    transport.close();
    const [file] = await readdir(path.join(dir, 'outbox'));
    expect(file).toBe('000000000007_staff-order-new_42.txt');
    expect(await readFile(path.join(dir, 'outbox', file as string), 'utf8')).toContain('Новый заказ');
  });
});
