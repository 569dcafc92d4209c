import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { createTestApp, newVisitor, type TestApp, type Visitor } from '../support/test-app';

let app: TestApp;
let buyable: OfferFacts[];

beforeAll(async () => {
  app = await createTestApp();
  ignorePoolErrorsOnClose(app.database.db);
  buyable = (await offerFacts(app.database.db)).filter((o) => o.online >= 3);
});
afterAll(() => app.close());

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
type Json = any;

async function rpc(v: Visitor, fields: Record<string, string | number>, json = false) {
  const res = await v.post('/api/', fields, { json });
  return { status: res.status, body: (await res.json()) as Json };
}

/** A visitor with two offers in the cart; answers the basket. */
async function visitorWithCart(offers: OfferFacts[]) {
  const v = await newVisitor(app);
  let basket: Json;
  for (const o of offers)
    basket = (await (await v.post('/api/v2/sale/basket/add/', { offerId: o.id })).json()).data.basket;
  return { v, basket };
}

describe('POST /api/ basket methods', () => {
  it('sale.order.basket.setQuantity changes the quantity and the server-priced sum', async () => {
    const offer = buyable[0] as OfferFacts;
    const { v, basket } = await visitorWithCart([offer]);
    const id = basket.available[0].id;
    const { status, body } = await rpc(v, { method: 'sale.order.basket.setQuantity', id, quantity: 3, price: 1 });
    expect(status).toBe(200);
    expect(body.basket.available[0]).toMatchObject({ id, quantity: 3, price: offer.price * 3 });
    expect(body.basket.availableCount).toBe(3);
    expect(body.basket.totals.total).toBe(offer.price * 3);
  });

  it('sale.order.data carries the basket lines as spec §3 has them, price being the line sum', async () => {
    const offer = buyable[2] as OfferFacts;
    const { v, basket } = await visitorWithCart([offer]);
    await rpc(v, { method: 'sale.order.basket.setQuantity', id: basket.available[0].id, quantity: 2 });
    const { status, body } = await rpc(v, { method: 'sale.order.data' });
    expect(status).toBe(200);
    const [line] = body.basket.available;
    expect(Object.keys(line)).toEqual(['id', 'product', 'offer', 'quantity', 'price', 'maxQuantity', 'canBuy']);
    expect(line).toMatchObject({ quantity: 2, price: offer.price * 2 });
  });

  it('sale.order.basket.setQuantity refuses more than the online stock, 0 and junk', async () => {
    const offer = buyable[1] as OfferFacts;
    const { v, basket } = await visitorWithCart([offer]);
    const id = basket.available[0].id;
    const over = await rpc(v, { method: 'sale.order.basket.setQuantity', id, quantity: offer.online + 1 });
    expect(over.status).toBe(422);
    expect(over.body).toEqual({
      error: { msg: `В наличии только ${offer.online}\u00a0шт. — больше добавить нельзя.`, code: 'QUANTITY_LIMIT' },
    });
    for (const quantity of ['0', '-2', 'много', '']) {
      const bad = await rpc(v, { method: 'sale.order.basket.setQuantity', id, quantity });
      expect(bad.status).toBe(400);
      expect(bad.body.error.msg).toMatch(/оличество/);
    }
  });

  it('sale.order.basket.delete removes the line', async () => {
    const [a, b] = buyable.slice(2, 4) as OfferFacts[];
    const { v, basket } = await visitorWithCart([a, b]);
    const line = basket.available.find((l: Json) => l.offer.id === a.id);
    const { status, body } = await rpc(v, { method: 'sale.order.basket.delete', id: line.id }, true);
    expect(status).toBe(200);
    expect(body.basket.available.map((l: Json) => l.offer.id)).toEqual([b.id]);
    const again = await rpc(v, { method: 'sale.order.basket.delete', id: line.id });
    expect(again.status).toBe(404);
    expect(again.body.error).toEqual({ msg: expect.stringMatching(/нет в корзине/), code: 'LINE_NOT_FOUND' });
  });

  it('sale.order.basket.toWishlist moves the line to the wishlist', async () => {
    const offer = buyable[4] as OfferFacts;
    const { v, basket } = await visitorWithCart([offer, offer]);
    const { status, body } = await rpc(v, { method: 'sale.order.basket.toWishlist', id: basket.available[0].id });
    expect(status).toBe(200);
    expect(body.basket).toMatchObject({ availableCount: 0, delayCount: 1 });
    expect(body.basket.delay[0].offer.id).toBe(offer.id);
  });

  it('does not touch another visitor’s lines', async () => {
    const { basket } = await visitorWithCart([buyable[5] as OfferFacts]);
    const stranger = await newVisitor(app);
    for (const method of ['sale.order.basket.delete', 'sale.order.basket.toWishlist']) {
      const { status, body } = await rpc(stranger, { method, id: basket.available[0].id });
      expect(status).toBe(404);
      expect(body.error.code).toBe('LINE_NOT_FOUND');
    }
  });

  it('answers an unknown or missing method, a bad id and a missing sessid as {error:{msg, code}}', async () => {
    const v = await newVisitor(app);
    const unknown = await rpc(v, { method: 'sale.order.fly' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ error: { msg: 'Неизвестный метод', code: 'METHOD_UNKNOWN' } });
    const missing = await rpc(v, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.msg).toBe('Неизвестный метод');
    const proto = await rpc(v, { method: 'constructor' });
    expect(proto.status).toBe(400);
    const badId = await rpc(v, { method: 'sale.order.basket.delete', id: 'abc' });
    expect(badId.status).toBe(400);
    expect(badId.body.error).toEqual({
      msg: expect.stringMatching(/id должен быть целым положительным/),
      code: 'INVALID_ID',
    });
    const res = await v.post('/api/', { method: 'sale.order.basket.delete', id: 1 }, { sessid: 'nope' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: { msg: expect.stringMatching(/Сессия устарела/), code: 'SESSID_INVALID' },
    });
  });
});
