import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, RPC_PATH } from '../../contract/api';
import type { ReserveData, ShopView } from '../../domain/stores/shops.service';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit, freshPhone } from '../support/checkout';
import { createTestApp, newVisitor, type TestApp, type Visitor } from '../support/test-app';

/** The shop's clock, moved by each test: 2026-11-23 is a Monday. */
let now = new Date('2026-11-23T12:00:00+03:00');
let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;
let offers: OfferFacts[];
let shops: ShopView[];

beforeAll(async () => {
  app = await createTestApp({ ORDERS_PER_PHONE_DAY: '100' }, { clock: () => now });
  ignorePoolErrorsOnClose(app.database.db);
  k = await checkoutKit(app);
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted).slice(0, 10);
  shops = (await (await app.fetch(API.shopList)).json()).data.items;
});
afterAll(() => app.close());

const moscow = () => shops.filter((s) => s.cityName === 'Москва');

describe('GET|POST /api/v2/shop/list/', () => {
  it("answers every shop with its page, place, hours and whether it is open, the visitor's city first", async () => {
    expect(shops.length).toBeGreaterThan(10);
    expect(shops[0]).toMatchObject({
      cityName: 'Москва',
      url: `/stores/${shops[0]?.code}/`,
      location: { lat: expect.any(Number), lon: expect.any(Number) },
      openNow: true,
      services: expect.arrayContaining([{ code: 'fitting', name: 'Примерочные' }]),
    });
    expect(shops.every((s) => typeof s.address === 'string' && s.phone && s.hours)).toBe(true);
    const kazan = await newVisitor(app);
    const listed = (
      await (await kazan.get(API.shopList, { headers: { cookie: `${kazan.cookie}; city=kazan` } })).json()
    ).data.items as ShopView[];
    expect(listed[0]?.cityName).toBe('Казань');
    expect(listed).toHaveLength(shops.length);
  });

  it('says «open until» and «opens at» in the shop’s own time, and narrows to one city by id or code', async () => {
    now = new Date('2026-11-23T08:30:00+03:00');
    const early = (await (await app.fetch(`${API.shopList}?city=ekaterinburg`)).json()).data.items as ShopView[];
    expect(early.length).toBeGreaterThan(0);
    expect(early.every((s) => s.cityName === 'Екатеринбург')).toBe(true);
    // 08:30 in Moscow is 10:30 in Yekaterinburg, where the street shops open at 10.
    expect(early.find((s) => s.hours.startsWith('пн–пт 10:00–21:00'))).toMatchObject({
      openNow: true,
      openText: 'открыто до 21:00',
    });
    const moscowEarly = (await (await app.fetch(`${API.shopList}?city=1`)).json()).data.items as ShopView[];
    expect(moscowEarly.every((s) => s.openNow === false)).toBe(true);
    expect(moscowEarly[0]?.openText).toBe('закрыто, откроется в 10:00');
    now = new Date('2026-11-23T12:00:00+03:00');
  });

  it('follows the city the visitor chooses: the shops, the pickup points and the phones of that city', async () => {
    const v = await newVisitor(app);
    const cities = (await (await app.fetch(API.shopList)).json()).data.items as ShopView[];
    const kazan = cities.find((s) => s.cityName === 'Казань') as ShopView;
    const chosen = await v.post(API.regionSet, { id: kazan.city });
    const cityCookie = (chosen.headers.get('set-cookie') ?? '').split(';')[0] as string;
    expect((await chosen.json()).data.region.phones).toEqual(['+7 (843) 211-50-05']);
    const get = (path: string) => v.get(path, { headers: { cookie: `${v.cookie}; ${cityCookie}` } });
    expect(((await (await get(API.shopList)).json()).data.items as ShopView[])[0]?.cityName).toBe('Казань');
    const order = await app.fetch(RPC_PATH, {
      method: 'POST',
      headers: { cookie: `${v.cookie}; ${cityCookie}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ sessid: v.sessid, method: 'sale.order.data', deliveryType: 'PICKUP' }).toString(),
    });
    const points = (await order.json()).pickupPointList as { address: string }[];
    expect(points.length).toBeGreaterThan(0);
    expect(points.every((p) => p.address.includes('Казань'))).toBe(true);
  });

  it('refuses a city without shops, or none at all, with a clear 400', async () => {
    for (const city of ['atlantis', 'voronezh', '99999', "1' or 1=1"]) {
      const res = await app.fetch(`${API.shopList}?city=${encodeURIComponent(city)}`);
      expect(res.status).toBe(400);
      expect((await res.json()).errors[0].message).toBe('В этом городе нет наших магазинов.');
    }
  });
});

describe('sale.reserve.data', () => {
  /** The offer held by the first two Moscow shops (2 and 1 units) and by a movement store (`movement` units). */
  async function heldIn(offer: OfferFacts, movement: number) {
    const [a, b] = moscow() as [ShopView, ShopView];
    await k.stockOf(offer, 0, movement);
    await app.database.db.execute(sql`insert into stock (offer_id, store_id, quantity) values
      (${offer.id}, ${a.id}, 2), (${offer.id}, ${b.id}, 1)`);
    return { a, b };
  }

  it('answers the shops with the quantity of the size, its state and when it can be collected', async () => {
    const offer = offers[0] as OfferFacts;
    const { a, b } = await heldIn(offer, 0);
    now = new Date('2026-11-23T17:59:00+03:00');
    const v = await newVisitor(app);
    const data = (await (await v.post(API.reserveData, { offerId: offer.id })).json()).data as ReserveData;
    expect(data).toMatchObject({ deliveryBorder: 1700, reserveTimeBorder: 1800, movementStores: [], mainStores: [] });
    expect(data.cities[0]).toMatchObject({ name: 'Москва', current: true });
    const first = data.shops.find((s) => s.id === a.id);
    expect(first).toMatchObject({
      quantity: 2,
      quantityState: 'few',
      collection: { text: expect.stringMatching(/^сегодня до \d\d:\d\d$/) },
    });
    expect(data.shops.find((s) => s.id === b.id)).toMatchObject({ quantity: 1, quantityState: 'few' });
    const empty = data.shops.find((s) => s.cityName === 'Москва' && s.id !== a.id && s.id !== b.id);
    expect(empty).toMatchObject({ quantity: 0, quantityState: 'none', collection: null });
    // The same object through POST /api/.
    const rpc = await v.post(RPC_PATH, { method: 'sale.reserve.data', offerId: offer.id });
    expect(await rpc.json()).toEqual(data);

    // From 18:00 a shop puts it aside for tomorrow; a movement store brings it to the others in three days.
    now = new Date('2026-11-23T18:00:00+03:00');
    await heldIn(offer, 5);
    const late = (await (await v.post(API.reserveData, { offerId: offer.id })).json()).data as ReserveData;
    expect(late.shops.find((s) => s.id === a.id)?.collection).toEqual({ date: '2026-11-24', text: 'завтра' });
    expect(late.shops.find((s) => s.quantity === 0 && s.cityName === 'Москва')?.collection).toEqual({
      date: '2026-11-26',
      text: 'с 26 ноября',
    });
    expect(late.movementStores).toEqual([{ id: k.stores.movement, name: expect.any(String), quantity: 5 }]);
    now = new Date('2026-11-23T12:00:00+03:00');
  });

  it('answers «not found» for an offer that does not exist and 400 for one that cannot', async () => {
    const v = await newVisitor(app);
    const missing = await v.post(API.reserveData, { offerId: 99_999_999 });
    expect(missing.status).toBe(404);
    expect((await missing.json()).errors[0].message).toBe('Такого товара нет в каталоге.');
    expect((await v.post(API.reserveData, { offerId: 'abc' })).status).toBe(400);
    expect((await v.post(API.reserveData, {})).status).toBe(400);
    const rpc = await v.post(RPC_PATH, { method: 'sale.reserve.data', offerId: -3 });
    expect(rpc.status).toBe(400);
    expect((await rpc.json()).error.msg).toBe('Нет такого размера.');
  });
});

describe('sale.reserve.save', () => {
  /** A visitor with a confirmed phone and nothing in the cart. */
  async function reserver(): Promise<{ v: Visitor; phone: string }> {
    const v = await newVisitor(app);
    const phone = freshPhone();
    const id = decodeURIComponent(v.cookie.split('=')[1] ?? '').split('.')[0];
    await app.database.db.execute(sql`update sessions set confirmed_phone = ${phone} where id = ${id}`);
    return { v, phone };
  }
  const reserve = (r: { v: Visitor; phone: string }, offerId: number, shopId: number, key = randomUUID()) =>
    r.v.post(RPC_PATH, {
      method: 'sale.reserve.save',
      idempotencyKey: key,
      offerId,
      shopId,
      name: 'Иванова Анна',
      phone: r.phone,
    });

  it('puts one unit aside in the shop, taking it from that shop, once per key, leaving the cart alone', async () => {
    const offer = offers[1] as OfferFacts;
    const shop = moscow()[0] as ShopView;
    await k.stockOf(offer, 3, 0);
    await app.database.db.execute(
      sql`insert into stock (offer_id, store_id, quantity) values (${offer.id}, ${shop.id}, 1)`,
    );
    const r = await reserver();
    await k.stockOf(offers[2] as OfferFacts, 2);
    expect((await r.v.post(API.basketAdd, { offerId: (offers[2] as OfferFacts).id })).status).toBe(200);
    const key = randomUUID();
    const res = await reserve(r, offer.id, shop.id, key);
    expect(res.status).toBe(200);
    const { id } = await res.json();
    expect((await (await reserve(r, offer.id, shop.id, key)).json()).id).toBe(id);
    const [order] = await k.rows<{ delivery_type: string; total: number; reserved_until: Date | null }>(
      sql`select delivery_type, total, reserved_until from orders where id = ${id}`,
    );
    expect(order).toMatchObject({ delivery_type: 'SHOP', total: offer.price });
    expect(order?.reserved_until).not.toBeNull();
    expect(await k.rows(sql`select store_id, quantity from order_stock where order_id = ${id}`)).toEqual([
      { store_id: shop.id, quantity: 1 },
    ]);
    expect(
      await k.rows(sql`select quantity from stock where offer_id = ${offer.id} and store_id = ${shop.id}`),
    ).toEqual([{ quantity: 0 }]);
    expect((await (await r.v.get(API.userState)).json()).data.basket.availableCount).toBe(1);
    // The confirmation page is the reserver's.
    expect(await (await r.v.get(`/order/?ORDER_ID=${id}`)).text()).toContain('Самовывоз из магазина');
  });

  it('tells one ready date in the dialog, on the order page and in the saved order, on a Yekaterinburg clock', async () => {
    const offer = offers[5] as OfferFacts;
    const shop = shops.find((s) => s.cityName === 'Екатеринбург' && s.reservable) as ShopView;
    /** The order page of a visitor whose city is Yekaterinburg. */
    const orderPage = async (v: Visitor) =>
      (await (
        await app.fetch(RPC_PATH, {
          method: 'POST',
          headers: { cookie: `${v.cookie}; city=ekaterinburg`, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            sessid: v.sessid,
            method: 'sale.order.data',
            deliveryType: 'SHOP',
            deliveryShopId: String(shop.id),
          }).toString(),
        })
      ).json()) as { shopDeliverySrok: string | null; deliveryIntervalList: Record<string, string[]> };
    /** At `clock` on Monday 23 November in Yekaterinburg: what each of the three says, the size in the shop. */
    async function answers(clock: string) {
      now = new Date(`2026-11-23T${clock}:00+05:00`);
      await k.stockOf(offer, 1, 0);
      await app.database.db.execute(sql`
        insert into stock (offer_id, store_id, quantity) values (${offer.id}, ${shop.id}, 1)
        on conflict (offer_id, store_id) do update set quantity = 1`);
      const r = await reserver();
      const dialog = (await (await r.v.post(API.reserveData, { offerId: offer.id })).json()).data as ReserveData;
      expect((await r.v.post(API.basketAdd, { offerId: offer.id })).status).toBe(200);
      const page = await orderPage(r.v);
      const { id } = await (await reserve(r, offer.id, shop.id)).json();
      const [order] = await k.rows<{ delivery: { readyDate: string }; reserved_until: string | Date }>(
        sql`select delivery, reserved_until from orders where id = ${id}`,
      );
      return {
        dialog: dialog.shops
          .find((s) => s.id === shop.id)
          ?.collection?.date.split('-')
          .reverse()
          .join('.'),
        page: page.shopDeliverySrok,
        saved: order?.delivery.readyDate,
        reservedUntil: new Date(order?.reserved_until as string),
        firstCourierDay: Object.keys(page.deliveryIntervalList)[0],
      };
    }
    // 17:30 there is 15:30 in Moscow: the shop still puts it aside today, the courier's 17:00 has passed there.
    expect(await answers('17:30')).toEqual({
      dialog: '23.11.2026',
      page: '23.11.2026',
      saved: '23.11.2026',
      reservedUntil: new Date('2026-11-26T00:00:00+05:00'),
      firstCourierDay: '24.11.2026',
    });
    // 18:30 there is 16:30 in Moscow, where the answer would still be today.
    expect(await answers('18:30')).toEqual({
      dialog: '24.11.2026',
      page: '24.11.2026',
      saved: '24.11.2026',
      reservedUntil: new Date('2026-11-27T00:00:00+05:00'),
      firstCourierDay: '24.11.2026',
    });
    now = new Date('2026-11-23T12:00:00+03:00');
  });

  it('refuses an unconfirmed phone, a shop that does not put items aside, and a size nobody has', async () => {
    const offer = offers[3] as OfferFacts;
    const [open, ...rest] = moscow();
    const closed = rest.find((s) => !s.reservable) as ShopView;
    await k.stockOf(offer, 1, 1);
    const stranger = await newVisitor(app);
    const unconfirmed = await reserve({ v: stranger, phone: freshPhone() }, offer.id, (open as ShopView).id);
    expect((await unconfirmed.json()).error.code).toBe('sale.order/PHONE_NOT_CONFIRMED');
    const r = await reserver();
    const refused = await reserve(r, offer.id, closed.id);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toEqual({
      msg: 'Этот магазин не откладывает товары: выберите другой.',
      code: 'sale.order/SHOP_NOT_ALLOWED',
    });
    await k.stockOf(offer, 0, 0);
    const none = await reserve(r, offer.id, (open as ShopView).id);
    expect(none.status).toBe(400);
    expect((await none.json()).error.code).toBe('sale.order/SHOP_NOT_ALLOWED');
    expect((await reserve(r, 99_999_999, (open as ShopView).id)).status).toBe(404);
  });

  it('gives the last two units of a shop to two of 50 shoppers reserving at once', async () => {
    const offer = offers[4] as OfferFacts;
    const shop = moscow()[0] as ShopView;
    await k.stockOf(offer, 0, 0);
    await app.database.db.execute(
      sql`insert into stock (offer_id, store_id, quantity) values (${offer.id}, ${shop.id}, 2)`,
    );
    const fifty = await Promise.all(Array.from({ length: 50 }, () => reserver()));
    const answers = await Promise.all(fifty.map((r) => reserve(r, offer.id, shop.id)));
    const codes = await Promise.all(answers.map(async (res) => (res.ok ? 'ok' : (await res.json()).error.code)));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(2);
    expect(new Set(codes.filter((c) => c !== 'ok'))).toEqual(new Set(['sale.order/NOT_ENOUGH_STOCK']));
    expect(
      await k.rows(sql`select quantity from stock where offer_id = ${offer.id} and store_id = ${shop.id}`),
    ).toEqual([{ quantity: 0 }]);
  });
});

describe('the catalogue filtered by a shop', () => {
  it('lists the products the shop holds some size of, and follows its stock', async () => {
    const shop = moscow()[1] as ShopView;
    const listed = async () => {
      const res = await app.fetch(
        `/api/v2/catalog/product/list/?section=/catalog/women/&filter=shop-is-${shop.code}&limit=100`,
      );
      expect(res.status).toBe(200);
      return ((await res.json()).data.items as { id: number }[]).map((i) => i.id);
    };
    const [product] = await k.rows<{ id: number; offer: number }>(sql`
      select p.id, min(o.id) as offer from products p join offers o on o.product_id = p.id
      where p.active and 1 = any(p.section_path) and not exists (
        select 1 from offers x join stock s on s.offer_id = x.id where x.product_id = p.id and s.store_id = ${shop.id})
      group by p.id order by p.id limit 1`);
    const { id, offer } = { id: Number(product?.id), offer: Number(product?.offer) };
    expect(await listed()).not.toContain(id);
    await app.database.db.execute(
      sql`insert into stock (offer_id, store_id, quantity) values (${offer}, ${shop.id}, 1)`,
    );
    // Kept listings are dropped when the database's notification of the change arrives, just after the commit.
    await expect.poll(listed).toContain(id);
    await app.database.db.execute(
      sql`update stock set quantity = 0 where offer_id = ${offer} and store_id = ${shop.id}`,
    );
    await expect.poll(listed).not.toContain(id);
  });
});
