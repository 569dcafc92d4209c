import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { STAFF_API } from '../../contract/staff-api';
import { courierIntervals } from '../../domain/delivery/schedule';
import { orderNumber } from '../../domain/order/process';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { type CheckoutKit, checkoutKit } from '../support/checkout';
import { readOutbox } from '../support/outbox';
import { addStaff, loggedInStaff } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 47.6: staff change a placed order before it is assembled — a line's quantity or size, a line removed or
 * added. Stock moves with it to the unit, the sums follow checkout's rules, a paid online order gets the difference
 * back, 1C takes the order again, the shopper gets a letter and the card's history says who changed what.
 */

let app: TestApp;
let k: CheckoutKit;
let offers: OfferFacts[];
let next = 0;
type Browser = Awaited<ReturnType<typeof loggedInStaff>>;
let manager: Browser;
let content: Browser;
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
  // Offers of products with at least two sizes, so a line's size can be changed.
  const twoSizes = await k.rows<{ id: number }>(
    sql`select o.id from offers o where exists (select 1 from offers x where x.product_id = o.product_id and x.id <> o.id)`,
  );
  const ids = new Set(twoSizes.map((r) => Number(r.id)));
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted && o.price >= 100_000 && ids.has(o.id));
  const shops = await k.rows<{ id: number }>(sql`select id from stores where type = 'shop' order by id limit 2`);
  await addStaff(app, { email: 'edit.manager@vyuga.test', role: 'manager' });
  await addStaff(app, { email: 'edit.content@vyuga.test', role: 'content' });
  await addStaff(app, { email: 'edit.shop@vyuga.test', role: 'shop', shopId: k.stores.shop });
  const other = shops.map((s) => Number(s.id)).find((id) => id !== k.stores.shop) as number;
  await addStaff(app, { email: 'edit.other@vyuga.test', role: 'shop', shopId: other });
  manager = await loggedInStaff(app, 'edit.manager@vyuga.test');
  content = await loggedInStaff(app, 'edit.content@vyuga.test');
  shopStaff = await loggedInStaff(app, 'edit.shop@vyuga.test');
  otherShopStaff = await loggedInStaff(app, 'edit.other@vyuga.test');
});
afterAll(() => app.close());

const anOffer = () => offers[next++] as OfferFacts;

/** Units of the offer in every store, and those the order holds of it. */
async function units(offerId: number, orderId: number) {
  const [stock] = await k.rows<{ n: number }>(
    sql`select coalesce(sum(quantity), 0)::int as n from stock where offer_id = ${offerId}`,
  );
  const [held] = await k.rows<{ n: number }>(
    sql`select coalesce(sum(quantity), 0)::int as n from order_stock where order_id = ${orderId} and offer_id = ${offerId}`,
  );
  return { stock: Number(stock?.n), held: Number(held?.n) };
}

async function orderOf(id: number) {
  const [o] = await k.rows<{
    items: number;
    discount: number;
    total: number;
    delivery_price: number;
    exported: boolean;
  }>(
    sql`select items, discount, total, delivery_price, exported_at is not null and not export_again as exported from orders where id = ${id}`,
  );
  const lines = await k.rows<{ id: number; offer_id: number; quantity: number; price: number; total: number }>(
    sql`select id, offer_id, quantity, price, total from order_lines where order_id = ${id} order by id`,
  );
  return {
    items: Number(o?.items),
    discount: Number(o?.discount),
    total: Number(o?.total),
    deliveryPrice: Number(o?.delivery_price),
    exported: o?.exported,
    lines: lines.map((l) => ({
      id: Number(l.id),
      offerId: Number(l.offer_id),
      quantity: Number(l.quantity),
      price: Number(l.price),
      total: Number(l.total),
    })),
  };
}

/** A pickup order of one unit at the seed's first shop, 1C having taken it; paid online when asked. */
async function placed(options: { online?: boolean; quantity?: number } = {}) {
  const offer = anOffer();
  await k.stockOf(offer, 3, 3);
  const { v, phone } = await k.quickShopper(offer, options.quantity ?? 1);
  const res = await k.rpc(v, 'sale.order.save', {
    ...k.pickup(phone),
    ...(options.online ? { paymentMethod: 'ONLINE' } : {}),
  });
  const body = (await res.json()) as { id: number; payment?: { confirmationUrl: string } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  if (body.payment)
    expect((await v.post(`${new URL(body.payment.confirmationUrl).pathname}pay/`, {}, {})).status).toBe(303);
  await app.database.db.execute(sql`update orders set exported_at = now() where id = ${body.id}`);
  const order = await orderOf(body.id);
  return { id: body.id, phone, email: `order.${phone}@example.ru`, offer, line: order.lines[0]?.id as number };
}

const audits = async (id: number) =>
  k.rows<{ staff_email: string; changes: Record<string, { before?: unknown; after?: unknown }> }>(
    sql`select staff_email, changes from audit_log where action = 'order.edit' and entity_id = ${String(id)} order by id`,
  );

describe('changing a placed order’s lines', () => {
  it('a quantity: the stock moves by the units, the sums, 1C, the letter and the history follow', async () => {
    const { id, email, offer, line } = await placed();
    expect(await units(offer.id, id)).toEqual({ stock: 5, held: 1 });
    const before = await orderOf(id);

    const res = await edit(manager, id, { action: 'quantity', lineId: line, quantity: 3 });
    expect(res.status).toBe(200);
    const card = (await res.json()).data.order;
    expect(card.lines[0]).toMatchObject({ quantity: 3 });

    expect(await units(offer.id, id)).toEqual({ stock: 3, held: 3 });
    const after = await orderOf(id);
    expect(after.lines).toEqual([{ ...before.lines[0], quantity: 3, total: offer.price * 3 }]);
    expect(after).toMatchObject({
      items: offer.price * 3,
      total: offer.price * 3 + after.deliveryPrice,
      exported: false,
    });

    await app.outbox.deliver();
    const letter = await readOutbox(app, { to: email, channel: 'email' });
    expect(letter?.subject).toContain(`Заказ № ${orderNumber(id)} изменён`);
    expect(letter?.text).toContain('× 3');

    const [entry] = await audits(id);
    expect(entry?.staff_email).toBe('edit.manager@vyuga.test');
    expect(entry?.changes.total).toEqual({ before: before.total, after: after.total });
    const notes = (card.notes as { text: string; email: string | null }[]).map((n) => n.text);
    expect(notes.at(-1)).toMatch(/^Заказ изменён\. Было: .* × 1 .*Стало: .* × 3/);

    // Back down to one: the two units go back.
    expect((await edit(manager, id, { action: 'quantity', lineId: line, quantity: 1 })).status).toBe(200);
    expect(await units(offer.id, id)).toEqual({ stock: 5, held: 1 });
    expect((await orderOf(id)).total).toBe(before.total);
  });

  it('a size: the old size’s unit goes back and the new size’s is taken', async () => {
    const { id, offer, line } = await placed();
    const [other] = await k.rows<{ id: number }>(
      sql`select x.id from offers x join offers o on o.product_id = x.product_id where o.id = ${offer.id} and x.id <> o.id order by x.id limit 1`,
    );
    const size = Number(other?.id);
    await k.stockOf({ ...offer, id: size }, 2, 2);
    expect((await edit(manager, id, { action: 'size', lineId: line, offerId: size })).status).toBe(200);
    expect(await units(offer.id, id)).toEqual({ stock: 6, held: 0 });
    expect(await units(size, id)).toEqual({ stock: 3, held: 1 });
    expect((await orderOf(id)).lines.map((l) => [l.id, l.offerId])).toEqual([[line, size]]);
  });

  it('a line added, then removed; the last line cannot be removed', async () => {
    const { id, offer, line } = await placed();
    const added = anOffer();
    await k.stockOf(added, 3, 3);
    expect((await edit(manager, id, { action: 'add', offerId: added.id, quantity: 2 })).status).toBe(200);
    const two = await orderOf(id);
    expect(two.lines.map((l) => [l.offerId, l.quantity])).toEqual([
      [offer.id, 1],
      [added.id, 2],
    ]);
    expect(two.items).toBe(offer.price + added.price * 2);
    expect(await units(added.id, id)).toEqual({ stock: 4, held: 2 });

    const addedLine = two.lines[1]?.id as number;
    expect((await edit(manager, id, { action: 'remove', lineId: addedLine })).status).toBe(200);
    expect(await units(added.id, id)).toEqual({ stock: 6, held: 0 });
    expect((await orderOf(id)).lines.map((l) => l.id)).toEqual([line]);

    const last = await edit(manager, id, { action: 'remove', lineId: line });
    expect(last.status).toBe(400);
    expect((await errorOf(last))?.code).toBe('LAST_LINE');
  });

  it('more than the stock holds is refused and nothing changes', async () => {
    const { id, offer, line } = await placed();
    const res = await edit(manager, id, { action: 'quantity', lineId: line, quantity: 9 });
    expect(res.status).toBe(409);
    expect((await errorOf(res))?.message).toMatch(/^Столько нет в наличии/);
    expect(await units(offer.id, id)).toEqual({ stock: 5, held: 1 });
    expect((await orderOf(id)).lines[0]?.quantity).toBe(1);
    expect(await audits(id)).toEqual([]);
  });

  it('a paid online order: a smaller sum refunds the difference (a larger one asks for a top-up: order-edit-top-up.test.ts)', async () => {
    const { id, offer, line, email } = await placed({ online: true, quantity: 2 });
    const paid = await orderOf(id);

    expect((await edit(manager, id, { action: 'quantity', lineId: line, quantity: 1 })).status).toBe(200);
    const after = await orderOf(id);
    expect(after.total).toBe(paid.total - offer.price);
    const summary = (await (await manager.get(path(STAFF_API.orderPayments, id))).json()).data.payment as {
      paid: number;
      refunded: number;
    };
    expect(summary).toMatchObject({ paid: paid.total, refunded: offer.price });
    const [entry] = await audits(id);
    expect(entry?.changes.refund?.after).toBe(offer.price);
    await app.outbox.deliver();
    expect((await readOutbox(app, { to: email, channel: 'email' }))?.text).toMatch(/Разницу .* вернём на карту/);
  });

  it('refuses past the editable statuses, roles without the grant and another shop’s staff', async () => {
    const { id, line } = await placed();
    const denied = await edit(content, id, { action: 'quantity', lineId: line, quantity: 2 });
    expect(denied.status).toBe(403);
    const hidden = await edit(otherShopStaff, id, { action: 'quantity', lineId: line, quantity: 2 });
    expect(hidden.status).toBe(404);
    expect((await edit(shopStaff, id, { action: 'quantity', lineId: line, quantity: 2 })).status).toBe(200);
    const [entry] = await audits(id);
    expect(entry?.changes.total?.after).toBeGreaterThan(Number(entry?.changes.total?.before));

    for (const to of ['confirmed', 'assembling'])
      expect((await manager.call(path(STAFF_API.orderTransition, id), { to })).status).toBe(200);
    const late = await edit(manager, id, { action: 'quantity', lineId: line, quantity: 1 });
    expect(late.status).toBe(409);
    expect((await errorOf(late))?.message).toBe('Заказ в статусе «Собирается»: менять его можно только до сборки.');

    const bad = await edit(manager, id, { action: 'quantity', lineId: line, quantity: 0 });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad))?.message).toMatch(/^Количество — целое число от 1 до/);
  });
});

/** A logged-in member's courier order of one size, as the order page saves it. */
async function courierOrder() {
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
  const body = (await res.json()) as { id: number };
  expect(res.status, JSON.stringify(body)).toBe(200);
  await app.database.db.execute(sql`update orders set exported_at = now() where id = ${body.id}`);
  return { id: body.id, email: `order.${phone}@example.ru` };
}

const deliveryOf = async (id: number) =>
  (
    await k.rows<{ delivery: Record<string, unknown>; exported: boolean }>(
      sql`select delivery, exported_at is not null and not export_again as exported from orders where id = ${id}`,
    )
  )[0];

describe('changing a placed order’s delivery', () => {
  it('a courier’s address, then its day and time: 1C takes it again, the shopper gets a letter, the history keeps both', async () => {
    const { id, email } = await courierOrder();
    // A carrier courier's address is quoted again (tests/api/order-edit-delivery.test.ts); the shop's own courier
    // (no carrier in force) goes wherever the shopper asks, at the same price.
    await app.database.db.execute(sql`update orders set delivery = delivery - 'carrier' - 'townCode' where id = ${id}`);
    const before = await deliveryOf(id);
    const moved = await edit(manager, id, { action: 'delivery', address: 'Москва, ул. Арбат, 10, кв. 5' });
    expect(moved.status).toBe(200);
    const after = await deliveryOf(id);
    expect(after?.delivery).toMatchObject({ address: 'Москва, ул. Арбат, 10, кв. 5', date: before?.delivery.date });
    expect(after?.delivery.addressId).toBeUndefined();
    expect(after?.exported).toBe(false);
    await app.outbox.deliver();
    const letter = await readOutbox(app, { to: email, channel: 'email' });
    expect(letter?.subject).toContain(`Доставка заказа № ${orderNumber(id)} изменена`);
    expect(letter?.text).toContain('Москва, ул. Арбат, 10, кв. 5');

    const list = courierIntervals(new Date(), 'Europe/Moscow', { sameDayStock: false });
    const day = Object.keys(list)[2] as string;
    const time = (list[day] as string[])[1] as string;
    expect((await edit(manager, id, { action: 'delivery', date: day, time })).status).toBe(200);
    expect((await deliveryOf(id))?.delivery).toMatchObject({
      address: 'Москва, ул. Арбат, 10, кв. 5',
      date: day,
      time,
    });
    const [first, second] = await audits(id);
    expect(first?.changes.address).toEqual({ before: before?.delivery.address, after: 'Москва, ул. Арбат, 10, кв. 5' });
    expect(second?.changes.time).toEqual({ before: before?.delivery.time, after: time });

    const gone = await edit(manager, id, { action: 'delivery', date: '01.01.2020', time });
    expect(gone.status).toBe(400);
    expect((await errorOf(gone))?.code).toBe('INTERVAL_DELIVERY');
    const same = await edit(manager, id, { action: 'delivery', date: day, time });
    expect((await errorOf(same))?.code).toBe('NOTHING_CHANGED');
  });

  it('a shop order has no address to change', async () => {
    const { id } = await placed();
    const res = await edit(manager, id, { action: 'delivery', address: 'Москва, ул. Арбат, 10' });
    expect(res.status).toBe(400);
    expect((await errorOf(res))?.code).toBe('ADDRESS_NOT_ASKED');
  });
});

describe('a promo code applied to a placed order and taken off', () => {
  it('by checkout’s rules: the sums follow, the code’s uses are counted and given back', async () => {
    const { id, line } = await placed();
    expect((await edit(manager, id, { action: 'quantity', lineId: line, quantity: 2 })).status).toBe(200);
    const code = `EDIT${Date.now().toString(36).toUpperCase()}`;
    await app.database.db.execute(sql`insert into promo_codes (code, percent, min_basket) values (${code}, 10, 0)`);
    const uses = async () =>
      Number((await k.rows<{ uses: number }>(sql`select uses from promo_codes where code = ${code}`))[0]?.uses);
    const before = await orderOf(id);

    const applied = await edit(manager, id, { action: 'promo-add', code: code.toLowerCase() });
    expect(applied.status).toBe(200);
    expect((await applied.json()).data.order.promoCodes).toEqual([code]);
    const after = await orderOf(id);
    expect(after.discount).toBe(before.discount + Math.floor((before.items * 10) / 100));
    expect(after.total).toBe(before.total - Math.floor((before.items * 10) / 100));
    expect(await uses()).toBe(1);
    const twice = await edit(manager, id, { action: 'promo-add', code });
    expect((await errorOf(twice))?.code).toBe('PROMO_ON_ORDER');
    const none = await edit(manager, id, { action: 'promo-add', code: 'НЕТ-ТАКОГО' });
    expect(none.status).toBe(400);
    expect((await errorOf(none))?.message).toBe('Такого промокода нет.');

    expect((await edit(manager, id, { action: 'promo-remove', code })).status).toBe(200);
    expect((await orderOf(id)).total).toBe(before.total);
    expect(await uses()).toBe(0);
    const [, , third] = await audits(id);
    expect(third?.changes.promoCodes).toEqual({ before: [code], after: [] });
  });

  it('a sum off for a brand takes nothing off another brand’s lines, as checkout prices it', async () => {
    const { id, offer } = await placed();
    const [brand] = await k.rows<{ brand_id: number }>(
      sql`select p.brand_id from offers o join products p on p.id = o.product_id where o.id = ${offer.id}`,
    );
    const code = `BRAND${Date.now().toString(36).toUpperCase()}`;
    await app.database.db.execute(sql`insert into promo_codes (code, amount, min_basket, brand_ids)
      values (${code}, 50000, 0, array[${Number(brand?.brand_id) + 100000}]::int[])`);
    const before = await orderOf(id);
    expect((await edit(manager, id, { action: 'promo-add', code })).status).toBe(200);
    expect(await orderOf(id)).toMatchObject({ discount: before.discount, total: before.total });
  });
});
