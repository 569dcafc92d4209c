import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, RPC_PATH } from '../../contract/api';
import { orderReads } from '../../db/repositories/orders';
import { cutOffs, SHOP_KEEP_DAYS } from '../../domain/delivery/schedule';
import { ORDER_TRANSITIONS, type OrderStatus, statesMovingTo } from '../../domain/order/process';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { readOutbox } from '../support/outbox';
import { createTestApp, newVisitor, type TestApp } from '../support/test-app';

let app: TestApp;
let offers: OfferFacts[];
let k: Awaited<ReturnType<typeof checkoutKit>>;

beforeAll(async () => {
  app = await createTestApp({ ORDERS_PER_PHONE_DAY: '100' });
  ignorePoolErrorsOnClose(app.database.db);
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted && o.price >= 100_000).slice(0, 12);
  k = await checkoutKit(app);
});
afterAll(() => app.close());

const stockRows = (offer: OfferFacts) =>
  k.rows<{ store_id: number; quantity: number }>(
    sql`select store_id, quantity from stock where offer_id = ${offer.id} order by store_id`,
  );

describe('a shopper cancels an order', () => {
  it('while it is new: the stock goes back to its stores, the promo code use returns, an SMS goes out', async () => {
    const offer = offers[0] as OfferFacts;
    await k.stockOf(offer, 1, 2);
    const before = await stockRows(offer);
    await app.database.db.execute(sql`insert into promo_codes (code, percent, max_uses) values ('RAZOK', 5, 1)`);
    const { v, phone } = await k.quickShopper(offer, 2);
    expect((await k.rpc(v, 'sale.order.setPromocode', { promocode: 'RAZOK' })).status).toBe(200);
    const { id } = await (await k.rpc(v, 'sale.order.save', k.pickup(phone))).json();
    expect(await stockRows(offer)).not.toEqual(before);
    expect(await k.rows(sql`select uses from promo_codes where code = 'RAZOK'`)).toEqual([{ uses: 1 }]);

    const res = await v.post(API.orderCancel, { id });
    expect(res.status).toBe(200);
    expect((await res.json()).data.order).toMatchObject({ id, status: 'cancelled', canCancel: false });
    expect(await stockRows(offer)).toEqual(before);
    expect(await k.rows(sql`select uses from promo_codes where code = 'RAZOK'`)).toEqual([{ uses: 0 }]);
    expect(await k.rows(sql`select 1 from promo_code_uses where order_id = ${id}`)).toEqual([]);
    expect(
      await k.rows(sql`select status, actor from order_status_history where order_id = ${id} order by id`),
    ).toEqual([
      { status: 'new', actor: 'shopper' },
      { status: 'cancelled', actor: 'shopper' },
    ]);
    await app.outbox.deliver();
    expect((await readOutbox(app, { to: phone, channel: 'sms' }))?.text).toBe(
      `Заказ № ${100_000 + id} отменён: по вашей просьбе. ВЬЮГА`,
    );
    // The one-use code is free for the next shopper.
    await k.stockOf(offers[1] as OfferFacts, 1, 1);
    const next = await k.quickShopper(offers[1] as OfferFacts);
    expect((await k.rpc(next.v, 'sale.order.setPromocode', { promocode: 'RAZOK' })).status).toBe(200);
    expect((await k.rpc(next.v, 'sale.order.save', k.pickup(next.phone))).status).toBe(200);
  });

  it('gives a user the bonuses the order spent', async () => {
    const offer = offers[2] as OfferFacts;
    await k.stockOf(offer, 3, 1);
    const { me, phone, userId } = await k.member(offer, { bonuses: 500_000 });
    const saved = await me.post(RPC_PATH, { method: 'sale.order.save', ...k.pickup(phone), useBonuses: 'Y' });
    const { id } = await saved.json();
    const balance = async () =>
      Number(
        (await k.rows<{ b: number }>(sql`select bonus_balance as b from discount_cards where user_id = ${userId}`))[0]
          ?.b,
      );
    expect(await balance()).toBeLessThan(500_000);
    expect((await me.post(API.orderCancel, { id })).status).toBe(200);
    expect(await balance()).toBe(500_000);
  });

  it('only for its owner, only once, and only while the shop has not taken it', async () => {
    const offer = offers[3] as OfferFacts;
    await k.stockOf(offer, 5, 1);
    const before = await stockRows(offer);
    const { v, phone } = await k.quickShopper(offer);
    const { id } = await (await k.rpc(v, 'sale.order.save', k.pickup(phone))).json();
    const stranger = await newVisitor(app);
    const foreign = await stranger.post(API.orderCancel, { id });
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).errors[0].message).toBe('Заказ не найден.');
    expect((await stranger.post(API.orderCancel, { id, token: 'forged' })).status).toBe(404);
    expect((await stranger.post(API.orderCancel, { id: 'abc' })).status).toBe(400);
    expect(await k.rows(sql`select status from orders where id = ${id}`)).toEqual([{ status: 'new' }]);

    await app.database.db.execute(sql`update orders set status = 'confirmed' where id = ${id}`);
    const late = await v.post(API.orderCancel, { id });
    expect(late.status).toBe(409);
    expect((await late.json()).errors[0].message).toBe(
      'Заказ уже принят магазином: отменить его можно по телефону магазина.',
    );
    await app.database.db.execute(sql`update orders set status = 'new' where id = ${id}`);
    expect((await v.post(API.orderCancel, { id })).status).toBe(200);
    const again = await v.post(API.orderCancel, { id });
    expect(again.status).toBe(409);
    expect(await stockRows(offer)).toEqual(before);
  });

  it('from the order page with a plain form, which then says it is cancelled and offers no cancel', async () => {
    const offer = offers[4] as OfferFacts;
    await k.stockOf(offer, 2, 1);
    const { v, phone } = await k.quickShopper(offer);
    const { id } = await (await k.rpc(v, 'sale.order.save', k.pickup(phone))).json();
    const page = await (await v.get(`/order/?ORDER_ID=${id}`)).text();
    expect(page).toContain('Отменить заказ');
    const res = await v.post(`/order/?ORDER_ID=${id}`, { intent: 'cancel' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Заказ отменён. Товары вернулись в продажу.');
    expect(html).toContain(`Заказ № ${100_000 + id} отменён`);
    expect(html).not.toContain('Да, отменить заказ');
    expect((await v.post(`/order/?ORDER_ID=${id}`, { intent: 'delete' })).status).toBe(400);
  });

  it('sent 50 times at once, returns the stock once', async () => {
    const offer = offers[5] as OfferFacts;
    await k.stockOf(offer, 3, 3);
    const before = await stockRows(offer);
    const { v, phone } = await k.quickShopper(offer, 2);
    const { id } = await (await k.rpc(v, 'sale.order.save', k.pickup(phone))).json();
    const answers = await Promise.all(Array.from({ length: 50 }, () => v.post(API.orderCancel, { id })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(new Set(statuses.filter((s) => s !== 200))).toEqual(new Set([409]));
    expect(await stockRows(offer)).toEqual(before);
    expect(await k.rows(sql`select count(*)::int as n from order_status_history where order_id = ${id}`)).toEqual([
      { n: 2 },
    ]);
  });
});

describe('a shop reservation not collected in time', () => {
  it('is kept until the end of its last day, then cancelled with its stock back and an SMS', async () => {
    const offer = offers[6] as OfferFacts;
    await k.stockOf(offer, 2, 1);
    const before = await stockRows(offer);
    const { v, phone } = await k.quickShopper(offer);
    const { id } = await (await k.rpc(v, 'sale.order.save', k.pickup(phone))).json();
    const [row] = await k.rows<{ reserved_until: string | Date; delivery: { readyDate: string } }>(
      sql`select reserved_until, delivery from orders where id = ${id}`,
    );
    const end = new Date(row?.reserved_until as string);
    // The other tests' shop orders are set aside: only this reservation is in play.
    await app.database.db.execute(sql`update orders set reserved_until = null where id <> ${id}`);
    // It ends at a Moscow midnight, SHOP_KEEP_DAYS days after the day the order is ready.
    const moscow = (at: Date) => cutOffs(at, 'Europe/Moscow');
    expect(moscow(end).minutes).toBe(0);
    const readyDate = row?.delivery.readyDate ?? '';
    const [d, m, y] = readyDate.split('.').map(Number) as [number, number, number];
    expect(moscow(end).date).toBe(moscow(new Date(Date.UTC(y, m - 1, d + SHOP_KEEP_DAYS, 12))).date);
    expect(await (await v.get(`/order/?ORDER_ID=${id}`)).text()).toContain('хранится до');

    expect(await app.services.orders.expireReservations(new Date(end.getTime() - 1000))).toBe(0);
    expect(await k.rows(sql`select status from orders where id = ${id}`)).toEqual([{ status: 'new' }]);
    expect(await app.services.orders.expireReservations(end)).toBe(1);
    expect(await k.rows(sql`select status from orders where id = ${id}`)).toEqual([{ status: 'cancelled' }]);
    expect(await stockRows(offer)).toEqual(before);
    expect(
      await k.rows(sql`select actor from order_status_history where order_id = ${id} and status = 'cancelled'`),
    ).toEqual([{ actor: 'system:reservation' }]);
    await app.outbox.deliver();
    expect((await readOutbox(app, { to: phone, channel: 'sms' }))?.text).toBe(
      `Заказ № ${100_000 + id} отменён: срок хранения в магазине истёк. ВЬЮГА`,
    );
    // Collected orders and the other delivery types are never expired.
    expect(await app.services.orders.expireReservations(new Date(end.getTime() + 86_400_000))).toBe(0);
  });
});

describe('the reservations the expiry looks for', () => {
  it('are in the states the transitions table lets move to cancelled, and only those', async () => {
    const offer = offers[7] as OfferFacts;
    await k.stockOf(offer, 2, 1);
    const { v, phone } = await k.quickShopper(offer);
    const { id } = await (await k.rpc(v, 'sale.order.save', k.pickup(phone))).json();
    const ended = new Date(Date.now() - 60_000);
    await app.database.db.execute(sql`update orders set reserved_until = ${ended.toISOString()} where id = ${id}`);
    const repo = orderReads(app.database.db);
    const found: Record<string, boolean> = {};
    for (const state of Object.keys(ORDER_TRANSITIONS) as OrderStatus[]) {
      await app.database.db.execute(sql`update orders set status = ${state} where id = ${id}`);
      found[state] = (await repo.expiredReservations(new Date(), 1000, statesMovingTo('cancelled'))).includes(id);
    }
    expect(
      Object.entries(found)
        .filter(([, yes]) => yes)
        .map(([state]) => state),
    ).toEqual(
      (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).filter((state) =>
        ORDER_TRANSITIONS[state].includes('cancelled'),
      ),
    );
  });
});
