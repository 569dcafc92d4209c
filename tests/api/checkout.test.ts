// Over 400 lines because its cases share one seeded app and its fixtures: one feature's behaviour, end to end.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, RPC_PATH } from '../../contract/api';
import { courierIntervals } from '../../domain/delivery/schedule';
import { type OfferFacts, offerFacts } from '../support/basket-offers';
import { type CheckoutKit, checkoutApp, freshPhone } from '../support/checkout';
import { listOutbox, readOutbox } from '../support/outbox';
import { createTestApp, newVisitor, type TestApp } from '../support/test-app';

let app: TestApp;
let offers: OfferFacts[];
let k: CheckoutKit;

beforeAll(async () => {
  ({ app, offers, k } = await checkoutApp(12));
});
afterAll(() => app.close());

describe('sale.order.save', () => {
  it('saves a guest order for pickup from a shop: stock taken, basket emptied, consent, email and SMS', async () => {
    const offer = offers[0] as OfferFacts;
    await k.stockOf(offer, 2, 3);
    const { v, phone } = await k.shopper(offer, 2);
    const res = await k.rpc(v, 'sale.order.save', k.pickup(phone));
    expect(res.status).toBe(200);
    const { id } = await res.json();
    expect(id).toBeGreaterThan(0);
    const [order] = await k.rows<{ status: string; phone: string; total: number; delivery_price: number }>(
      sql`select status, phone, total, delivery_price from orders where id = ${id}`,
    );
    expect(order).toMatchObject({ status: 'new', phone, delivery_price: 0 });
    expect(Number(order?.total)).toBe(offer.price * 2);
    expect(await k.rows(sql`select quantity from stock where offer_id = ${offer.id} order by store_id`)).toEqual([
      { quantity: 0 },
      { quantity: 3 },
    ]);
    expect((await (await v.get(API.userState)).json()).data.basket.availableCount).toBe(0);
    expect(await k.rows(sql`select status from order_status_history where order_id = ${id}`)).toEqual([
      { status: 'new' },
    ]);
    expect(await k.rows(sql`select purpose from consents where subject = ${phone}`)).toEqual([{ purpose: 'order' }]);
    await app.outbox.deliver();
    expect((await readOutbox(app, { to: phone, channel: 'sms' }))?.text).toContain(`Заказ № ${100_000 + id} принят`);
    const letter = await readOutbox(app, { to: `order.${phone}@example.ru`, channel: 'email' });
    expect(letter?.subject).toBe(`Заказ № ${100_000 + id} принят — ВЬЮГА`);
    // The basket is empty now.
    const again = await k.rpc(v, 'sale.order.save', k.pickup(phone));
    expect(again.status).toBe(400);
    expect((await again.json()).error.code).toBe('sale.order/EMPTY_BASKET');
  });

  it('refuses a phone not confirmed by this session', async () => {
    const offer = offers[1] as OfferFacts;
    await k.stockOf(offer, 5);
    const v = await newVisitor(app);
    await v.post(API.basketAdd, { offerId: offer.id });
    const res = await k.rpc(v, 'sale.order.save', k.pickup(freshPhone()));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { msg: 'Подтвердите телефон кодом из SMS.', code: 'sale.order/PHONE_NOT_CONFIRMED' },
    });
  });

  it('makes one order of ten saves with one key, sent at once', async () => {
    const offer = offers[2] as OfferFacts;
    await k.stockOf(offer, 10, 1);
    const { v, phone } = await k.quickShopper(offer);
    const form = k.pickup(phone);
    const answers = await Promise.all(Array.from({ length: 10 }, () => k.rpc(v, 'sale.order.save', form)));
    const ids = await Promise.all(answers.map(async (r) => (await r.json()).id));
    expect(ids[0]).toEqual(expect.any(Number));
    expect(new Set(ids).size).toBe(1);
    expect(await k.rows(sql`select 1 from orders where idempotency_key = ${form.idempotencyKey}`)).toHaveLength(1);
    expect(
      await k.rows(sql`select quantity from stock where offer_id = ${offer.id} and store_id = ${k.stores.online}`),
    ).toEqual([{ quantity: 9 }]);
  });

  it('sells exactly the stock to 50 shoppers ordering the last units at once', async () => {
    const offer = offers[3] as OfferFacts;
    await k.stockOf(offer, 50);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => k.quickShopper(offer)));
    await k.stockOf(offer, 4, 3);
    const answers = await Promise.all(buyers.map(({ v, phone }) => k.rpc(v, 'sale.order.save', k.pickup(phone))));
    const codes = await Promise.all(answers.map(async (r) => (r.status === 200 ? 'ok' : (await r.json()).error.code)));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(7);
    expect(new Set(codes.filter((c) => c !== 'ok'))).toEqual(new Set(['sale.order/NOT_ENOUGH_STOCK']));
    expect(await k.rows(sql`select sum(quantity)::int as n from stock where offer_id = ${offer.id}`)).toEqual([
      { n: 0 },
    ]);
    // The refused keep their basket.
    const refused = buyers.filter((_, i) => codes[i] !== 'ok');
    const counts = await Promise.all(refused.map(async ({ v }) => (await (await v.get(API.userState)).json()).data));
    expect(counts.every((d) => d.basket.availableCount === 1)).toBe(true);
  });

  it('tells the shopper who lost the race for the last unit which item and size sold out', async () => {
    const offer = offers[9] as OfferFacts;
    await k.stockOf(offer, 0, 1);
    const winner = await k.quickShopper(offer);
    const loser = await k.quickShopper(offer);
    expect((await k.rpc(winner.v, 'sale.order.save', k.pickup(winner.phone))).status).toBe(200);
    const [line] = await k.rows<{ name: string; size_name: string }>(sql`
      select p.name, o.size_name from offers o join products p on p.id = o.product_id where o.id = ${offer.id}`);
    const lost = await k.rpc(loser.v, 'sale.order.save', k.pickup(loser.phone));
    expect(lost.status).toBe(409);
    expect((await lost.json()).error).toEqual({
      code: 'sale.order/NOT_ENOUGH_STOCK',
      msg: `«${line?.name}», размер ${line?.size_name}: столько нет в наличии.`,
    });
  });

  it('signs the email up for the news with a confirmation letter only when the box is ticked', async () => {
    const offer = offers[10] as OfferFacts;
    await k.stockOf(offer, 2, 1);
    const ticked = await k.quickShopper(offer);
    const plain = await k.quickShopper(offer);
    expect((await k.rpc(ticked.v, 'sale.order.save', { ...k.pickup(ticked.phone), isSubscribe: 'Y' })).status).toBe(
      200,
    );
    expect((await k.rpc(plain.v, 'sale.order.save', { ...k.pickup(plain.phone), isSubscribe: 'N' })).status).toBe(200);
    await app.outbox.deliver();
    const kinds = async (phone: string) =>
      (await listOutbox(app)).filter((m) => m.to === `order.${phone}@example.ru`).map((m) => m.kind);
    expect((await kinds(ticked.phone)).sort()).toEqual(['newsletter-confirm', 'order-confirmation']);
    expect(await kinds(plain.phone)).toEqual(['order-confirmation']);
    expect(
      await k.rows(sql`select confirmed_at from subscriptions where email = ${`order.${ticked.phone}@example.ru`}`),
    ).toEqual([{ confirmed_at: null }]);
    expect(await k.rows(sql`select 1 from subscriptions where email = ${`order.${plain.phone}@example.ru`}`)).toEqual(
      [],
    );
  });

  it('refuses a shop the lines cannot go to', async () => {
    const offer = offers[4] as OfferFacts;
    await k.stockOf(offer, 3, 0);
    const { v, phone } = await k.quickShopper(offer);
    const res = await k.rpc(v, 'sale.order.save', k.pickup(phone));
    expect((await res.json()).error.code).toBe('sale.order/SHOP_NOT_ALLOWED');
  });

  it('refuses more orders a day per phone than the setting allows', async () => {
    const limited = await createTestApp({ ORDERS_PER_PHONE_DAY: '1' });
    try {
      const offer = offers[5] as OfferFacts;
      await limited.database.db.execute(sql`update stock set quantity = 10 where offer_id = ${offer.id}`);
      await limited.database.db.execute(sql`insert into stock (offer_id, store_id, quantity) values
        (${offer.id}, ${k.stores.movement}, 10) on conflict (offer_id, store_id) do update set quantity = 10`);
      const phone = freshPhone();
      const results = [];
      for (let i = 0; i < 2; i++) {
        const v = await newVisitor(limited);
        await v.post(API.basketAdd, { offerId: offer.id });
        const id = decodeURIComponent(v.cookie.split('=')[1] ?? '').split('.')[0];
        await limited.database.db.execute(sql`update sessions set confirmed_phone = ${phone} where id = ${id}`);
        const res = await v.post(RPC_PATH, { method: 'sale.order.save', ...k.pickup(phone) });
        results.push(res.status === 200 ? 'ok' : (await res.json()).error.code);
      }
      expect(results).toEqual(['ok', 'sale.order/ERROR_ORDER_LIMIT']);
    } finally {
      await limited.close();
    }
  });
});

describe('courier orders of a logged-in user', () => {
  async function user(offer: OfferFacts) {
    const { me, phone } = await k.member(offer);
    const added = await me.post(API.addressAdd, { type: 'COURIER', city: 'Москва', street: 'Тверская', house: '7' });
    const addressId = (await added.json()).data.items[0].id;
    return { me, phone, addressId };
  }

  it('takes a valid slot, refuses a stale one, and charges delivery under the free threshold', async () => {
    const offer = offers[6] as OfferFacts;
    await k.stockOf(offer, 5);
    const { me, phone, addressId } = await user(offer);
    const form = { ...k.pickup(phone), deliveryType: 'COURIER', deliveryAddressId: addressId };
    const stale = await k.rpc(me, 'sale.order.save', {
      ...form,
      deliveryIntervalDate: '01.01.2020',
      deliveryIntervalTime: '10:00-13:00',
    });
    expect((await stale.json()).error.code).toBe('sale.order/INTERVAL_DELIVERY');
    const list = courierIntervals(new Date(), 'Europe/Moscow', { sameDayStock: true });
    const date = Object.keys(list)[1] as string;
    const res = await k.rpc(me, 'sale.order.save', {
      ...form,
      deliveryIntervalDate: date,
      deliveryIntervalTime: (list[date] as string[])[0] as string,
    });
    expect(res.status).toBe(200);
    const { id } = await res.json();
    const [order] = await k.rows<{ delivery_price: number; total: number; delivery: { date: string } }>(
      sql`select delivery_price, total, delivery from orders where id = ${id}`,
    );
    const expected = offer.price >= 500_000 ? 0 : 39_000;
    expect(Number(order?.delivery_price)).toBe(expected);
    expect(Number(order?.total)).toBe(offer.price + expected);
    expect(order?.delivery.date).toBe(date);
    // The user's history lists it.
    expect(await (await me.get('/lk/order/')).text()).toContain(`Заказ № ${100_000 + id}`);
  });
});

describe('the saved order', () => {
  it("shows to the session that placed it and to the letter's signed link, never by its number alone", async () => {
    const offer = offers[11] as OfferFacts;
    await k.stockOf(offer, 3, 1);
    const { v, phone } = await k.quickShopper(offer);
    const { id } = await (await k.rpc(v, 'sale.order.save', k.pickup(phone))).json();
    const page = await v.get(`/order/?ORDER_ID=${id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`Заказ № ${100_000 + id} оформлен`);
    const stranger = await newVisitor(app);
    expect((await stranger.get(`/order/?ORDER_ID=${id}`)).status).toBe(404);
    expect((await stranger.get(`/order/?ORDER_ID=${id}&token=forged`)).status).toBe(404);
    expect((await stranger.get('/order/?ORDER_ID=abc')).status).toBe(404);
    await app.outbox.deliver();
    const letter = await readOutbox(app, { to: `order.${phone}@example.ru`, channel: 'email' });
    const link = new URL(letter?.text.match(/https?:\/\/\S+ORDER_ID=\S+/)?.[0] as string);
    const viaLink = await stranger.get(`${link.pathname}${link.search}`);
    expect(viaLink.status).toBe(200);
    expect(await viaLink.text()).toContain(`Заказ № ${100_000 + id} оформлен`);
  });
});

describe('bonuses', () => {
  it('pay at most 30 % of the goods for a logged-in user, and the save takes them off the card once', async () => {
    const offer = offers.find((o) => o.price >= 100_000) as OfferFacts;
    await k.stockOf(offer, 5, 1);
    const { me, phone, userId } = await k.member(offer, { bonuses: 10_000_000 });
    const post = (f: Record<string, string | number>) => me.post(RPC_PATH, f);
    const state = await (await post({ method: 'sale.order.data', deliveryType: 'SHOP', useBonuses: 'Y' })).json();
    const cap = Math.floor((offer.price * 30) / 100 / 100);
    expect(state.bonusBalance).toBe(100_000);
    expect(state.totals.bonusesUsed).toBe(cap);
    expect(state.totals.total).toBe(offer.price / 100 - cap);
    const saved = await post({ method: 'sale.order.save', ...k.pickup(phone), useBonuses: 'Y' });
    expect(await saved.json()).toMatchObject({ id: expect.any(Number) });
    const [card] = await k.rows<{ bonus_balance: number }>(
      sql`select bonus_balance from discount_cards where user_id = ${userId}`,
    );
    expect(Number(card?.bonus_balance)).toBe(10_000_000 - cap * 100);
  });
});

describe('promo codes', () => {
  it('applies VYUGA10 to the order and refuses an unknown code', async () => {
    const offer = offers[7] as OfferFacts;
    await k.stockOf(offer, 5, 5);
    const { v, phone } = await k.quickShopper(offer);
    const unknown = await k.rpc(v, 'sale.order.setPromocode', { promocode: 'NETTAKOGO' });
    expect(await unknown.json()).toEqual({
      error: { msg: 'Такого промокода нет.', code: 'sale.order/PROMOCODE_NOT_FOUND' },
    });
    const set = await k.rpc(v, 'sale.order.setPromocode', { promocode: ' vyuga10 ' });
    expect(await set.json()).toEqual({ promocodeList: ['VYUGA10'] });
    const res = await k.rpc(v, 'sale.order.save', k.pickup(phone));
    const [order] = await k.rows<{ discount: number; total: number }>(
      sql`select discount, total from orders where id = ${(await res.json()).id}`,
    );
    const off = Math.floor((offer.price * 10) / 100);
    expect(Number(order?.total)).toBe(offer.price - off);
  });

  it('lets one of 50 orders at once use the one-use code ODIN; the others keep their basket', async () => {
    // Each buyer takes a different offer, so nothing but the code's own lock orders the 50 saves.
    const fifty = (await offerFacts(app.database.db)).filter((o) => !o.restricted).slice(20, 70);
    for (const offer of fifty) await k.stockOf(offer, 1, 1);
    const buyers = await Promise.all(fifty.map((offer) => k.quickShopper(offer)));
    for (const { v } of buyers)
      expect((await k.rpc(v, 'sale.order.setPromocode', { promocode: 'ODIN' })).status).toBe(200);
    const answers = await Promise.all(buyers.map(({ v, phone }) => k.rpc(v, 'sale.order.save', k.pickup(phone))));
    const codes = await Promise.all(answers.map(async (r) => (r.status === 200 ? 'ok' : (await r.json()).error.code)));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(new Set(codes.filter((c) => c !== 'ok'))).toEqual(new Set(['sale.order/PROMOCODE_USED']));
    expect(await k.rows(sql`select uses from promo_codes where code = 'ODIN'`)).toEqual([{ uses: 1 }]);
    expect(await k.rows(sql`select count(*)::int as n from promo_code_uses where code = 'ODIN'`)).toEqual([{ n: 1 }]);
    // The refused took no stock and keep their basket.
    const left = await k.rows<{ n: number }>(
      sql`select sum(quantity)::int as n from stock where offer_id in ${fifty.map((o) => o.id)}`,
    );
    expect(left).toEqual([{ n: 99 }]);
  });
});

describe('sale.order.data', () => {
  it('answers the order state: items with their shops, shops of the city, intervals, params and totals in roubles', async () => {
    const offer = offers[9] as OfferFacts;
    await k.stockOf(offer, 5, 2);
    const { v } = await k.quickShopper(offer);
    const res = await k.rpc(v, 'sale.order.data', { deliveryType: 'SHOP' });
    expect(res.status).toBe(200);
    const state = await res.json();
    expect(state.items).toHaveLength(1);
    expect(state.items[0]).toMatchObject({ offer: { id: offer.id }, quantity: 1 });
    expect(state.items[0].allowedMovementStoreIds).toEqual([k.stores.movement]);
    // A movement store can bring it to every shop of the city.
    expect(state.items[0].allowedShopIds).toEqual(state.shops.map((s: { id: number }) => s.id));
    expect(state.params).toMatchObject({ deliveryBorder: 1700, deliveryTodayMinCount: 1, reserveTimeBorder: 1800 });
    expect(Object.keys(state.deliveryIntervalList)).toHaveLength(7);
    expect(state.deliveryIntervalDate).toBe(Object.keys(state.deliveryIntervalList)[0]);
    // No code, no card: the total is the goods at their prices; `discount` counts sale prices from the old ones.
    expect(state.totals).toEqual({
      base: expect.any(Number),
      items: offer.price / 100,
      discount: expect.any(Number),
      delivery: 0,
      bonusesUsed: 0,
      total: offer.price / 100,
    });
    expect(state.basket.availableCount).toBe(1);
  });

  it('keeps a valid chosen slot, falls back to the cookie, then to the first', async () => {
    const offer = offers[10] as OfferFacts;
    await k.stockOf(offer, 5, 0);
    const { v } = await k.quickShopper(offer);
    const first = await (await k.rpc(v, 'sale.order.data', {})).json();
    const [d1, d2] = Object.keys(first.deliveryIntervalList) as [string, string];
    const chosen = await (
      await k.rpc(v, 'sale.order.data', { deliveryIntervalDate: d2, deliveryIntervalTime: '19:00-22:00' })
    ).json();
    expect([chosen.deliveryIntervalDate, chosen.deliveryIntervalTime]).toEqual([d2, '19:00-22:00']);
    const byCookie = await app.fetch(RPC_PATH, {
      method: 'POST',
      headers: {
        cookie: `${v.cookie}; order_delivery_interval_date=${d2}; order_delivery_interval_time=13:00-16:00`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        method: 'sale.order.data',
        sessid: v.sessid,
        deliveryIntervalDate: '01.01.2020',
      }).toString(),
    });
    const state = await byCookie.json();
    expect([state.deliveryIntervalDate, state.deliveryIntervalTime]).toEqual([d2, '13:00-16:00']);
    expect(first.deliveryIntervalDate).toBe(d1);
  });

  it('applies a typed discount card to full-price lines, and refuses an unknown one', async () => {
    const offer = offers.find((o) => o.price > 0) as OfferFacts;
    await k.stockOf(offer, 5, 1);
    const { v } = await k.quickShopper(offer);
    const unknown = await k.rpc(v, 'sale.order.setDiscountCard', { discountCard: '2000000000000' });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.code).toBe('sale.order/DISCOUNT_CARD_NOT_FOUND');
    const [holder] = await k.rows<{ id: number }>(sql`
      insert into users (email, password_hash) values (${`card.${randomUUID()}@example.ru`}, 'x') returning id`);
    await app.database.db.execute(sql`
      insert into discount_cards (user_id, number, percent) values (${Number(holder?.id)}, '2012345678905', 7)`);
    const res = await k.rpc(v, 'sale.order.setDiscountCard', { discountCard: '2 012345 678905' });
    const state = await res.json();
    expect(state).toMatchObject({ discountCard: '2012345678905', discountCardActive: true });
    const [line] = await k.rows<{ old_price: number | null }>(sql`select old_price from offers where id = ${offer.id}`);
    const onSale = line?.old_price !== null && Number(line?.old_price) > offer.price;
    expect(state.totals.total).toBe(
      onSale ? offer.price / 100 : (offer.price - Math.floor((offer.price * 7) / 100)) / 100,
    );
  });
});

describe('a logged-in user with a discount card', () => {
  it('removes it at checkout: the sums and the saved order go without it, also on the next load of the page', async () => {
    // A full-price offer no other test here uses: the card's percent applies to it.
    const [row] = await k.rows<{ id: number; price: number }>(sql`
      select o.id, o.price from offers o join products p on p.id = o.product_id and p.active
      where (o.old_price is null or o.old_price <= o.price) and o.price >= 100000 and o.id not in ${offers.map((o) => o.id)}
        and not exists (select 1 from offer_restrictions r where r.offer_id = o.id)
      order by o.id limit 1`);
    const offer = { id: Number(row?.id), price: Number(row?.price), online: 0, shop: 0, restricted: false };
    await k.stockOf(offer, 5, 1);
    const { me, phone, userId } = await k.member(offer);
    await app.database.db.execute(sql`
      insert into discount_cards (user_id, number, percent) values (${userId}, ${`27${String(userId).padStart(11, '0')}`}, 10)
      on conflict (user_id) do update set percent = 10, active = true`);
    const call = async (method: string, fields: Record<string, string | number> = {}) =>
      (await me.post(RPC_PATH, { method, deliveryType: 'SHOP', ...fields })).json();
    const full = offer.price / 100;
    const withCard = await call('sale.order.data');
    expect(withCard).toMatchObject({
      discountCardActive: true,
      totals: { total: (offer.price - Math.floor(offer.price / 10)) / 100 },
    });

    const reset = await call('sale.order.resetDiscountCard');
    expect(reset).toMatchObject({ discountCard: '', discountCardActive: false, totals: { discount: 0, total: full } });
    expect(await call('sale.order.data')).toMatchObject({ discountCardActive: false, totals: { total: full } });
    const { id } = await call('sale.order.save', k.pickup(phone));
    expect(await k.rows(sql`select discount, total from orders where id = ${id}`)).toEqual([
      { discount: 0, total: offer.price },
    ]);
  });
});

describe('the delivery helpers of the order page', () => {
  it('keeps a guest address in the session, chooses it, and orders to it; another visitor never sees it', async () => {
    const offer = offers[8] as OfferFacts;
    await k.stockOf(offer, 5);
    const { v, phone } = await k.quickShopper(offer);
    const bad = await k.rpc(v, 'sale.order.delivery.setAddress', {
      type: 'COURIER',
      city: 'Москва',
      street: 'Тверская',
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.msg).toBe('Укажите дом.');
    const res = await k.rpc(v, 'sale.order.delivery.setAddress', {
      type: 'COURIER',
      city: 'Москва',
      street: 'ул. Тверская',
      house: '7',
      flat: '12',
      comment: 'Код домофона 12К',
    });
    expect(res.status).toBe(200);
    const state = await res.json();
    expect(state.deliveryType).toBe('COURIER');
    expect(state.addressList).toHaveLength(1);
    expect(state.addressList[0]).toMatchObject({
      title: 'Москва, ул. Тверская, д. 7, кв. 12',
      comment: 'Код домофона 12К',
    });
    expect(state.deliveryAddressId).toBe(state.addressList[0].id);

    const other = await newVisitor(app);
    expect((await (await k.rpc(other, 'sale.order.data')).json()).addressList).toEqual([]);
    const stolen = await k.rpc(other, 'sale.order.save', {
      ...k.pickup(phone),
      deliveryType: 'COURIER',
      deliveryAddressId: state.deliveryAddressId,
    });
    expect((await stolen.json()).error.code).toBe('sale.order/PHONE_NOT_CONFIRMED');

    const saved = await k.rpc(v, 'sale.order.save', {
      ...k.pickup(phone),
      deliveryType: 'COURIER',
      deliveryAddressId: state.deliveryAddressId,
      deliveryIntervalDate: state.deliveryIntervalDate,
      deliveryIntervalTime: state.deliveryIntervalTime,
    });
    expect(saved.status).toBe(200);
    const [order] = await k.rows<{ delivery: { address: string }; name: string; last_name: string }>(
      sql`select delivery, name, last_name from orders where id = ${(await saved.json()).id}`,
    );
    // Spec §5: «Анна Иванова» is two parts: the last name first.
    expect(order).toMatchObject({ name: 'Иванова', last_name: 'Анна' });
    expect(order?.delivery.address).toBe('Москва, ул. Тверская, д. 7, кв. 12');
  });

  it('takes a Russian Post address with a six-digit postcode only', async () => {
    const offer = offers[9] as OfferFacts;
    await k.stockOf(offer, 5);
    const { v } = await k.quickShopper(offer);
    const bad = await k.rpc(v, 'sale.order.delivery.setAddress', { type: 'POCHTA', postcode: '12345', city: 'Казань' });
    expect((await bad.json()).error.msg).toBe('Индекс — шесть цифр.');
    const res = await k.rpc(v, 'sale.order.delivery.setAddress', {
      type: 'POCHTA',
      postcode: '420111',
      city: 'Казань',
      street: 'ул. Баумана',
      house: '44',
    });
    const state = await res.json();
    expect(state.deliveryType).toBe('POCHTA');
    expect(state.addressList[0].title).toBe('420111, Казань, ул. Баумана, д. 44');
    expect(state.totals.delivery).toBe(350);
  });

  it('orders to a pickup point of the city, found by the address, and refuses a point of another city', async () => {
    const offer = offers[10] as OfferFacts;
    await k.stockOf(offer, 5);
    const { v, phone } = await k.quickShopper(offer);
    const found = await v.post(API.pickupPointByAddress, { address: 'Москва, Профсоюзная улица, 3' });
    const { point } = (await found.json()).data;
    expect(point.address).toBe('Москва, ул. Профсоюзная, 56');
    const state = await (await k.rpc(v, 'sale.order.data', { deliveryType: 'PICKUP' })).json();
    expect(state.pickupPointList.length).toBeGreaterThan(1);
    expect(state.deliveryPickupPoint).toMatchObject({ id: state.pickupPointList[0].id });
    const [foreign] = await k.rows<{ id: number }>(
      sql`select p.id from pickup_points p join cities c on c.id = p.city_id where c.code <> 'moskva' limit 1`,
    );
    const refused = await k.rpc(v, 'sale.order.save', {
      ...k.pickup(phone),
      deliveryType: 'PICKUP',
      deliveryPickupPointId: Number(foreign?.id),
    });
    expect((await refused.json()).error.code).toBe('sale.order/PICKUP_POINT_REQUIRED');
    const saved = await k.rpc(v, 'sale.order.save', {
      ...k.pickup(phone),
      deliveryType: 'PICKUP',
      deliveryPickupPointId: point.id,
    });
    expect(saved.status).toBe(200);
    const [order] = await k.rows<{ delivery: { pointId: number }; delivery_price: number }>(
      sql`select delivery, delivery_price from orders where id = ${(await saved.json()).id}`,
    );
    expect(order?.delivery.pointId).toBe(point.id);
    expect(Number(order?.delivery_price)).toBe(25_000);
  });

  it('answers a shop by id and a clear 404 for another id', async () => {
    const v = await newVisitor(app);
    const res = await v.post(API.shopGet, { id: k.stores.shop });
    expect((await res.json()).data.shop).toMatchObject({ id: k.stores.shop });
    const missing = await v.post(API.shopGet, { id: k.stores.online });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Такого магазина нет.');
  });

  it('changes the size of a line to another size of the same product only', async () => {
    const [a, b] = await k.rows<{ id: number; product_id: number }>(sql`
      select o.id, o.product_id from offers o
      where o.product_id = (select product_id from offers group by product_id having count(*) > 2 limit 1)
      order by o.id limit 2`);
    for (const o of [a, b]) await k.stockOf({ ...(offers[0] as OfferFacts), id: Number(o?.id) }, 1);
    const v = await newVisitor(app);
    const added = await (await v.post(API.basketAdd, { offerId: Number(a?.id) })).json();
    const lineId = added.data.basket.available[0].id;
    const res = await k.rpc(v, 'sale.order.basket.setSize', { id: lineId, offerId: Number(b?.id) });
    expect(res.status).toBe(200);
    expect((await res.json()).basket.available.map((l: { offer: { id: number } }) => l.offer.id)).toEqual([
      Number(b?.id),
    ]);
    const [foreign] = await k.rows<{ id: number }>(
      sql`select id from offers where product_id <> ${Number(a?.product_id)} limit 1`,
    );
    const refused = await k.rpc(v, 'sale.order.basket.setSize', { id: lineId, offerId: Number(foreign?.id) });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.msg).toBe('Этого размера у товара нет.');
  });

  it('offers each line every size of its product, saying which can be bought now', async () => {
    const sizes = await k.rows<{ id: number; size_name: string }>(sql`
      select o.id, o.size_name from offers o
      where o.product_id = (select product_id from offers group by product_id having count(*) > 2 limit 1 offset 1)
      order by o.size_sort, o.id`);
    const [first, second, ...rest] = sizes;
    for (const o of sizes) await app.database.db.execute(sql`delete from stock where offer_id = ${o.id}`);
    await k.stockOf({ ...(offers[0] as OfferFacts), id: Number(first?.id) }, 2);
    await k.stockOf({ ...(offers[0] as OfferFacts), id: Number(second?.id) }, 0, 1);
    const v = await newVisitor(app);
    await v.post(API.basketAdd, { offerId: Number(first?.id) });
    const state = await (await k.rpc(v, 'sale.order.data')).json();
    expect(state.items[0].sizes).toEqual([
      { offerId: Number(first?.id), sizeName: first?.size_name, canBuy: true },
      { offerId: Number(second?.id), sizeName: second?.size_name, canBuy: true },
      ...rest.map((o) => ({ offerId: Number(o.id), sizeName: o.size_name, canBuy: false })),
    ]);
  });
});
