import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts, setOnlineStock } from '../support/basket-offers';
import { createTestApp, newVisitor, type TestApp, type Visitor } from '../support/test-app';

let app: TestApp;
let buyable: OfferFacts[];
let shopOnly: OfferFacts;

beforeAll(async () => {
  app = await createTestApp();
  ignorePoolErrorsOnClose(app.database.db);
  const facts = await offerFacts(app.database.db);
  buyable = facts.filter((o) => o.online > 0);
  shopOnly = facts.find((o) => o.online === 0 && o.shop > 0) as OfferFacts;
});
afterAll(() => app.close());

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
type Json = any;

async function call(v: Visitor, path: string, fields: Record<string, string | number> = {}, json = false) {
  const res = await v.post(path, fields, { json });
  return { status: res.status, body: (await res.json()) as Json };
}

const ADD = '/api/v2/sale/wishlist/add/';
const DELETE = '/api/v2/sale/wishlist/delete/';

describe('wishlist/add and wishlist/delete', () => {
  it('delays an offer once, however often it is added, apart from the cart', async () => {
    const v = await newVisitor(app);
    const offer = buyable[0] as OfferFacts;
    await call(v, ADD, { offerId: offer.id });
    const { status, body } = await call(v, ADD, { offerId: offer.id }, true);
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.data.basket.delayCount).toBe(1);
    expect(body.data.basket.availableCount).toBe(0);
    expect(body.data.basket.delay[0]).toMatchObject({
      quantity: 1,
      price: offer.price,
      offer: { id: offer.id, price: offer.price },
    });
  });

  it('keeps a delayed offer when the same offer goes into the cart', async () => {
    const v = await newVisitor(app);
    const offer = buyable[1] as OfferFacts;
    await call(v, ADD, { offerId: offer.id });
    const { body } = await call(v, '/api/v2/sale/basket/add/', { offerId: offer.id });
    expect(body.data.basket).toMatchObject({ availableCount: 1, delayCount: 1 });
  });

  it('removes a delayed offer, and removing it again changes nothing', async () => {
    const v = await newVisitor(app);
    const [a, b] = buyable.slice(2, 4) as OfferFacts[];
    await call(v, ADD, { offerId: a.id });
    await call(v, ADD, { offerId: b.id });
    const first = await call(v, DELETE, { offerId: a.id });
    expect(first.status).toBe(200);
    expect(first.body.data.basket.delay.map((l: Json) => l.offer.id)).toEqual([b.id]);
    const again = await call(v, DELETE, { offerId: a.id }, true);
    expect(again.status).toBe(200);
    expect(again.body.data.basket.delayCount).toBe(1);
  });

  it('delays a size that cannot be bought online, so the shopper can watch it, and removes it again', async () => {
    const v = await newVisitor(app);
    const soldOut = buyable[6] as OfferFacts;
    await setOnlineStock(app.database.db, soldOut.id, 0);
    await call(v, ADD, { offerId: shopOnly.id });
    const { status, body } = await call(v, ADD, { offerId: soldOut.id });
    expect(status).toBe(200);
    expect(body.data.basket.delay.map((l: Json) => [l.offer.id, l.canBuy])).toEqual([
      [soldOut.id, false],
      [shopOnly.id, false],
    ]);
    expect(body.data.basket.availableCount).toBe(0);
    const removed = await call(v, DELETE, { offerId: soldOut.id });
    expect(removed.body.data.basket.delay.map((l: Json) => l.offer.id)).toEqual([shopOnly.id]);
  });

  it.each([ADD, DELETE])('%s refuses bad offer ids and a missing sessid', async (path) => {
    const v = await newVisitor(app);
    for (const [fields, status, code] of [
      [{ offerId: 'x1' }, 400, 'INVALID_OFFERID'],
      [{ offerId: '-1' }, 400, 'INVALID_OFFERID'],
      [{}, 400, 'INVALID_OFFERID'],
      [{ offerId: 987_654 }, 404, 'OFFER_NOT_FOUND'],
    ] as const) {
      const res = await call(v, path, fields as Record<string, string | number>);
      expect(res.status).toBe(status);
      expect(res.body.status).toBe('error');
      expect(res.body.errors[0].code).toBe(code);
      expect(res.body.errors[0].message).toMatch(/[а-я]/);
    }
    const res = await v.post(path, { offerId: (buyable[0] as OfferFacts).id }, { sessid: null });
    expect(res.status).toBe(403);
  });
});

describe('wishlist page', () => {
  it('shows the delayed items with «В корзину», or an empty state', async () => {
    const empty = await (await app.fetch('/lk/like/')).text();
    expect(empty).toContain('Отложенных товаров нет');

    const v = await newVisitor(app);
    const offer = buyable[5] as OfferFacts;
    const { body } = await call(v, ADD, { offerId: offer.id });
    const res = await v.get('/lk/like/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="delayed-item"');
    expect(html).toContain(body.data.basket.delay[0].product.name);
    expect(html).toMatch(/>В корзину<span class="visually-hidden">/);
  });
});
