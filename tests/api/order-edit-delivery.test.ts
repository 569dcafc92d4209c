import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, RPC_PATH } from '../../contract/api';
import { STAFF_API } from '../../contract/staff-api';
import { courierIntervals } from '../../domain/delivery/schedule';
import { orderNumber } from '../../domain/order/process';
import { quoteOf, TEST_FROM, townByCode } from '../../server/delivery/test-carrier/geography';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { type CheckoutKit, checkoutKit } from '../support/checkout';
import { readOutbox } from '../support/outbox';
import { addStaff, loggedInStaff } from '../support/staff';
import { createTestApp, type TestApp, type Visitor } from '../support/test-app';

/**
 * Issue 47.6, the delivery's missing parts: a pickup order moved to another shop with its units, a carrier point
 * changed for another of the same carrier and a carrier courier's address changed (both quoted again), the delivery's
 * price after a change of the lines by checkout's free threshold, and the discount card the order was placed with.
 */

let app: TestApp;
let k: CheckoutKit;
let offers: OfferFacts[];
let next = 0;
let shopA: number;
let shopB: number;
type Browser = Awaited<ReturnType<typeof loggedInStaff>>;
let manager: Browser;
let shopStaff: Browser;
let otherShopStaff: Browser;

const path = (template: string, id: number) => template.replace(':id', String(id));
const edit = (who: Browser, id: number, body: Record<string, unknown>) =>
  who.call(path(STAFF_API.orderChanges, id), body);
const errorOf = async (res: Response) =>
  ((await res.json()) as { errors: { code: string; message: string }[] }).errors[0];

beforeAll(async () => {
  app = await createTestApp({ ORDERS_PER_PHONE_DAY: '100' });
  ignorePoolErrorsOnClose(app.database.db);
  k = await checkoutKit(app);
  // Offers at full price (a card's percent covers them) that no other size shares a line with.
  const full = await k.rows<{ id: number }>(sql`select id from offers where old_price is null or old_price <= price`);
  const ids = new Set(full.map((r) => Number(r.id)));
  offers = (await offerFacts(app.database.db)).filter(
    (o) => !o.restricted && o.price >= 100_000 && o.price < 400_000 && ids.has(o.id),
  );
  const shops = await k.rows<{ id: number }>(sql`select id from stores where type = 'shop' order by id limit 2`);
  shopA = k.stores.shop;
  shopB = shops.map((s) => Number(s.id)).find((id) => id !== shopA) as number;
  await addStaff(app, { email: 'place.manager@vyuga.test', role: 'manager' });
  await addStaff(app, { email: 'place.shop@vyuga.test', role: 'shop', shopId: shopA });
  await addStaff(app, { email: 'place.other@vyuga.test', role: 'shop', shopId: shopB });
  manager = await loggedInStaff(app, 'place.manager@vyuga.test');
  shopStaff = await loggedInStaff(app, 'place.shop@vyuga.test');
  otherShopStaff = await loggedInStaff(app, 'place.other@vyuga.test');
});
afterAll(() => app.close());

const anOffer = () => offers[next++] as OfferFacts;

const orderOf = async (id: number) => {
  const [o] = await k.rows<{
    delivery: Record<string, unknown>;
    delivery_price: number;
    items: number;
    discount: number;
    total: number;
    reserved_until: Date | null;
    exported: boolean;
  }>(
    sql`select delivery, delivery_price, items, discount, total, reserved_until,
      exported_at is not null and not export_again as exported from orders where id = ${id}`,
  );
  return {
    delivery: o?.delivery as Record<string, unknown>,
    deliveryPrice: Number(o?.delivery_price),
    items: Number(o?.items),
    discount: Number(o?.discount),
    total: Number(o?.total),
    reservedUntil: o?.reserved_until,
    exported: o?.exported,
  };
};
const lineOf = async (id: number) =>
  (await k.rows<{ id: number }>(sql`select id from order_lines where order_id = ${id} order by id`)).map((r) =>
    Number(r.id),
  )[0] as number;
const stockIn = async (offerId: number, storeId: number) =>
  Number(
    (
      await k.rows<{ n: number }>(
        sql`select coalesce(sum(quantity), 0)::int as n from stock where offer_id = ${offerId} and store_id = ${storeId}`,
      )
    )[0]?.n,
  );
const heldIn = async (orderId: number) =>
  (
    await k.rows<{ store_id: number; quantity: number }>(
      sql`select store_id, quantity from order_stock where order_id = ${orderId} order by store_id`,
    )
  ).map((r) => [Number(r.store_id), Number(r.quantity)]);
const notes = async (id: number) =>
  (await k.rows<{ text: string }>(sql`select text from order_notes where order_id = ${id} order by id`)).map(
    (n) => n.text,
  );
const audits = async (id: number) =>
  k.rows<{ staff_email: string; changes: Record<string, { before?: unknown; after?: unknown }> }>(
    sql`select staff_email, changes from audit_log where action = 'order.edit' and entity_id = ${String(id)} order by id`,
  );

/** The offer in each of the two shops (one unit) and in a movement store that brings it to shops (one unit). */
async function inShops(offer: OfferFacts) {
  await app.database.db.execute(sql`delete from stock where offer_id = ${offer.id}`);
  await app.database.db.execute(sql`insert into stock (offer_id, store_id, quantity) values
    (${offer.id}, ${shopA}, 1), (${offer.id}, ${shopB}, 1), (${offer.id}, ${k.stores.movement}, 1)`);
}

describe('a pickup order moved to another shop', () => {
  it('its unit goes back to the first shop and is taken at the second; the order, history and letter follow', async () => {
    const offer = anOffer();
    await inShops(offer);
    const { v, phone } = await k.quickShopper(offer);
    const res = await k.rpc(v, 'sale.order.save', k.pickup(phone));
    expect(res.status, await res.clone().text()).toBe(200);
    const { id } = (await res.json()) as { id: number };
    await app.database.db.execute(sql`update orders set exported_at = now() where id = ${id}`);
    expect(await heldIn(id)).toEqual([[shopA, 1]]);
    const before = await orderOf(id);

    // A shop's staff may not move it to a shop beyond their reach; the other shop's staff do not see it.
    const beyond = await edit(shopStaff, id, { action: 'delivery', shopId: shopB });
    expect(beyond.status).toBe(403);
    expect((await errorOf(beyond))?.message).toBe('Переносить заказы в этот магазин вам нельзя.');
    expect((await edit(otherShopStaff, id, { action: 'delivery', shopId: shopB })).status).toBe(404);

    const moved = await edit(manager, id, { action: 'delivery', shopId: shopB });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(await stockIn(offer.id, shopA)).toBe(1);
    expect(await stockIn(offer.id, shopB)).toBe(0);
    expect(await heldIn(id)).toEqual([[shopB, 1]]);
    const after = await orderOf(id);
    expect(after.delivery).toMatchObject({ shopId: shopB });
    expect(String(after.delivery.shop)).not.toBe(String(before.delivery.shop));
    expect(after.reservedUntil).not.toBeNull();
    expect(after.exported).toBe(false);
    expect(after.total).toBe(before.total);
    expect((await notes(id)).at(-1)).toMatch(
      /^Доставка изменена\. Было: самовывоз из магазина .*Стало: самовывоз из магазина/,
    );
    const [entry] = await audits(id);
    expect(entry?.staff_email).toBe('place.manager@vyuga.test');
    expect(entry?.changes.delivery?.after).toContain(String(after.delivery.shop));
    await app.outbox.deliver();
    const letter = await readOutbox(app, { to: `order.${phone}@example.ru`, channel: 'email' });
    expect(letter?.subject).toContain(`Доставка заказа № ${orderNumber(id)} изменена`);
    expect(letter?.text).toContain(String(after.delivery.shop));

    // Back to a shop that has none of the size left, nor a store that brings it: refused, nothing moves.
    await app.database.db.execute(
      sql`update stock set quantity = 0 where offer_id = ${offer.id} and store_id in (${shopA}, ${k.stores.movement})`,
    );
    const lacks = await edit(manager, id, { action: 'delivery', shopId: shopA });
    expect(lacks.status).toBe(409);
    expect(await errorOf(lacks)).toMatchObject({
      code: 'SHOP_LACKS_SIZE',
      message: expect.stringMatching(/^В этот магазин заказ перенести нельзя/),
    });
    expect(await heldIn(id)).toEqual([[shopB, 1]]);
    expect(await audits(id)).toHaveLength(1);

    const same = await edit(manager, id, { action: 'delivery', shopId: shopB });
    expect((await errorOf(same))?.code).toBe('NOTHING_CHANGED');
    const bad = await edit(manager, id, { action: 'delivery', shopId: 'первый' });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad))?.message).toBe('Магазин — номер из списка.');
  });
});

/** The visitor's calls with the city cookie the region call set. */
function inCity(v: Visitor, setCookie: string | null) {
  const city = (setCookie ?? '').match(/city=[^;]+/)?.[0] ?? '';
  const cookie = `${v.cookie}; ${city}`;
  return (method: string, fields: Record<string, string | number> = {}) =>
    app.fetch(RPC_PATH, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(
        Object.entries({ method, ...fields, sessid: v.sessid }).map(([key, x]) => [key, String(x)]),
      ).toString(),
    });
}

/** A shopper in Tomsk with a size of its own in the cart: the calls in that city, and the town's carrier points. */
async function tomskShopper() {
  const offer = anOffer();
  await k.stockOf(offer, 5);
  const { v, phone } = await k.quickShopper(offer);
  const region = await v.post(API.regionByAddress, { address: 'Томск' });
  const rpc = inCity(v, region.headers.get('set-cookie'));
  const state = await (await rpc('sale.order.data', { deliveryType: 'PICKUP' })).json();
  return { offer, phone, rpc, points: state.pickupPointList as { id: number; kind: string; name: string }[] };
}

describe('a carrier’s delivery changed and quoted again', () => {
  it('another point of the same carrier: a locker is charged at its own price, the sums follow', async () => {
    const { phone, rpc, points } = await tomskShopper();
    const point = points.find((p) => p.kind === 'point') as { id: number };
    const locker = points.find((p) => p.kind === 'locker') as { id: number; name: string };
    const saved = await rpc('sale.order.save', {
      ...k.pickup(phone),
      deliveryType: 'PICKUP',
      deliveryPickupPointId: point.id,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const { id } = (await saved.json()) as { id: number };
    const before = await orderOf(id);

    const tomsk = townByCode('tomsk') ?? expect.unreachable();
    const carrier = quoteOf({ weight: 1000, length: 40, width: 30, height: 10 }, TEST_FROM, tomsk);
    const lockerPrice = carrier.find((q) => q.kind === 'locker')?.price as number;
    const res = await edit(manager, id, { action: 'delivery', pointId: locker.id });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = await orderOf(id);
    expect(after.delivery).toMatchObject({
      pointId: locker.id,
      point: locker.name,
      kind: 'locker',
      carrier: 'test',
      townCode: 'tomsk',
      tryOn: false,
      quote: { price: lockerPrice, source: 'carrier' },
    });
    expect(after.deliveryPrice).toBe(lockerPrice);
    expect(after.total).toBe(before.total - before.deliveryPrice + lockerPrice);
    expect((await notes(id)).at(-1)).toContain('Стоимость доставки:');
    await app.outbox.deliver();
    const letter = await readOutbox(app, { to: `order.${phone}@example.ru`, channel: 'email' });
    // Its name says what it is («Постамат …»): mid-sentence, and not «пункт выдачи Постамат …».
    expect(letter?.text).toContain(`${locker.name.charAt(0).toLowerCase()}${locker.name.slice(1)}, `);
    expect(letter?.text).not.toContain('пункт выдачи Постамат');
    expect(letter?.text).toContain('Итого:');

    // A point of another town is not the order's carrier's there.
    const [foreign] = await k.rows<{ id: number }>(
      sql`select p.id from pickup_points p join cities c on c.id = p.city_id where c.name <> 'Томск' limit 1`,
    );
    const far = await edit(manager, id, { action: 'delivery', pointId: Number(foreign?.id) });
    expect(far.status).toBe(400);
    expect((await errorOf(far))?.code).toBe('POINT_UNKNOWN');

    // A point the carrier no longer lists in the town (its last listing left it out) is refused too.
    const dropped = points.find((p) => p.id !== point.id && p.id !== locker.id) ?? expect.unreachable();
    await app.database.db.execute(
      sql`update pickup_points set synced_at = synced_at - interval '1 day' where id = ${dropped.id}`,
    );
    const stale = await edit(manager, id, { action: 'delivery', pointId: dropped.id });
    expect(stale.status).toBe(400);
    expect((await errorOf(stale))?.code).toBe('POINT_UNKNOWN');
  });

  it('a parcel the carrier has not priced yet: asked before the order is locked, its price charged', async () => {
    const { offer, phone, rpc, points } = await tomskShopper();
    const [first, second] = points.filter((p) => p.kind === 'point');
    const saved = await rpc('sale.order.save', {
      ...k.pickup(phone),
      deliveryType: 'PICKUP',
      deliveryPickupPointId: Number(first?.id),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const { id } = (await saved.json()) as { id: number };
    // Heavier now than checkout quoted it (another weight band): the shop holds no answer for this parcel. Asked
    // inside the order's transaction, the carrier's answer would be kept through the embedded database's one
    // connection, which that transaction holds: the change would wait on itself.
    await app.database.db.execute(
      sql`update products set weight = 4000 where id = (select product_id from offers where id = ${offer.id})`,
    );
    const res = await edit(manager, id, { action: 'delivery', pointId: Number(second?.id) });
    expect(res.status, await res.clone().text()).toBe(200);
    const tomsk = townByCode('tomsk') ?? expect.unreachable();
    const heavy = quoteOf({ weight: 5000, length: 40, width: 30, height: 10 }, TEST_FROM, tomsk);
    const price = heavy.find((q) => q.kind === 'point')?.price as number;
    const after = await orderOf(id);
    expect(after.delivery).toMatchObject({ pointId: second?.id, quote: { price, source: 'carrier' } });
    expect(after.deliveryPrice).toBe(price);
  });

  it('a carrier courier’s other address: the carrier is asked again, the price it quotes is charged', async () => {
    const offer = anOffer();
    await k.stockOf(offer, 3, 3);
    const { me, phone } = await k.member(offer);
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
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { id } = (await res.json()) as { id: number };
    const placed = await orderOf(id);
    expect(placed.delivery.carrier).toBeTruthy();
    // The kept quote made stale, so that only a new quote brings the carrier's price back.
    await app.database.db.execute(sql`update orders set delivery = jsonb_set(delivery, '{quote,price}', '100'),
      delivery_price = case when delivery_price > 0 then 100 else 0 end, total = total - delivery_price
        + case when delivery_price > 0 then 100 else 0 end where id = ${id}`);
    // The carrier's code and price are Moscow's: an address in another town is refused, nothing changes.
    const far = await edit(manager, id, { action: 'delivery', address: 'Санкт-Петербург, Невский пр., 1' });
    expect(far.status).toBe(400);
    expect((await errorOf(far))?.code).toBe('ADDRESS_OTHER_TOWN');
    expect((await orderOf(id)).delivery.address).toBe(placed.delivery.address);
    const moved = await edit(manager, id, { action: 'delivery', address: 'г. Москва, ул. Арбат, 10, кв. 5' });
    expect(moved.status, await moved.clone().text()).toBe(200);
    const after = await orderOf(id);
    expect(after.delivery).toMatchObject({
      address: 'г. Москва, ул. Арбат, 10, кв. 5',
      date,
      quote: placed.delivery.quote as Record<string, unknown>,
    });
    expect(after.delivery.addressId).toBeUndefined();
    expect(after.deliveryPrice).toBe(placed.deliveryPrice);
    expect(after.total).toBe(placed.total);
  });
});

describe('the delivery’s price after a change of the lines', () => {
  it('a free threshold crossed by a quantity makes the delivery free, and back', async () => {
    const offer = anOffer();
    await k.stockOf(offer, 5, 5);
    const [row] = await k.rows<{ free_from: number | null }>(
      sql`select free_from from delivery_prices where type = 'SHOP'`,
    );
    // Pickup from a shop costs 150 ₽ below twice the offer's price, nothing from it.
    await app.database.db.execute(
      sql`update delivery_prices set price = 15000, free_from = ${offer.price * 2} where type = 'SHOP'`,
    );
    try {
      const { v, phone } = await k.quickShopper(offer);
      const res = await k.rpc(v, 'sale.order.save', k.pickup(phone));
      expect(res.status, await res.clone().text()).toBe(200);
      const { id } = (await res.json()) as { id: number };
      expect((await orderOf(id)).deliveryPrice).toBe(15_000);
      const line = await lineOf(id);

      expect((await edit(manager, id, { action: 'quantity', lineId: line, quantity: 2 })).status).toBe(200);
      const free = await orderOf(id);
      expect(free).toMatchObject({ deliveryPrice: 0, total: offer.price * 2 });
      expect((await notes(id)).at(-1)).toMatch(/Доставка: 150\s₽ → 0\s₽\.$/);
      const [entry] = await audits(id);
      expect(entry?.changes.deliveryPrice).toEqual({ before: 15_000, after: 0 });
      await app.outbox.deliver();
      expect((await readOutbox(app, { to: `order.${phone}@example.ru`, channel: 'email' }))?.text).toContain(
        'Доставка: бесплатно',
      );

      expect((await edit(manager, id, { action: 'quantity', lineId: line, quantity: 1 })).status).toBe(200);
      expect(await orderOf(id)).toMatchObject({ deliveryPrice: 15_000, total: offer.price + 15_000 });
    } finally {
      await app.database.db.execute(
        sql`update delivery_prices set price = 0, free_from = ${row?.free_from ?? null} where type = 'SHOP'`,
      );
    }
  });
});

describe('the discount card of a changed order', () => {
  it('is the one the order was placed with, not the shopper’s card as it is now', async () => {
    const offer = anOffer();
    await k.stockOf(offer, 5, 5);
    const { me, phone, userId } = await k.member(offer);
    await app.database.db.execute(sql`
      insert into discount_cards (user_id, number, percent) values (${userId}, ${`27${String(userId).padStart(11, '0')}`}, 5)
      on conflict (user_id) do update set percent = 5, active = true`);
    const res = await k.rpc(me, 'sale.order.save', k.pickup(phone));
    expect(res.status, await res.clone().text()).toBe(200);
    const { id } = (await res.json()) as { id: number };
    expect((await orderOf(id)).discount).toBe(Math.floor((offer.price * 5) / 100));
    // The shopper's card grew to 20 % since: the order keeps its 5 %.
    await app.database.db.execute(sql`update discount_cards set percent = 20 where user_id = ${userId}`);
    expect((await edit(manager, id, { action: 'quantity', lineId: await lineOf(id), quantity: 2 })).status).toBe(200);
    const after = await orderOf(id);
    expect(after.discount).toBe(Math.floor((offer.price * 2 * 5) / 100));
    expect(after.total).toBe(offer.price * 2 - after.discount + after.deliveryPrice);
  });
});
