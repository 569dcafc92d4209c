import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, RPC_PATH } from '../../contract/api';
import { quoteOf, TEST_FROM, townByCode } from '../../server/delivery/test-carrier/geography';
import type { OfferFacts } from '../support/basket-offers';
import { type CheckoutKit, checkoutApp } from '../support/checkout';
import { createTestApp, newVisitor, type TestApp, type Visitor } from '../support/test-app';

let app: TestApp;
let offers: OfferFacts[];
let k: CheckoutKit;

beforeAll(async () => {
  ({ app, offers, k } = await checkoutApp(6));
});
afterAll(() => app.close());

/** The visitor's calls with the city cookie the region call set (the test visitor keeps only its session cookie). */
function inCity(v: Visitor, setCookie: string | null) {
  const city = (setCookie ?? '').match(/city=[^;]+/)?.[0] ?? '';
  const cookie = `${v.cookie}; ${city}`;
  const post = (path: string, fields: Record<string, string | number>) =>
    app.fetch(path, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(
        Object.entries({ ...fields, sessid: v.sessid }).map(([key, x]) => [key, String(x)]),
      ).toString(),
    });
  return {
    post,
    rpc: (method: string, fields: Record<string, string | number> = {}) => post(RPC_PATH, { method, ...fields }),
  };
}

/** A shopper with the offer in the cart who chose a town by typing it, as the town choice sends it. */
async function shopperIn(offer: OfferFacts, address: string, quantity = 1) {
  const { v, phone } = await k.quickShopper(offer, quantity);
  const res = await v.post(API.regionByAddress, { address });
  expect(res.status, await res.clone().text()).toBe(200);
  const { region } = (await res.json()).data;
  return { v, phone, region, ...inCity(v, res.headers.get('set-cookie')) };
}

const roubles = (kopecks: number) => kopecks / 100;

describe('GET /api/v2/delivery/towns/', () => {
  it('answers the carrier’s towns by the start of their name', async () => {
    const res = await app.fetch(`${API.deliveryTowns}?q=${encodeURIComponent('том')}`);
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ towns: [{ code: 'tomsk', name: 'Томск', region: 'Томская обл.' }] });
    const yo = await (await app.fetch(`${API.deliveryTowns}?q=${encodeURIComponent('Орел')}`)).json();
    expect(yo.data.towns.map((t: { name: string }) => t.name)).toEqual(['Орёл']);
  });

  it('refuses a query of one letter, of digits or too long, in Russian', async () => {
    for (const q of ['Т', '12', 'а'.repeat(51), "Томск'; drop"]) {
      const res = await app.fetch(`${API.deliveryTowns}?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(400);
      expect((await res.json()).errors[0].message).toMatch(/[а-яё]/i);
    }
    expect((await app.fetch(API.deliveryTowns)).status).toBe(400);
  });
});

describe('checkout in a town with no shop', () => {
  it('makes the typed town the region, offers its points and the carrier’s prices, saves the point and quote', async () => {
    const offer = offers[0] as OfferFacts;
    await k.stockOf(offer, 5);
    const s = await shopperIn(offer, 'Томск, Томская обл.');
    expect(s.region).toMatchObject({ name: 'Томск', isOther: true });
    // Choosing it again (or by its id) finds the same city.
    const again = await s.v.post(API.regionByAddress, { address: 'Томск, Томская обл.' });
    expect((await again.json()).data.region.id).toBe(s.region.id);
    expect((await (await s.v.post(API.regionSet, { id: s.region.id })).json()).data.region.cityName).toBe('Томск');

    const state = await (await s.rpc('sale.order.data', { deliveryType: 'PICKUP' })).json();
    expect(state.city).toEqual({ id: s.region.id, name: 'Томск', region: 'Томская обл.', isOther: true });
    const points = state.pickupPointList as { id: number; code: string; kind: string; fittingRoom: boolean }[];
    expect(points.length).toBeGreaterThanOrEqual(4);
    expect(points.every((p) => p.code.startsWith('tomsk-'))).toBe(true);
    expect(points.some((p) => p.fittingRoom)).toBe(true);
    expect(points.filter((p) => p.kind === 'locker')).toEqual([expect.objectContaining({ weightMax: 5000 })]);

    const tomsk = townByCode('tomsk') ?? expect.unreachable();
    const carrier = quoteOf({ weight: 1000, length: 40, width: 30, height: 10 }, TEST_FROM, tomsk);
    const of = (kind: string) => carrier.find((q) => q.kind === kind) ?? expect.unreachable(kind);
    expect(state.deliveryQuotes.PICKUP).toEqual({
      price: roubles(of('point').price),
      daysMin: of('point').daysMin,
      daysMax: of('point').daysMax,
    });
    expect(state.deliveryQuotes.LOCKER.price).toBe(roubles(of('locker').price));
    expect(state.deliveryQuotes.COURIER.price).toBe(offer.price >= 500_000 ? 0 : roubles(of('courier').price));
    expect(state.deliveryPrices.PICKUP).toBe(roubles(of('point').price));

    const withRoom = points.find((p) => p.kind === 'point' && p.fittingRoom) ?? expect.unreachable();
    const saved = await s.rpc('sale.order.save', {
      ...k.pickup(s.phone),
      deliveryType: 'PICKUP',
      deliveryPickupPointId: withRoom.id,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const [order] = await k.rows<{ delivery: Record<string, unknown>; delivery_price: number }>(
      sql`select delivery, delivery_price from orders where id = ${(await saved.json()).id}`,
    );
    expect(order?.delivery).toMatchObject({
      pointId: withRoom.id,
      pointCode: withRoom.code,
      kind: 'point',
      carrier: 'test',
      townCode: 'tomsk',
      tryOn: true,
      partial: true,
      quote: {
        price: of('point').price,
        daysMin: of('point').daysMin,
        daysMax: of('point').daysMax,
        source: 'carrier',
      },
    });
    expect(Number(order?.delivery_price)).toBe(of('point').price);
  });

  it('charges a locker’s price for a locker, and refuses a point of another town', async () => {
    const offer = offers[1] as OfferFacts;
    await k.stockOf(offer, 5);
    const s = await shopperIn(offer, 'Томск');
    const state = await (await s.rpc('sale.order.data', { deliveryType: 'PICKUP' })).json();
    const locker = state.pickupPointList.find((p: { kind: string }) => p.kind === 'locker');
    const chosen = await (
      await s.rpc('sale.order.data', { deliveryType: 'PICKUP', deliveryPickupPointId: locker.id })
    ).json();
    expect(chosen.deliveryPrices.PICKUP).toBe(state.deliveryQuotes.LOCKER.price);
    const [foreign] = await k.rows<{ id: number }>(
      sql`select p.id from pickup_points p join cities c on c.id = p.city_id where c.name <> 'Томск' limit 1`,
    );
    const refused = await s.rpc('sale.order.save', {
      ...k.pickup(s.phone),
      deliveryType: 'PICKUP',
      deliveryPickupPointId: Number(foreign?.id),
    });
    expect((await refused.json()).error.code).toBe('sale.order/PICKUP_POINT_REQUIRED');
    const saved = await s.rpc('sale.order.save', {
      ...k.pickup(s.phone),
      deliveryType: 'PICKUP',
      deliveryPickupPointId: locker.id,
      tryOn: 'Y',
    });
    const [order] = await k.rows<{ delivery: Record<string, unknown> }>(
      sql`select delivery from orders where id = ${(await saved.json()).id}`,
    );
    // A locker has no fitting room: no try-on whatever was asked.
    expect(order?.delivery).toMatchObject({ kind: 'locker', tryOn: false, partial: false });
  });

  it('does not offer a locker a parcel heavier than its limit', async () => {
    const offer = offers[2] as OfferFacts;
    await k.stockOf(offer, 10);
    const s = await shopperIn(offer, 'Томск, Томская обл.', 6);
    const state = await (await s.rpc('sale.order.data', { deliveryType: 'PICKUP' })).json();
    expect(state.items[0].quantity).toBe(6);
    expect(state.pickupPointList.length).toBeGreaterThan(0);
    expect(state.pickupPointList.some((p: { kind: string }) => p.kind === 'locker')).toBe(false);
    expect(state.deliveryQuotes.LOCKER).toBeNull();
  });

  it('keeps one row per point when a town’s points are refreshed at once', async () => {
    const [city] = await k.rows<{ id: number }>(sql`select id from cities where name = 'Томск'`);
    await app.database.db.execute(sql`update pickup_points set synced_at = now() - interval '2 days'
      where city_id = ${city?.id}`);
    const offer = offers[3] as OfferFacts;
    await k.stockOf(offer, 5);
    const s = await shopperIn(offer, 'Томск');
    await Promise.all(Array.from({ length: 5 }, () => s.rpc('sale.order.data', { deliveryType: 'PICKUP' })));
    const rows = await k.rows<{ n: number; codes: number }>(
      sql`select count(*)::int as n, count(distinct code)::int as codes from pickup_points where city_id = ${city?.id}`,
    );
    expect(rows[0]?.n).toBe(rows[0]?.codes);
    const [fresh] = await k.rows<{ stale: number }>(
      sql`select count(*)::int as stale from pickup_points where city_id = ${city?.id}
        and synced_at < now() - interval '1 day'`,
    );
    expect(fresh?.stale).toBe(0);
  });

  it('keeps the seed’s points of a shop city as the test carrier’s, with their ids', async () => {
    const before = await k.rows<{ id: number }>(
      sql`select p.id from pickup_points p join cities c on c.id = p.city_id where c.code = 'moskva' order by p.id`,
    );
    const offer = offers[4] as OfferFacts;
    await k.stockOf(offer, 5);
    const { v } = await k.quickShopper(offer);
    const state = await (await k.rpc(v, 'sale.order.data', { deliveryType: 'PICKUP' })).json();
    expect(state.city).toMatchObject({ name: 'Москва', isOther: false });
    expect(state.pickupPointList.map((p: { id: number }) => p.id)).toEqual(before.map((r) => Number(r.id)));
    expect(state.pickupPointList.map((p: { code: string }) => p.code)).toEqual(before.map((_, n) => `moskva-${n + 1}`));
  });
});

describe('DELIVERY_PROVIDER=none', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ DELIVERY_PROVIDER: 'none' });
  });
  afterAll(() => plain.close());

  it('offers no pickup points and no carrier towns: the table prices as before', async () => {
    const v = await newVisitor(plain);
    const offer = offers[5] as OfferFacts;
    await v.post(API.basketAdd, { offerId: offer.id });
    const state = await (await v.post(RPC_PATH, { method: 'sale.order.data', deliveryType: 'PICKUP' })).json();
    expect(state.pickupPointList).toEqual([]);
    expect(state.deliveryPrices.PICKUP).toBeNull();
    expect(state.deliveryQuotes.PICKUP).toBeNull();
    expect(state.deliveryQuotes.POCHTA).toMatchObject({ price: 350 });
    const towns = await (await plain.fetch(`${API.deliveryTowns}?q=${encodeURIComponent('Томск')}`)).json();
    expect(towns.data.towns).toEqual([]);
    const res = await v.post(API.regionByAddress, { address: 'Томск, Томская обл.' });
    expect(res.status).toBe(400);
  });
});
