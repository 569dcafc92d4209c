import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { STAFF_API } from '../../contract/staff-api';
import { formatPhone } from '../../domain/auth/phone';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { type CheckoutKit, checkoutKit } from '../support/checkout';
import { readOutbox } from '../support/outbox';
import { addStaff, loggedInStaff, type staffBrowser } from '../support/staff';
import { createTestApp, newVisitor, SHOP_ORIGIN, type TestApp, type Visitor } from '../support/test-app';

let app: TestApp;
let offers: OfferFacts[];
let k: CheckoutKit;
let manager: Awaited<ReturnType<typeof staffBrowser>>;
let shop: Awaited<ReturnType<typeof staffBrowser>>;
let content: Awaited<ReturnType<typeof staffBrowser>>;
let merchandiser: Awaited<ReturnType<typeof staffBrowser>>;
let next = 0;

const PASSWORD = 'Тёплый-пуховик-2026';
const BLOCKED_LOGIN = 'Учётная запись заблокирована. Обратитесь в магазин: 8 (800) 555-35-35.';
const path = (template: string, id: number) => template.replace(':id', String(id));

const loggedIn = (email: string) => loggedInStaff(app, email);

beforeAll(async () => {
  app = await createTestApp({ PHONE_CODES_PER_CLIENT: '10000', ORDERS_PER_PHONE_DAY: '100' });
  ignorePoolErrorsOnClose(app.database.db);
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted).slice(0, 12);
  k = await checkoutKit(app);
  await addStaff(app, { email: 'cust-manager@vyuga.test', role: 'manager' });
  await addStaff(app, { email: 'cust-shop@vyuga.test', role: 'shop', shopId: k.stores.shop });
  await addStaff(app, { email: 'cust-content@vyuga.test', role: 'content' });
  await addStaff(app, { email: 'cust-merch@vyuga.test', role: 'merchandiser' });
  [manager, shop, content, merchandiser] = await Promise.all([
    loggedIn('cust-manager@vyuga.test'),
    loggedIn('cust-shop@vyuga.test'),
    loggedIn('cust-content@vyuga.test'),
    loggedIn('cust-merch@vyuga.test'),
  ]);
});
afterAll(() => app.close());

/** A registered shopper with a cart, a confirmed phone, a unique last name and a card holding `bonuses` kopecks. */
async function customer(bonuses = 1_000_00) {
  const offer = offers[next++ % offers.length] as OfferFacts;
  await k.stockOf(offer, 5, 5);
  const m = await k.member(offer, { bonuses });
  const lastName = `Снегирёва${randomInt(0, 1e9)}`;
  await app.database.db.execute(sql`update users set last_name = ${lastName} where id = ${m.userId}`);
  const [row] = await k.rows<{ email: string; number: string }>(
    sql`select u.email, c.number from users u join discount_cards c on c.user_id = u.id where u.id = ${m.userId}`,
  );
  return { ...m, offer, lastName, email: row?.email as string, card: row?.number as string };
}

type Card = {
  id: number;
  blocked: { reason: string } | null;
  card: { bonusBalance: number } | null;
  bonusHistory: { amount: number; reason: string | null; staffEmail: string | null; title: string }[];
};
const json = async <T>(res: Response) => (await res.json()) as T;
const found = async (q: string) =>
  (
    await json<{ data: { items: { id: number; blocked: boolean }[] } }>(
      await manager.get(`${STAFF_API.customers}?q=${encodeURIComponent(q)}`),
    )
  ).data.items.map((c) => c.id);
const cardOf = async (id: number) =>
  (await json<{ data: { customer: Card } }>(await manager.get(path(STAFF_API.customer, id)))).data.customer;
const errorOf = async (res: Response) => (await json<{ errors: { code: string; message: string }[] }>(res)).errors[0];
const rpcError = async (res: Response) => (await json<{ error: { code: string; msg: string } }>(res)).error;
const audits = (id: number) =>
  k.rows<{ action: string; staff_email: string; changes: Record<string, { before: unknown; after: unknown }> }>(
    sql`select action, staff_email, changes from audit_log where entity = 'customer' and entity_id = ${String(id)}
      order by id`,
  );
const block = (who: typeof manager, id: number, body: Record<string, unknown>) =>
  who.call(path(STAFF_API.customerBlock, id), body);
const bonus = (who: typeof manager, id: number, body: Record<string, unknown>) =>
  who.call(path(STAFF_API.customerBonus, id), body);
const state = async (v: Pick<Visitor, 'get'>) =>
  (await json<{ data: { user: { auth: boolean; id: number | null } } }>(await v.get(API.userState))).data.user;
const passwordLogin = async (login: string) =>
  (await newVisitor(app)).post(API.authLogin, { login, password: PASSWORD });

/** A login by SMS code, as the login form sends it: the code from the outbox. */
async function codeLogin(phone: string) {
  const v = await newVisitor(app);
  expect((await v.post(API.phoneCodeSend, { phone })).status).toBe(200);
  await app.outbox.deliver();
  const code = (await readOutbox(app, { to: phone, channel: 'sms' }))?.text.match(/\d{6}/)?.[0] as string;
  return v.post(API.phoneCodeCheck, { phone, code, login: 'Y' });
}

/** A guest's visitor with `phone` confirmed on the session and `offer` in the cart. */
async function guestWith(phone: string, offer: OfferFacts) {
  const v = await newVisitor(app);
  await v.post(API.basketAdd, { offerId: offer.id });
  const id = decodeURIComponent(v.cookie.split('=')[1] ?? '').split('.')[0];
  await app.database.db.execute(sql`update sessions set confirmed_phone = ${phone} where id = ${id}`);
  return v;
}

describe('GET /api/v2/admin/customers/ search', () => {
  it('finds a customer by last name, name and last name, email, the phone in any format and the card number', async () => {
    const c = await customer();
    const [first] = await k.rows<{ name: string }>(sql`select name from users where id = ${c.userId}`);
    const digits = c.phone;
    for (const q of [
      c.lastName,
      c.lastName.toLowerCase().slice(0, -2),
      `${first?.name} ${c.lastName}`,
      c.email,
      c.email.toUpperCase(),
      digits,
      formatPhone(digits),
      `8 ${digits.slice(1, 4)} ${digits.slice(4, 7)}-${digits.slice(7, 9)}-${digits.slice(9)}`,
      c.card,
      `${c.card.slice(0, 1)} ${c.card.slice(1, 7)} ${c.card.slice(7)}`,
    ])
      expect(await found(q), q).toContain(c.userId);
    const other = await customer();
    expect(await found(c.lastName)).not.toContain(other.userId);
    expect(await found('%')).toEqual([]);
  });

  it('lists with the columns, pages and a bad query is a Russian 400', async () => {
    const c = await customer();
    const res = await manager.get(`${STAFF_API.customers}?q=${c.lastName}`);
    const body = await json<{ data: { items: Record<string, unknown>[]; total: number; page: number; pages: number } }>(
      res,
    );
    expect(body.data).toMatchObject({ total: 1, page: 1, pages: 1 });
    expect(body.data.items[0]).toMatchObject({
      id: c.userId,
      email: c.email,
      phone: c.phone,
      card: c.card,
      ordersCount: 0,
      lastOrderAt: null,
      blocked: false,
    });
    const bad = await manager.get(`${STAFF_API.customers}?page=abc`);
    expect(bad.status).toBe(400);
    expect((await errorOf(bad))?.message).toBe('Страница — целое число.');
    expect((await manager.get(path(STAFF_API.customer, 999_999_999))).status).toBe(404);
    expect((await manager.get(STAFF_API.customer.replace(':id', 'x'))).status).toBe(404);
  });
});

describe('block and unblock', () => {
  it('logs the open session out, refuses both logins and any order, and an unblock lets them in again', async () => {
    const c = await customer();
    expect((await state(c.me)).id).toBe(c.userId);

    const noReason = await block(manager, c.userId, { blocked: true, reason: '  ' });
    expect(noReason.status).toBe(400);
    expect((await errorOf(noReason))?.message).toBe('Укажите причину блокировки.');
    expect((await cardOf(c.userId)).blocked).toBeNull();

    const res = await block(manager, c.userId, { blocked: true, reason: 'Мошеннические возвраты' });
    expect(res.status).toBe(200);
    const blocked = (await json<{ data: { customer: Card } }>(res)).data.customer;
    expect(blocked.blocked?.reason).toBe('Мошеннические возвраты');
    expect(await found(c.lastName)).toEqual([c.userId]);
    expect(
      (
        await json<{ data: { items: { blocked: boolean }[] } }>(
          await manager.get(`${STAFF_API.customers}?q=${c.lastName}`),
        )
      ).data.items[0]?.blocked,
    ).toBe(true);

    // The open session is logged out at once.
    expect(await state(c.me)).toMatchObject({ auth: false, id: null });

    // Password login, by email and by phone.
    for (const login of [c.email, c.phone]) {
      const refused = await passwordLogin(login);
      expect(refused.status, login).toBe(403);
      expect((await errorOf(refused))?.message).toBe(BLOCKED_LOGIN);
    }
    // The login page's form (no JavaScript) says the same, and logs no one in.
    const page = await app.fetch('/auth/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SHOP_ORIGIN },
      body: new URLSearchParams({ intent: 'password', login: c.email, password: PASSWORD }).toString(),
      redirect: 'manual',
    });
    expect(page.status).toBe(200);
    expect((await page.text()).replaceAll('<!-- -->', '')).toContain(BLOCKED_LOGIN);
    // SMS code login.
    const byCode = await codeLogin(c.phone);
    expect(byCode.status).toBe(403);
    expect((await errorOf(byCode))?.message).toBe(BLOCKED_LOGIN);

    // An order: a session still bound to the user, a guest with the phone, a guest with the email.
    const ordersBefore = await k.rows<{ n: number }>(sql`select count(*)::int as n from orders`);
    const [meSession] = await k.rows<{ id: string }>(
      sql`select id from sessions where id = ${decodeURIComponent(c.me.cookie.split('=')[1] ?? '').split('.')[0]}`,
    );
    expect(meSession).toBeDefined();
    if (meSession)
      await app.database.db.execute(sql`update sessions set user_id = ${c.userId} where id = ${meSession.id}`);
    const asUser = await k.rpc(c.me, 'sale.order.save', k.pickup(c.phone));
    expect(asUser.status).toBe(403);
    expect((await rpcError(asUser)).msg).toMatch(/^Оформить заказ нельзя: учётная запись покупателя заблокирована/);
    await app.database.db.execute(sql`update sessions set user_id = null where user_id = ${c.userId}`);

    const guest = await guestWith(c.phone, c.offer);
    const asGuest = await k.rpc(guest, 'sale.order.save', k.pickup(c.phone));
    expect(asGuest.status).toBe(403);
    expect((await rpcError(asGuest)).code).toBe('sale.order/CUSTOMER_BLOCKED');

    const otherPhone = `7912${String(randomInt(0, 1e7)).padStart(7, '0')}`;
    const byEmail = await guestWith(otherPhone, c.offer);
    const asEmail = await k.rpc(byEmail, 'sale.order.save', { ...k.pickup(otherPhone), email: c.email });
    expect(asEmail.status).toBe(403);
    expect(await k.rows<{ n: number }>(sql`select count(*)::int as n from orders`)).toEqual(ordersBefore);

    // Unblocked: the password and the code log in, and the order goes through.
    const free = await block(manager, c.userId, { blocked: false });
    expect(free.status).toBe(200);
    expect((await json<{ data: { customer: Card } }>(free)).data.customer.blocked).toBeNull();
    expect((await passwordLogin(c.email)).status).toBe(200);
    // The minute between two codes to one phone is not what this test waits for.
    await app.services.limits.reset(c.phone, app.services.limitRules.phoneCodeResend);
    expect((await codeLogin(c.phone)).status).toBe(200);
    const placed = await k.rpc(guest, 'sale.order.save', k.pickup(c.phone));
    expect(placed.status, await placed.clone().text()).toBe(200);

    const entries = await audits(c.userId);
    expect(entries.map((e) => e.action)).toEqual(['customer.block', 'customer.unblock']);
    expect(entries[0]).toMatchObject({
      staff_email: 'cust-manager@vyuga.test',
      changes: {
        blocked: { before: false, after: true },
        reason: { before: null, after: 'Мошеннические возвраты' },
        sessionsEnded: { before: null, after: 1 },
      },
    });
    expect(entries[1]?.changes.blocked).toEqual({ before: true, after: false });
  });

  it('blocks from the page form without JavaScript', async () => {
    const c = await customer();
    const page = await manager.get(`/admin/customers/${c.userId}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(c.email);
    expect(html).toContain('Причина блокировки');
    const empty = await manager.form(`/admin/customers/${c.userId}/`, { intent: 'block', blocked: 'true', reason: '' });
    expect(empty.status).toBe(400);
    expect((await cardOf(c.userId)).blocked).toBeNull();
    const res = await manager.form(`/admin/customers/${c.userId}/`, {
      intent: 'block',
      blocked: 'true',
      reason: 'Просьба покупателя',
    });
    expect(res.status).toBe(200);
    expect((await cardOf(c.userId)).blocked?.reason).toBe('Просьба покупателя');
    expect(await state(c.me)).toMatchObject({ auth: false });
  });
});

describe('bonus corrections', () => {
  it('adds and takes with a reason, shown in the cabinet; below zero is 409 with nothing changed', async () => {
    const c = await customer(1_000_00);
    const plus = await bonus(manager, c.userId, { amount: 500, reason: 'Компенсация за задержку' });
    expect(plus.status).toBe(200);
    expect((await json<{ data: { customer: Card } }>(plus)).data.customer.card?.bonusBalance).toBe(1500);
    const minus = await bonus(manager, c.userId, { amount: '-200,50', reason: 'Ошибочное начисление' });
    expect(minus.status).toBe(200);
    const after = (await json<{ data: { customer: Card } }>(minus)).data.customer;
    expect(after.card?.bonusBalance).toBe(1299.5);
    expect(after.bonusHistory.slice(0, 2)).toMatchObject([
      { amount: -200.5, reason: 'Ошибочное начисление', staffEmail: 'cust-manager@vyuga.test', title: 'Корректировка' },
      { amount: 500, reason: 'Компенсация за задержку', staffEmail: 'cust-manager@vyuga.test' },
    ]);

    // The shopper's cabinet: the balance and both operations.
    const lk = (await (await c.me.get('/lk/dc/')).text()).replaceAll('<!-- -->', '').replaceAll('\u00a0', ' ');
    expect(lk).toContain('1 299,50 ₽');
    expect(lk).toContain('+500 ₽');
    expect(lk).toContain('−200,50 ₽');

    const auditBefore = (await audits(c.userId)).length;
    const opsBefore = await k.rows(sql`select id from bonus_operations where user_id = ${c.userId}`);
    const tooMuch = await bonus(manager, c.userId, { amount: -1300, reason: 'Списать всё' });
    expect(tooMuch.status).toBe(409);
    expect((await errorOf(tooMuch))?.message).toBe(
      'Столько бонусов списать нельзя: баланс не может стать меньше нуля.',
    );
    const noReason = await bonus(manager, c.userId, { amount: 10, reason: '' });
    expect(noReason.status).toBe(400);
    expect((await errorOf(noReason))?.message).toBe('Укажите причину корректировки.');
    const zero = await bonus(manager, c.userId, { amount: '0', reason: 'Ноль' });
    expect(zero.status).toBe(400);
    const words = await bonus(manager, c.userId, { amount: 'сто', reason: 'Текст' });
    expect(words.status).toBe(400);
    expect((await cardOf(c.userId)).card?.bonusBalance).toBe(1299.5);
    expect(await k.rows(sql`select id from bonus_operations where user_id = ${c.userId}`)).toEqual(opsBefore);
    expect((await audits(c.userId)).length).toBe(auditBefore);

    // Exactly to zero is allowed.
    expect((await bonus(manager, c.userId, { amount: -1299.5, reason: 'Обнуление' })).status).toBe(200);
    expect((await cardOf(c.userId)).card?.bonusBalance).toBe(0);

    const entries = (await audits(c.userId)).filter((e) => e.action === 'customer.bonus');
    expect(entries).toHaveLength(3);
    expect(entries[0]?.changes).toMatchObject({
      bonusBalance: { before: 1_000_00, after: 1_500_00 },
      amount: { after: 500_00 },
      reason: { after: 'Компенсация за задержку' },
    });
  });

  it('corrects from the page form', async () => {
    const c = await customer(0);
    const res = await manager.form(`/admin/customers/${c.userId}/`, {
      intent: 'bonus',
      amount: '250',
      reason: 'Подарок',
    });
    expect(res.status).toBe(200);
    expect((await cardOf(c.userId)).card?.bonusBalance).toBe(250);
    const below = await manager.form(`/admin/customers/${c.userId}/`, {
      intent: 'bonus',
      amount: '-300',
      reason: 'Слишком',
    });
    expect(below.status).toBe(409);
    expect(await below.text()).toContain('баланс не может стать меньше нуля');
    expect((await cardOf(c.userId)).card?.bonusBalance).toBe(250);
  });
});

describe('permissions', () => {
  it('shop, content and merchandiser get 403 on the API and the page, and nothing changes', async () => {
    const c = await customer(100_00);
    for (const who of [shop, content, merchandiser]) {
      expect((await who.get(`${STAFF_API.customers}?q=${c.lastName}`)).status).toBe(403);
      expect((await who.get(path(STAFF_API.customer, c.userId))).status).toBe(403);
      expect((await block(who, c.userId, { blocked: true, reason: 'Нельзя' })).status).toBe(403);
      // The permission before the body: even a bad body is a 403.
      expect((await bonus(who, c.userId, { amount: 'x' })).status).toBe(403);
      expect((await bonus(who, c.userId, { amount: 100, reason: 'Нельзя' })).status).toBe(403);
      expect((await who.get(`/admin/customers/${c.userId}/`)).status).toBe(403);
      expect((await who.get('/admin/customers/')).status).toBe(403);
      expect(
        (await who.form(`/admin/customers/${c.userId}/`, { intent: 'block', blocked: 'true', reason: 'Нельзя' }))
          .status,
      ).toBe(403);
      expect(
        (await who.form(`/admin/customers/${c.userId}/`, { intent: 'bonus', amount: '5', reason: 'Нельзя' })).status,
      ).toBe(403);
    }
    const card = await cardOf(c.userId);
    expect(card.blocked).toBeNull();
    expect(card.card?.bonusBalance).toBe(100);
    expect(await audits(c.userId)).toEqual([]);
    expect((await state(c.me)).id).toBe(c.userId);
    // The manager sees the nav item, the shop member does not.
    expect(await (await manager.get('/admin/')).text()).toContain('Покупатели');
    expect(await (await shop.get('/admin/')).text()).not.toContain('href="/admin/customers/"');
  });
});
