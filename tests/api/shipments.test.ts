import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { addStaff, loggedInStaff } from '../support/staff';
import { createTestApp, newVisitor, SHOP_ORIGIN, type TestApp } from '../support/test-app';

let app: TestApp;
let offers: OfferFacts[];
let k: Awaited<ReturnType<typeof checkoutKit>>;
let manager: Awaited<ReturnType<typeof loggedInStaff>>;
let next = 0;

const path = (template: string, id: number) => template.replace(':id', String(id));
/** An API answer, read as the tests read JSON (its shape is what each expectation says). */
const json = async (res: Response) => res.json();

beforeAll(async () => {
  app = await createTestApp({ ORDERS_PER_PHONE_DAY: '100', DELIVERY_PROVIDER: 'test' });
  ignorePoolErrorsOnClose(app.database.db);
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted && o.price >= 100_000).slice(0, 20);
  k = await checkoutKit(app);
  await addStaff(app, { email: 'manager@vyuga.test', role: 'manager' });
  await addStaff(app, { email: 'content@vyuga.test', role: 'content' });
  manager = await loggedInStaff(app, 'manager@vyuga.test');
});
afterAll(() => app.close());

const two = () => {
  const pair = [offers[next % offers.length], offers[(next + 1) % offers.length]] as [OfferFacts, OfferFacts];
  next += 2;
  return pair;
};

/**
 * A member's order of two offers to a pickup point of the test carrier, paid on receipt, packed («Собирается»). The
 * checkout helper's migration 0040 writes `carrier`, `pointCode`, `kind`, `townCode`, `tryOn`, `partial` into the
 * order's delivery; here they are written as it would.
 */
async function packedOrder(extra: Record<string, unknown> = {}) {
  const [a, b] = two();
  await k.stockOf(a, 3);
  await k.stockOf(b, 3);
  const { me, phone, userId } = await k.member(a, { bonuses: 0 });
  await me.post('/api/v2/sale/basket/add/', { offerId: b.id });
  const data = await (await k.rpc(me, 'sale.order.data', { deliveryType: 'PICKUP' })).json();
  const pointId = data.pickupPointList[0].id as number;
  const saved = await k.rpc(me, 'sale.order.save', {
    ...k.pickup(phone),
    deliveryType: 'PICKUP',
    deliveryPickupPointId: pointId,
  });
  const id = (await saved.json()).id as number;
  expect(id).toBeGreaterThan(0);
  const delivery = {
    carrier: 'test',
    pointCode: `MSK-${pointId}`,
    kind: 'point',
    townCode: '44',
    tryOn: true,
    partial: true,
    ...extra,
  };
  await app.database.db.execute(
    sql`update orders set delivery = delivery || ${JSON.stringify(delivery)}::jsonb where id = ${id}`,
  );
  for (const to of ['confirmed', 'assembling'])
    expect((await manager.call(path(STAFF_API.orderTransition, id), { to })).status).toBe(200);
  return { id, phone, userId, a, b, pointId, me };
}

const register = (id: number, who = manager) => who.call(path(STAFF_API.orderShipmentRegister, id));
const order = async (id: number) =>
  (
    await k.rows<{ status: string; tracking_number: string | null; total: number }>(
      sql`select status, tracking_number, total from orders where id = ${id}`,
    )
  )[0];
const audits = async (id: number, action: string) =>
  Number(
    (
      await k.rows<{ n: number }>(
        sql`select count(*)::int as n from audit_log where action = ${action} and entity_id = ${String(id)}`,
      )
    )[0]?.n,
  );
const stock = async (offer: OfferFacts) =>
  Number(
    (
      await k.rows<{ q: number }>(
        sql`select coalesce(sum(quantity), 0)::int as q from stock where offer_id = ${offer.id}`,
      )
    )[0]?.q,
  );
const sms = async (phone: string, kind: string) =>
  Number(
    (
      await k.rows<{ n: number }>(
        sql`select count(*)::int as n from outbox where channel = 'sms' and recipient = ${phone} and kind = ${kind}`,
      )
    )[0]?.n,
  );

/** The test carrier's page: a button pressed by someone with the page open (a page form from the shop's origin). */
async function press(number: string, kind: string, kept: string[] = []) {
  const v = await newVisitor(app);
  const body = new URLSearchParams([['sessid', v.sessid], ...kept.map((a) => ['kept', a] as [string, string])]);
  const res = await app.fetch(`/delivery/test/${number}/${kind}/`, {
    method: 'POST',
    headers: { cookie: v.cookie, origin: SHOP_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
}

async function registered(extra: Record<string, unknown> = {}) {
  const facts = await packedOrder(extra);
  const res = await register(facts.id);
  if (res.status !== 200) throw new Error(`register: ${res.status} ${await res.text()}`);
  const number = (await json(res)).data.shipment.number as string;
  return { ...facts, number };
}

describe('shipments from the desk', () => {
  it('registers a packed carrier order: the number is the tracking number, the order ships; twice registers once', async () => {
    const { id } = await packedOrder();
    const cardPage = await manager.get(`/admin/orders/${id}/`);
    expect(await cardPage.text()).toContain('Зарегистрировать отправку');
    const res = await register(id);
    expect(res.status).toBe(200);
    const { shipment } = (await json(res)).data;
    expect(shipment.number).toMatch(/^TEST-\d{6}$/);
    expect(shipment.trackingUrl).toBe(`/delivery/test/${shipment.number}/`);
    expect(await order(id)).toMatchObject({ status: 'shipped', tracking_number: shipment.number });
    const again = await json(await register(id));
    expect(again.data.shipment.number).toBe(shipment.number);
    const parcels = await k.rows<{ n: number }>(
      sql`select count(*)::int as n from test_carrier_parcels where order_number = ${String(100_000 + id)}`,
    );
    expect(parcels[0]?.n).toBe(1);
    expect(await audits(id, 'shipment.register')).toBe(1);
    const card = await json(await manager.get(path(STAFF_API.orderShipment, id)));
    expect(card.data).toMatchObject({
      canRegister: false,
      canCancel: true,
      shipment: { statusName: expect.any(String) },
    });
  });

  it('two registrations at once call the carrier once', async () => {
    const { id } = await packedOrder();
    const answers = await Promise.all([register(id), register(id), register(id)]);
    const numbers = await Promise.all(
      answers.map(async (r) => (r.status === 200 ? (await json(r)).data.shipment.number : null)),
    );
    expect(numbers.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    expect(new Set(numbers.filter(Boolean)).size).toBe(1);
    expect(await audits(id, 'shipment.register')).toBe(1);
  });

  it("shows the carrier's refusal in Russian and changes nothing", async () => {
    const { id } = await packedOrder();
    await app.database.db.execute(
      sql`update orders set delivery = delivery - 'pointId' - 'pointCode' where id = ${id}`,
    );
    const res = await register(id);
    expect(res.status).toBe(409);
    const body = await json(res);
    expect(body.errors?.[0]).toMatchObject({
      code: 'CARRIER_REFUSED',
      message: 'Перевозчик отказал: Не указан пункт выдачи или адрес получателя.',
    });
    expect(await order(id)).toMatchObject({ status: 'assembling', tracking_number: null });
    expect(await k.rows(sql`select id from shipments where order_id = ${id}`)).toEqual([]);
    expect(await audits(id, 'shipment.register')).toBe(0);
  });

  it('prints the label as a PDF, audited', async () => {
    const { id, number } = await registered();
    const res = await manager.call(path(STAFF_API.orderShipmentLabel, id));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = Buffer.from(await res.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain(number);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(await audits(id, 'shipment.label')).toBe(1);
    // The card's button: a page form to the label's route.
    const page = await manager.form(`/admin/orders/${id}/label/`, {});
    expect(page.status).toBe(200);
    expect(
      Buffer.from(await page.arrayBuffer())
        .toString('latin1')
        .startsWith('%PDF-'),
    ).toBe(true);
    expect(await audits(id, 'shipment.label')).toBe(2);
  });

  it('refuses a role without order moves, with no audit entry', async () => {
    const { id } = await packedOrder();
    const content = await loggedInStaff(app, 'content@vyuga.test');
    expect((await register(id, content)).status).toBe(403);
    expect((await content.call(path(STAFF_API.orderShipmentLabel, id))).status).toBe(403);
    expect(await order(id)).toMatchObject({ status: 'assembling' });
    expect(
      await k.rows(sql`select id from audit_log where entity_id = ${String(id)} and action like 'shipment.%'`),
    ).toEqual([]);
  });

  it('keeps the carriers’ desk from a shop’s clerk: its parcels belong to no shop', async () => {
    const { id } = await packedOrder();
    expect((await register(id, manager)).status).toBe(200);
    await addStaff(app, { email: 'desk-shop@vyuga.test', role: 'shop', shopId: k.stores.shop });
    const clerk = await loggedInStaff(app, 'desk-shop@vyuga.test');
    for (const queue of ['handover', 'transit', 'returns']) {
      const refused = await clerk.get(`${STAFF_API.delivery}?queue=${queue}`);
      expect(refused.status).toBe(403);
      expect(await refused.text()).not.toContain(String(id));
    }
    expect((await clerk.get('/admin/delivery/act/')).status).toBe(403);
    const home = await (await clerk.get('/admin/')).text();
    expect(home).toContain('href="/admin/orders/"');
    expect(home).not.toContain('href="/admin/delivery/"');
    const desk = await json(await manager.get(`${STAFF_API.delivery}?queue=handover`));
    expect(desk.data.items.map((r: { orderId: number }) => r.orderId)).toContain(id);
  });

  it('cancels at the carrier before it has the parcel (the order cancelled, its stock back), and not after', async () => {
    const { id, a } = await registered();
    const before = await stock(a);
    const res = await manager.call(path(STAFF_API.orderShipmentCancel, id), { reason: 'Покупатель передумал' });
    expect(res.status).toBe(200);
    expect(await order(id)).toMatchObject({ status: 'cancelled' });
    expect(await stock(a)).toBe(before + 1);
    expect(await audits(id, 'shipment.cancel')).toBe(1);

    const late = await registered();
    await press(late.number, 'accepted');
    const refused = await manager.call(path(STAFF_API.orderShipmentCancel, late.id), { reason: 'Поздно' });
    expect(refused.status).toBe(409);
    expect((await json(refused)).errors?.[0]?.message).toBe(
      'Посылка уже у перевозчика: отменить нельзя, дождитесь возврата.',
    );
    expect(await order(late.id)).toMatchObject({ status: 'shipped' });
    // The plain move cannot cancel a shipped order behind the carrier's back.
    expect(
      (await manager.call(path(STAFF_API.orderTransition, late.id), { to: 'cancelled', reason: 'x' })).status,
    ).toBe(409);
  });
});

describe('tracking moves the order', () => {
  it('the test page takes a parcel through every event to a completed order with bonuses credited, one SMS on arrival', async () => {
    const { id, number, phone, userId, me } = await registered();
    const page = await app.fetch(`/delivery/test/${number}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Тестовая доставка');
    for (const label of [
      'Принят',
      'В пути',
      'Прибыл в пункт',
      'Вручён',
      'Вручён частично',
      'Отказ',
      'Возвращён в магазин',
    ])
      expect(html).toContain(`>${label}</button>`);

    await press(number, 'accepted');
    await press(number, 'in_transit');
    expect(await order(id)).toMatchObject({ status: 'shipped' });
    await press(number, 'arrived');
    expect(await order(id)).toMatchObject({ status: 'ready' });
    expect(await sms(phone, 'order-ready')).toBe(1);
    const [ready] = await k.rows<{ text_body: string }>(
      sql`select text_body from outbox where recipient = ${phone} and kind = 'order-ready'`,
    );
    expect(ready?.text_body).toContain('Часы работы');
    // A carrier's point asks for the carrier's number or its own SMS code: the shop's code would only mislead.
    expect(ready?.text_body).toContain(`номер отправления ${number}`);
    expect(ready?.text_body).not.toContain('Код получения');
    // The same arrival again, and the carrier's notification 20 times at once: nothing moves twice.
    await press(number, 'arrived');
    const [{ carrier_id: carrierId } = { carrier_id: '' }] = await k.rows<{ carrier_id: string }>(
      sql`select carrier_id from shipments where order_id = ${id}`,
    );
    const applied = await Promise.all(Array.from({ length: 20 }, () => app.services.shipments.notified(carrierId)));
    expect(applied.reduce((s, n) => s + n, 0)).toBe(0);
    expect(await sms(phone, 'order-ready')).toBe(1);

    await press(number, 'handed_over');
    expect(await order(id)).toMatchObject({ status: 'completed' });
    const credit = await k.rows<{ amount: number }>(
      sql`select amount from bonus_operations where order_id = ${id} and user_id = ${userId} and kind = 'credit'`,
    );
    expect(credit).toHaveLength(1);
    const history = await k.rows<{ reason: string }>(
      sql`select reason from order_status_history where order_id = ${id} and status = 'completed'`,
    );
    expect(history[0]?.reason).toContain('оплату при получении принял перевозчик');
    // A late event changes nothing.
    await press(number, 'in_transit');
    expect(await order(id)).toMatchObject({ status: 'completed' });
    const events = await k.rows<{ n: number }>(
      sql`select count(distinct kind)::int as n from shipment_events e join shipments s on s.id = e.shipment_id where s.order_id = ${id}`,
    );
    expect(events[0]?.n).toBe(4);
    // The shopper's page of the order shows the number and the last event (via the service the pages use).
    const view = await app.services.shipments.ofOrder(id);
    expect(view).toMatchObject({ number, lastEvent: 'Вручён', trackingUrl: `/delivery/test/${number}/` });
    const orderPage = await (await me.get(`/order/?ORDER_ID=${id}`)).text();
    expect(orderPage).toContain(`href="/delivery/test/${number}/"`);
    expect(orderPage).toContain('Вручён');
    const cabinet = await (await me.get('/lk/order/')).text();
    expect(cabinet).toContain(number);
    const card = await (await manager.get(`/admin/orders/${id}/`)).text();
    expect(card).toContain('Прибыл в пункт выдачи');
    expect(card).toContain('Этикетка (PDF)');
  });

  it('a partial handover keeps the kept line; the other returns to stock once when the shop receives the parcel', async () => {
    const { id, number, a, b } = await registered();
    const [before] = await k.rows<{ total: number }>(sql`select total from orders where id = ${id}`);
    await press(number, 'accepted');
    await press(number, 'arrived');
    await press(number, 'partly_handed_over', [String(a.id)]);
    const after = await order(id);
    expect(after?.status).toBe('completed');
    expect(Number(after?.total)).toBeLessThan(Number(before?.total));
    const lines = await k.rows<{ offer_id: number; returned: boolean }>(
      sql`select offer_id, returned from order_lines where order_id = ${id} order by offer_id`,
    );
    expect(lines.find((l) => Number(l.offer_id) === b.id)?.returned).toBe(true);
    expect(lines.find((l) => Number(l.offer_id) === a.id)?.returned).toBe(false);
    const stockB = await stock(b);
    const stockA = await stock(a);
    // Not back until the parcel is.
    await press(number, 'returned');
    expect(await stock(b)).toBe(stockB);
    const queue = await json(await manager.get(`${STAFF_API.delivery}?queue=returns`));
    expect(queue.data.items.map((r: { orderId: number }) => r.orderId)).toContain(id);
    expect((await manager.call(path(STAFF_API.orderShipmentReceived, id))).status).toBe(200);
    expect(await stock(b)).toBe(stockB + 1);
    expect(await stock(a)).toBe(stockA);
    expect((await manager.call(path(STAFF_API.orderShipmentReceived, id))).status).toBe(409);
    expect(await stock(b)).toBe(stockB + 1);
    expect(await audits(id, 'shipment.received')).toBe(1);
  });

  it('a refused parcel waits for the shop; «получена магазином» returns its stock once and cancels the order', async () => {
    const { id, number, a, b } = await registered();
    await press(number, 'accepted');
    await press(number, 'in_transit');
    const transit = await json(await manager.get(`${STAFF_API.delivery}?queue=transit`));
    expect(transit.data.items.find((r: { orderId: number }) => r.orderId === id)).toMatchObject({
      lastEvent: 'В пути',
      days: 0,
    });
    const deskPage = await manager.get('/admin/delivery/?queue=transit');
    expect(deskPage.status).toBe(200);
    expect(await deskPage.text()).toContain(number);
    await press(number, 'arrived');
    await press(number, 'refused');
    expect(await order(id)).toMatchObject({ status: 'ready' });
    const [sa, sb] = [await stock(a), await stock(b)];
    await press(number, 'returned');
    expect(await stock(a)).toBe(sa);
    expect((await manager.call(path(STAFF_API.orderShipmentReceived, id))).status).toBe(200);
    expect(await order(id)).toMatchObject({ status: 'cancelled' });
    expect([await stock(a), await stock(b)]).toEqual([sa + 1, sb + 1]);
    expect((await manager.call(path(STAFF_API.orderShipmentReceived, id))).status).toBe(409);
    expect([await stock(a), await stock(b)]).toEqual([sa + 1, sb + 1]);
  });

  it("lists today's parcels to hand to the carrier until it accepts them", async () => {
    const { id, number } = await registered();
    const list = async () =>
      (await json(await manager.get(`${STAFF_API.delivery}?queue=handover`))).data.items.map(
        (r: { orderId: number }) => r.orderId,
      );
    expect(await list()).toContain(id);
    await press(number, 'accepted');
    expect(await list()).not.toContain(id);
  });

  it('answers a CDEK notification only while CDEK is the carrier', async () => {
    const res = await app.fetch('/api/v2/delivery/cdek/notify/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'ORDER_STATUS', uuid: '72753031-0000-0000-0000-000000000001' }),
    });
    expect(res.status).toBe(404);
  });
});
