import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, RPC_PATH } from '../../contract/api';
import { STAFF_API } from '../../contract/staff-api';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { addStaff, loggedInStaff } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 44 (a weak point of issue 42): a courier order the carrier in force delivers reaches «Передан в доставку»
 * only through its shipment (the registration hands the parcel to the carrier and makes the move). The plain move —
 * the API, the order card's form, the bulk move of the list — is refused in Russian and the order stays packed.
 */
let app: TestApp;
let offers: OfferFacts[];
let k: Awaited<ReturnType<typeof checkoutKit>>;
let manager: Awaited<ReturnType<typeof loggedInStaff>>;
let next = 0;

const path = (template: string, id: number) => template.replace(':id', String(id));

beforeAll(async () => {
  app = await createTestApp({ ORDERS_PER_PHONE_DAY: '100', DELIVERY_PROVIDER: 'test' });
  ignorePoolErrorsOnClose(app.database.db);
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted && o.price >= 100_000).slice(0, 10);
  k = await checkoutKit(app);
  await addStaff(app, { email: 'courier.manager@vyuga.test', role: 'manager' });
  manager = await loggedInStaff(app, 'courier.manager@vyuga.test');
});
afterAll(() => app.close());

/** A courier order saved by the real checkout in Томск, the test carrier's town, packed by the desk. */
async function packedCourierOrder(): Promise<number> {
  const offer = offers[next++ % offers.length] as OfferFacts;
  await k.stockOf(offer, 5);
  const { me, phone } = await k.member(offer);
  const chosen = await me.post(API.regionByAddress, { address: 'Томск, Томская обл.' });
  expect(chosen.status).toBe(200);
  const cookie = `${me.cookie}; ${(chosen.headers.get('set-cookie') ?? '').match(/city=[^;]+/)?.[0] ?? ''}`;
  const post = (p: string, fields: Record<string, string | number>) =>
    app.fetch(p, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(
        Object.entries({ ...fields, sessid: me.sessid }).map(([key, x]) => [key, String(x)]),
      ).toString(),
    });
  const rpc = async (method: string, fields: Record<string, string | number> = {}) =>
    (await post(RPC_PATH, { method, ...fields })).json();
  const added = await post(API.addressAdd, { type: 'COURIER', city: 'г. Томск', street: 'Ленина', house: '5' });
  const address = ((await added.json()).data.items as { id: number; title: string }[]).find((a) =>
    a.title.startsWith('г. Томск'),
  );
  const data = await rpc('sale.order.data', { deliveryType: 'COURIER' });
  const date = Object.keys(data.deliveryIntervalList)[0] as string;
  const saved = await rpc('sale.order.save', {
    idempotencyKey: crypto.randomUUID(),
    name: 'Анна Иванова',
    email: `courier.${phone}@example.ru`,
    phone,
    deliveryType: 'COURIER',
    deliveryAddressId: address?.id ?? 0,
    deliveryIntervalDate: date,
    deliveryIntervalTime: data.deliveryIntervalList[date][0],
  });
  expect(saved.id, JSON.stringify(saved)).toBeGreaterThan(0);
  const [row] = await k.rows<{ delivery: Record<string, unknown> }>(
    sql`select delivery from orders where id = ${saved.id}`,
  );
  expect(row?.delivery).toMatchObject({ carrier: 'test', townCode: 'tomsk' });
  for (const to of ['confirmed', 'assembling'])
    expect((await manager.call(path(STAFF_API.orderTransition, saved.id), { to })).status).toBe(200);
  return saved.id;
}

const statusOf = async (id: number) =>
  (
    await k.rows<{ status: string; tracking_number: string | null }>(
      sql`select status, tracking_number from orders where id = ${id}`,
    )
  )[0];

describe('a carrier’s courier order', () => {
  it('is not moved to «Передан в доставку» by the plain move: 409 in Russian, through the API and the card', async () => {
    const id = await packedCourierOrder();
    const res = await manager.call(path(STAFF_API.orderTransition, id), {
      to: 'shipped',
      trackingNumber: 'TRK-000123',
    });
    expect(res.status).toBe(409);
    expect((await res.json()).errors[0]).toMatchObject({
      code: 'SHIPMENT_REGISTER_REQUIRED',
      message: expect.stringMatching(/курьер перевозчика.*«Зарегистрировать отправку»/),
    });
    expect(await statusOf(id)).toEqual({ status: 'assembling', tracking_number: null });

    const page = await manager.form(`/admin/orders/${id}/`, {
      intent: 'move',
      to: 'shipped',
      trackingNumber: 'TRK-000123',
    });
    expect(page.status).toBe(409);
    expect(await page.text()).toContain('Зарегистрировать отправку');
    expect(await statusOf(id)).toEqual({ status: 'assembling', tracking_number: null });
  });

  it('the bulk move of the list refuses it too and lists a refusal per order', async () => {
    const id = await packedCourierOrder();
    const shipped = await manager.call(STAFF_API.ordersBulkMove, { ids: [id], to: 'shipped' });
    expect(shipped.status).toBe(400);
    expect((await shipped.json()).errors[0]?.message).toMatch(/по одному/);
    expect((await statusOf(id))?.status).toBe('assembling');

    // Registered, it is the carrier's: the bulk cancel lists the refusal with its reason, the order stays shipped.
    expect((await manager.call(path(STAFF_API.orderShipmentRegister, id))).status).toBe(200);
    const cancel = await manager.call(STAFF_API.ordersBulkMove, { ids: [id], to: 'cancelled', reason: 'Дубль' });
    expect(cancel.status).toBe(200);
    const { result } = (await cancel.json()).data;
    expect(result.moved).toEqual([]);
    expect(result.refused).toEqual([
      expect.objectContaining({ id, reason: expect.stringContaining('перевозчик'), code: expect.any(String) }),
    ]);
    expect((await statusOf(id))?.status).toBe('shipped');
  });

  it('reaches «Передан в доставку» through its shipment: the carrier’s number becomes the tracking number', async () => {
    const id = await packedCourierOrder();
    const res = await manager.call(path(STAFF_API.orderShipmentRegister, id));
    expect(res.status, await res.clone().text()).toBe(200);
    const number = (await res.json()).data.shipment.number as string;
    expect(await statusOf(id)).toEqual({ status: 'shipped', tracking_number: number });
  });
});
