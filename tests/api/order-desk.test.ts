import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { STAFF_API } from '../../contract/staff-api';
import { courierIntervals } from '../../domain/delivery/schedule';
import { csvCell } from '../../domain/order/desk-csv';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { readOutbox } from '../support/outbox';
import { addStaff, loggedInStaff, type staffBrowser } from '../support/staff';
import { createTestApp, newVisitor, type TestApp } from '../support/test-app';

let app: TestApp;
let offers: OfferFacts[];
let k: Awaited<ReturnType<typeof checkoutKit>>;
let manager: Awaited<ReturnType<typeof staffBrowser>>;

const errorsOf = async (res: Response) => ((await res.json()) as { errors: { code: string }[] }).errors;
const path = (template: string, id: number) => template.replace(':id', String(id));

const loggedIn = (email: string) => loggedInStaff(app, email);

beforeAll(async () => {
  app = await createTestApp({ ORDERS_PER_PHONE_DAY: '100' });
  ignorePoolErrorsOnClose(app.database.db);
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted && o.price >= 100_000).slice(0, 12);
  k = await checkoutKit(app);
  await addStaff(app, { email: 'manager@vyuga.test', role: 'manager' });
  manager = await loggedIn('manager@vyuga.test');
});
afterAll(() => app.close());

const move = (id: number, to: string, extra: Record<string, unknown> = {}) =>
  manager.call(path(STAFF_API.orderTransition, id), { to, ...extra });

const stockOf = (offer: OfferFacts) =>
  k.rows<{ store_id: number; quantity: number }>(
    sql`select store_id, quantity from stock where offer_id = ${offer.id} order by store_id`,
  );

/** A logged-in member's courier order of two offers, with bonuses on the card and some spent. */
async function courierOrder(a: OfferFacts, b: OfferFacts) {
  await k.stockOf(a, 3);
  await k.stockOf(b, 3);
  const { me, phone, userId } = await k.member(a, { bonuses: 10_000_000 });
  await me.post(API.basketAdd, { offerId: b.id });
  const added = await me.post(API.addressAdd, { type: 'COURIER', city: 'Москва', street: 'Тверская', house: '7' });
  const addressId = (await added.json()).data.items[0].id;
  const list = courierIntervals(new Date(), 'Europe/Moscow', { sameDayStock: true });
  const date = Object.keys(list)[1] as string;
  const res = await k.rpc(me, 'sale.order.save', {
    ...k.pickup(phone),
    deliveryType: 'COURIER',
    deliveryAddressId: addressId,
    deliveryIntervalDate: date,
    deliveryIntervalTime: (list[date] as string[])[0] as string,
    useBonuses: 'Y',
  });
  expect(res.status).toBe(200);
  return { id: (await res.json()).id as number, me, phone, userId };
}

describe('the orders desk', () => {
  it('takes a courier order to the door: tracking told, a try-on keeps one line, bonuses credited once', async () => {
    const [a, b] = offers as [OfferFacts, OfferFacts];
    const { id, me, phone, userId } = await courierOrder(a, b);
    // The shop's own courier (no carrier was asked about the town): staff hand it over with a tracking number; a
    // carrier's courier order ships only through its registration (tests/api/shipments-courier-move.test.ts).
    await app.database.db.execute(sql`update orders set delivery = delivery - 'townCode' where id = ${id}`);
    const [card0] = await k.rows<{ bonus_balance: number }>(
      sql`select bonus_balance from discount_cards where user_id = ${userId}`,
    );

    const list = await (await manager.get(`${STAFF_API.orders}?queue=new&q=${phone}`)).json();
    expect(list.data.items.map((o: { id: number }) => o.id)).toEqual([id]);
    expect(list.data.queues.new).toBeGreaterThanOrEqual(1);

    for (const to of ['confirmed', 'assembling']) expect((await move(id, to)).status).toBe(200);
    // A courier order does not wait at a pickup point, and shipping needs its tracking number.
    expect((await errorsOf(await move(id, 'ready')))[0]?.code).toBe('ORDER_TRANSITION');
    expect((await move(id, 'shipped')).status).toBe(400);
    const shipped = await (await move(id, 'shipped', { trackingNumber: 'CDEK-1234567' })).json();
    expect(shipped.data.order).toMatchObject({ status: 'shipped', trackingNumber: 'CDEK-1234567', canBuyout: true });
    await app.outbox.deliver();
    expect((await readOutbox(app, { to: phone, channel: 'sms' }))?.text).toContain('Трек-номер: CDEK-1234567');

    const before = await (await manager.get(path(STAFF_API.order, id))).json();
    const [kept] = before.data.order.lines as { id: number; offerId: number; total: number }[];
    const stockBack = await stockOf(b);
    const res = await manager.call(path(STAFF_API.orderBuyout, id), { keptLineIds: [kept?.id] });
    expect(res.status).toBe(200);
    const order = (await res.json()).data.order;
    expect(order.status).toBe('completed');
    expect(order.lines.map((l: { returned: boolean }) => l.returned)).toEqual([false, true]);
    // The returned line's unit is back in stock; the total is what was kept, less what bonuses paid, plus delivery.
    expect((await stockOf(b)).reduce((s, r) => s + r.quantity, 0)).toBe(
      stockBack.reduce((s, r) => s + r.quantity, 0) + 1,
    );
    expect(order.total).toBe((kept?.total ?? 0) - order.bonusesUsed + order.deliveryPrice);
    expect(order.history.at(-1)).toMatchObject({ to: 'completed', actorName: 'manager@vyuga.test' });
    expect(order.history.at(-1).reason).toBe(`Примерка: вернул ${before.data.order.lines[1].name}`);
    // Bonuses: 5 % of the goods kept after discounts and bonuses, on the card, in its history.
    const earned = Math.floor(((order.total - order.deliveryPrice) * 5) / 100 / 100) * 100;
    expect(order.bonusesEarned).toBe(earned);
    const ops = await k.rows<{ kind: string; amount: number }>(
      sql`select kind, amount from bonus_operations where order_id = ${id} order by id`,
    );
    // The bonuses spent were 30 % of both lines; of the line kept, 30 % stay spent and the rest goes back.
    expect(order.bonusesUsed).toBeLessThan(before.data.order.bonusesUsed);
    expect(ops.map((o) => o.kind)).toEqual(['spend', 'refund', 'credit']);
    const [card1] = await k.rows<{ bonus_balance: number }>(
      sql`select bonus_balance from discount_cards where user_id = ${userId}`,
    );
    expect(Number(card1?.bonus_balance)).toBe(
      Number(card0?.bonus_balance) + ops.slice(1).reduce((s, o) => s + o.amount, 0),
    );

    // A return after completion takes the credit back, once.
    expect((await move(id, 'returned')).status).toBe(400);
    expect((await move(id, 'returned', { reason: 'Не подошёл размер' })).status).toBe(200);
    const after = await k.rows<{ kind: string }>(
      sql`select kind from bonus_operations where order_id = ${id} and kind = 'reverse'`,
    );
    expect(after).toHaveLength(1);
    // The shopper sees the order returned.
    expect(await (await me.get('/lk/order/')).text()).toContain('Возвращён');

    await addStaff(app, { email: 'owner@vyuga.test', role: 'owner' });
    const owner = await loggedIn('owner@vyuga.test');
    const audit = await (await owner.get(`${STAFF_API.audit}?entity=order&entityId=${id}`)).json();
    expect(audit.data.items.map((e: { action: string }) => e.action).sort()).toEqual(
      ['order.buyout', 'order.move', 'order.move', 'order.move', 'order.move'].sort(),
    );
    expect(audit.data.items[0].staff.email).toBe('manager@vyuga.test');
  });

  it('hands a shop order over by its code at that shop only; a wrong code is refused and tries are limited', async () => {
    const offer = offers[2] as OfferFacts;
    await k.stockOf(offer, 2, 2);
    const { v, phone } = await k.quickShopper(offer);
    const { id } = await (await k.rpc(v, 'sale.order.save', k.pickup(phone))).json();
    for (const to of ['confirmed', 'assembling', 'ready']) expect((await move(id, to)).status).toBe(200);
    await app.outbox.deliver();
    const sms = (await readOutbox(app, { to: phone, channel: 'sms' }))?.text ?? '';
    const code = sms.match(/Код получения: (\d{6})/)?.[1] as string;
    expect(code).toMatch(/^\d{6}$/);
    const letter = await readOutbox(app, { to: `order.${phone}@example.ru`, channel: 'email' });
    expect(letter?.subject).toContain('ждёт вас');
    expect(letter?.text).toContain('К оплате при получении');

    const [otherShop] = await k.rows<{ id: number }>(
      sql`select id from stores where type = 'shop' and id <> ${k.stores.shop} order by id limit 1`,
    );
    await addStaff(app, { email: 'other-shop@vyuga.test', role: 'shop', shopId: Number(otherShop?.id) });
    await addStaff(app, { email: 'this-shop@vyuga.test', role: 'shop', shopId: k.stores.shop });
    const other = await loggedIn('other-shop@vyuga.test');
    const here = await loggedIn('this-shop@vyuga.test');

    // Another shop sees nothing of it: not in its list, not its card, not by its code.
    expect((await other.get(path(STAFF_API.order, id))).status).toBe(404);
    expect((await (await other.get(STAFF_API.orders)).json()).data.items).toEqual([]);
    expect((await other.call(path(STAFF_API.orderHandover, id), { code })).status).toBe(404);

    const wrong = code === '000000' ? '000001' : '000000';
    const refused = await here.call(path(STAFF_API.orderHandover, id), { code: wrong });
    expect(refused.status).toBe(400);
    expect((await errorsOf(refused))[0]?.code).toBe('PICKUP_CODE_WRONG');
    const handed = await here.call(path(STAFF_API.orderHandover, id), { code });
    expect(handed.status).toBe(200);
    expect((await handed.json()).data.order.status).toBe('completed');
    // Collected: the reservation's expiry leaves it alone.
    await app.database.db.execute(sql`update orders set reserved_until = now() - interval '1 day' where id = ${id}`);
    await app.services.orders.expireReservations(new Date());
    expect(await k.rows(sql`select status from orders where id = ${id}`)).toEqual([{ status: 'completed' }]);

    // Ten tries in a quarter of an hour, right or wrong.
    const tries = [];
    for (let i = 0; i < 11; i += 1)
      tries.push((await here.call(path(STAFF_API.orderHandover, id), { code: wrong })).status);
    expect(tries.at(-1)).toBe(429);
  });

  it('refuses shoppers, visitors and roles that may not, and moves the table does not allow', async () => {
    const offer = offers[3] as OfferFacts;
    await k.stockOf(offer, 2, 2);
    const { v, phone } = await k.quickShopper(offer);
    const { id } = await (await k.rpc(v, 'sale.order.save', k.pickup(phone))).json();

    expect((await v.get(path(STAFF_API.order, id))).status).toBe(401);
    expect((await (await newVisitor(app)).get(STAFF_API.orders)).status).toBe(401);
    await addStaff(app, { email: 'content@vyuga.test', role: 'content' });
    const content = await loggedIn('content@vyuga.test');
    expect((await content.get(STAFF_API.orders)).status).toBe(403);
    const forbidden = await content.call(path(STAFF_API.orderTransition, id), { to: 'confirmed' });
    expect(forbidden.status).toBe(403);
    expect((await errorsOf(forbidden))[0]?.code).toBe('FORBIDDEN');
    expect((await content.get(`${STAFF_API.ordersCsv}`)).status).toBe(403);

    const skip = await move(id, 'completed');
    expect(skip.status).toBe(409);
    expect((await errorsOf(skip))[0]?.code).toBe('ORDER_TRANSITION');
    expect((await move(id, 'cancelled')).status).toBe(400);
    expect((await manager.get(`${STAFF_API.orders}?from=вчера`)).status).toBe(400);
    expect((await manager.get(path(STAFF_API.order, 999_999))).status).toBe(404);
    expect((await manager.get('/api/v2/admin/orders/abc/')).status).toBe(404);

    // A staff cancel gives back the stock exactly as the shopper's does.
    const held = await stockOf(offer);
    const cancelled = await move(id, 'cancelled', { reason: 'Покупатель передумал по телефону' });
    expect(cancelled.status).toBe(200);
    expect((await stockOf(offer)).reduce((s, r) => s + r.quantity, 0)).toBe(
      held.reduce((s, r) => s + r.quantity, 0) + 1,
    );
    const card = (await cancelled.json()).data.order;
    expect(card.history.at(-1)).toMatchObject({
      from: 'new',
      to: 'cancelled',
      reason: 'Покупатель передумал по телефону',
    });
    expect(card.allowedTransitions).toEqual([]);
  });

  it('adds notes to the timeline and exports the filtered list as CSV for Excel, formulas neutralised', async () => {
    const offer = offers[4] as OfferFacts;
    await k.stockOf(offer, 2, 2);
    const { v, phone } = await k.quickShopper(offer);
    const { id } = await (
      await k.rpc(v, 'sale.order.save', { ...k.pickup(phone), name: '=HYPERLINK("http://evil","Анна")' })
    ).json();
    const noted = await manager.call(path(STAFF_API.orderNotes, id), { text: 'Перезвонить после 18:00' });
    expect((await noted.json()).data.order.notes).toMatchObject([
      { text: 'Перезвонить после 18:00', staff: { email: 'manager@vyuga.test' } },
    ]);
    expect((await manager.call(path(STAFF_API.orderNotes, id), { text: '  ' })).status).toBe(400);

    // Past the confirm time (60 minutes by default) a new order leaves «Новые» for «Подтвердить», flagged.
    const inQueue = async (queue: string) =>
      (await (await manager.get(`${STAFF_API.orders}?queue=${queue}&q=${phone}`)).json()).data.items;
    expect(await inQueue('new')).toMatchObject([{ id, overdue: false }]);
    await app.database.db.execute(sql`update orders set created_at = now() - interval '61 minutes' where id = ${id}`);
    expect(await inQueue('new')).toEqual([]);
    expect(await inQueue('confirm')).toMatchObject([{ id, overdue: true }]);

    const res = await manager.get(`${STAFF_API.ordersCsv}?q=${phone}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const [header, row, rest] = text.split('\r\n');
    expect(header?.split(';')[0]).toBe('Номер');
    expect(row?.split(';')[0]).toBe(String(100_000 + id));
    expect(row).toContain(`"'=HYPERLINK(""http://evil"",""Анна"")"`);
    expect(rest).toBe('');
    for (const cell of ['=1+1', '+7999', '-5', '@SUM(A1)']) expect(csvCell(cell).replace(/^"/, '')).toMatch(/^'/);
  });
});
