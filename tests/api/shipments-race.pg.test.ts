import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { addStaff, loggedInStaff } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

// PostgreSQL only (vitest.config.ts): its pool runs the notifications side by side, each waiting on the order's lock.
let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;
let offers: OfferFacts[];
let manager: Awaited<ReturnType<typeof loggedInStaff>>;

beforeAll(async () => {
  app = await createTestApp({
    ORDERS_PER_PHONE_DAY: '100',
    WRITE_LIMIT_PER_SESSION: '1000',
    WRITE_LIMIT_PER_CLIENT: '1000',
    DELIVERY_PROVIDER: 'test',
  });
  ignorePoolErrorsOnClose(app.database.db);
  k = await checkoutKit(app);
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted && o.price >= 100_000);
  await addStaff(app, { email: 'race-shipments@vyuga.test', role: 'manager' });
  manager = await loggedInStaff(app, 'race-shipments@vyuga.test');
});
afterAll(() => app.close());

const path = (template: string, id: number) => template.replace(':id', String(id));
const count = async (query: ReturnType<typeof sql>) => Number((await k.rows<{ n: number }>(query))[0]?.n);

it('50 registrations at once register once; 50 notifications of one event at once move the order once', async () => {
  const offer = offers[0] as OfferFacts;
  await k.stockOf(offer, 3);
  const { me, phone, userId } = await k.member(offer, { bonuses: 0 });
  const data = await (await k.rpc(me, 'sale.order.data', { deliveryType: 'PICKUP' })).json();
  const saved = await k.rpc(me, 'sale.order.save', {
    ...k.pickup(phone),
    deliveryType: 'PICKUP',
    deliveryPickupPointId: data.pickupPointList[0].id,
  });
  const id = (await saved.json()).id as number;
  const delivery = { carrier: 'test', pointCode: 'MSK-1', kind: 'point', townCode: '44' };
  await app.database.db.execute(
    sql`update orders set delivery = delivery || ${JSON.stringify(delivery)}::jsonb where id = ${id}`,
  );
  for (const to of ['confirmed', 'assembling'])
    expect((await manager.call(path(STAFF_API.orderTransition, id), { to })).status).toBe(200);

  const answers = await Promise.all(
    Array.from({ length: 50 }, () => manager.call(path(STAFF_API.orderShipmentRegister, id))),
  );
  expect(answers.some((r) => r.status === 200)).toBe(true);
  expect(new Set(answers.map((r) => r.status).filter((s) => s !== 200))).toEqual(
    new Set(answers.every((r) => r.status === 200) ? [] : [409]),
  );
  expect(
    await count(sql`select count(*)::int as n from test_carrier_parcels where order_number = ${String(100_000 + id)}`),
  ).toBe(1);
  expect(
    await count(
      sql`select count(*)::int as n from audit_log where action = 'shipment.register' and entity_id = ${String(id)}`,
    ),
  ).toBe(1);
  expect(
    await count(sql`select count(*)::int as n from order_status_history where order_id = ${id} and status = 'shipped'`),
  ).toBe(1);

  const [shipment] = await k.rows<{ number: string; carrier_id: string }>(
    sql`select number, carrier_id from shipments where order_id = ${id}`,
  );
  const desk = app.services.testDelivery;
  if (!desk || !shipment) throw new Error('the test carrier is not in force');
  const notifyAll = () =>
    Promise.all(Array.from({ length: 50 }, () => app.services.shipments.notified(shipment.carrier_id)));

  expect(await desk.append(shipment.number, { kind: 'arrived', at: new Date(), place: 'Москва' })).toBe(true);
  expect((await notifyAll()).reduce((s, n) => s + n, 0)).toBe(1);
  expect(
    await count(sql`select count(*)::int as n from order_status_history where order_id = ${id} and status = 'ready'`),
  ).toBe(1);
  expect(
    await count(sql`select count(*)::int as n from outbox where recipient = ${phone} and kind = 'order-ready'`),
  ).toBe(1);

  expect(await desk.append(shipment.number, { kind: 'handed_over', at: new Date(), place: 'Москва' })).toBe(true);
  expect((await notifyAll()).reduce((s, n) => s + n, 0)).toBe(1);
  expect(
    await count(
      sql`select count(*)::int as n from order_status_history where order_id = ${id} and status = 'completed'`,
    ),
  ).toBe(1);
  expect(
    await count(
      sql`select count(*)::int as n from bonus_operations where order_id = ${id} and user_id = ${userId} and kind = 'credit'`,
    ),
  ).toBe(1);
});
