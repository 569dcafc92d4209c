import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { formatAmount } from '../../domain/pricing/price';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts, setOnlineStock } from '../support/basket-offers';
import { createTestApp, newVisitor, type TestApp, type Visitor } from '../support/test-app';

let app: TestApp;
let facts: OfferFacts[];
let buyable: OfferFacts[];
let shopOnly: OfferFacts;
let restricted: OfferFacts;

beforeAll(async () => {
  app = await createTestApp();
  ignorePoolErrorsOnClose(app.database.db);
  facts = await offerFacts(app.database.db);
  buyable = facts.filter((o) => o.online >= 2);
  shopOnly = facts.find((o) => o.online === 0 && o.shop > 0) as OfferFacts;
  restricted = facts.find((o) => o.restricted && o.online === 0) as OfferFacts;
});
afterAll(() => app.close());

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
type Json = any;

async function call(v: Visitor, path: string, fields: Record<string, string | number> = {}, json = false) {
  const res = await v.post(path, fields, { json });
  return { status: res.status, body: (await res.json()) as Json };
}

const STATE = '/api/v2/sale/basket/state/';
const ADD = '/api/v2/sale/basket/add/';

describe('basket/state', () => {
  it('answers an empty basket for a new visitor, from a form or JSON', async () => {
    const v = await newVisitor(app);
    for (const json of [false, true]) {
      const { status, body } = await call(v, STATE, { method: 'sale.basket.state' }, json);
      expect(status).toBe(200);
      expect(body).toEqual({
        status: 'ok',
        data: {
          basket: {
            available: [],
            delay: [],
            availableCount: 0,
            delayCount: 0,
            delayUrl: '/lk/like/',
            cartUrl: '/basket/',
            totals: { quantity: 0, base: 0, discount: 0, discountPercent: 0, total: 0 },
          },
        },
      });
    }
  });

  it('refuses another method name', async () => {
    const v = await newVisitor(app);
    const { status, body } = await call(v, STATE, { method: 'sale.basket.clear' });
    expect(status).toBe(400);
    expect(body.status).toBe('error');
    expect(body.errors[0].message).toMatch(/Неизвестный метод/);
  });
});

describe('basket/add', () => {
  it('adds one unit with the product and offer data and the server price, ignoring a price sent along', async () => {
    const v = await newVisitor(app);
    const offer = buyable[0] as OfferFacts;
    const { status, body } = await call(v, ADD, { offerId: offer.id, price: 1, quantity: 1 });
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    const { basket } = body.data;
    expect(basket.availableCount).toBe(1);
    expect(basket.available).toHaveLength(1);
    const [line] = basket.available;
    const [expected] = await queryRows<Json>(
      app.database.db,
      sql`
      select p.id as product_id, p.name, b.name as brand, p.category, c.name as color, p.url, o.size_name, o.old_price
      from offers o join products p on p.id = o.product_id join brands b on b.id = p.brand_id join colors c on c.code = p.color_code
      where o.id = ${offer.id}`,
    );
    expect(line).toMatchObject({
      id: expect.any(Number),
      quantity: 1,
      price: offer.price,
      maxQuantity: offer.online,
      canBuy: true,
      product: {
        id: Number(expected.product_id),
        name: expected.name,
        brandName: expected.brand,
        category: expected.category,
        color: expected.color,
        url: expected.url,
        image: expect.stringMatching(/\.(jpg|png|webp)$/),
      },
      offer: {
        id: offer.id,
        sizeId: expected.size_name.toLowerCase(),
        sizeName: expected.size_name,
        price: offer.price,
        colorName: expected.color,
      },
    });
    expect(basket.totals.total).toBe(offer.price);
  });

  it('adds up repeated adds on one line and takes JSON bodies too', async () => {
    const v = await newVisitor(app);
    const offer = buyable[1] as OfferFacts;
    await call(v, ADD, { offerId: offer.id });
    const { body } = await call(v, ADD, { offerId: offer.id }, true);
    expect(body.data.basket.available).toHaveLength(1);
    expect(body.data.basket.available[0]).toMatchObject({ quantity: 2, price: offer.price * 2 });
    expect(body.data.basket.availableCount).toBe(2);
  });

  it('keeps each visitor to their own basket', async () => {
    const a = await newVisitor(app);
    const b = await newVisitor(app);
    await call(a, ADD, { offerId: (buyable[2] as OfferFacts).id });
    const { body } = await call(b, STATE, { method: 'sale.basket.state' });
    expect(body.data.basket.availableCount).toBe(0);
  });

  it('creates the visitor session row on the first write when no visit made it', async () => {
    const v = await newVisitor(app);
    const sessionId = decodeURIComponent(v.cookie.split('=')[1] ?? '').split('.')[0] as string;
    await app.database.db.execute(sql`delete from sessions where id = ${sessionId}`);
    await call(v, ADD, { offerId: (buyable[3] as OfferFacts).id });
    const after = await queryRows(app.database.db, sql`select id from sessions where id = ${sessionId}`);
    expect(after).toHaveLength(1);
  });

  it.each([
    ['an unknown offer', { offerId: 999_999 }, 404, 'OFFER_NOT_FOUND', /нет в каталоге/],
    ['a non-numeric offerId', { offerId: 'abc' }, 400, 'INVALID_OFFERID', /offerId должен быть целым положительным/],
    ['a negative offerId', { offerId: -3 }, 400, 'INVALID_OFFERID', /offerId должен быть целым положительным/],
    ['a fractional offerId', { offerId: '2.5' }, 400, 'INVALID_OFFERID', /offerId/],
    ['an offerId beyond any id', { offerId: '99999999999999' }, 400, 'INVALID_OFFERID', /offerId/],
    ['no offerId', {}, 400, 'INVALID_OFFERID', /Не выбран товар/],
    ['a zero quantity', { offerId: 1, quantity: 0 }, 400, 'INVALID_QUANTITY', /Количество/],
  ])('refuses %s with a Russian message', async (_name, fields, status, code, message) => {
    const v = await newVisitor(app);
    const res = await call(v, ADD, fields as Record<string, string | number>);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ status: 'error', errors: [{ message: expect.stringMatching(message), code }] });
  });

  it('refuses an offer that is only in shops, and one restricted from the online warehouse', async () => {
    const v = await newVisitor(app);
    for (const offer of [shopOnly, restricted]) {
      expect(offer, 'the test catalogue has such an offer').toBeDefined();
      const { status, body } = await call(v, ADD, { offerId: offer.id });
      expect(status).toBe(422);
      expect(body.errors[0]).toEqual({
        message: expect.stringMatching(/нельзя купить в интернет-магазине/),
        code: 'OFFER_NOT_AVAILABLE',
      });
    }
    const { body } = await call(v, STATE);
    expect(body.data.basket.availableCount).toBe(0);
  });

  it('refuses a quantity beyond the online stock and keeps the line at the stock', async () => {
    const v = await newVisitor(app);
    const offer = buyable.find((o) => o.online >= 3) as OfferFacts;
    const tooMany = await call(v, ADD, { offerId: offer.id, quantity: offer.online + 1 });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors[0]).toEqual({
      message: `В наличии только ${offer.online}\u00a0шт. — больше добавить нельзя.`,
      code: 'QUANTITY_LIMIT',
    });
    expect((await call(v, ADD, { offerId: offer.id, quantity: offer.online })).status).toBe(200);
    const again = await call(v, ADD, { offerId: offer.id });
    expect(again.status).toBe(422);
    expect(again.body.errors[0].code).toBe('QUANTITY_LIMIT');
    const { body } = await call(v, STATE);
    expect(body.data.basket.available[0].quantity).toBe(offer.online);
  });

  it('refuses a missing, wrong or another visitor’s sessid with 403', async () => {
    const v = await newVisitor(app);
    const other = await newVisitor(app);
    const offerId = (buyable[0] as OfferFacts).id;
    for (const sessid of [null, 'wrong', other.sessid]) {
      const res = await v.post(ADD, { offerId }, { sessid });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        status: 'error',
        errors: [{ message: expect.stringMatching(/Сессия устарела/), code: 'SESSID_INVALID' }],
      });
    }
    const { body } = await call(v, STATE);
    expect(body.data.basket.availableCount).toBe(0);
  });

  it('answers a broken JSON body with 400, not 500', async () => {
    const v = await newVisitor(app);
    const res = await app.fetch(ADD, {
      method: 'POST',
      headers: { cookie: v.cookie, 'content-type': 'application/json', 'x-sessid': v.sessid },
      body: '{"offerId": 1',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].code).toBe('BAD_BODY');
  });
});

describe('header counts and the basket page', () => {
  it('gives the cart and wishlist counts of the session to the header (user/state)', async () => {
    const v = await newVisitor(app);
    const [a, b, c] = buyable.slice(4, 7) as OfferFacts[];
    await call(v, ADD, { offerId: a.id });
    await call(v, ADD, { offerId: a.id });
    await call(v, ADD, { offerId: b.id });
    await call(v, '/api/v2/sale/wishlist/add/', { offerId: c.id });
    const state = await (await v.get('/api/v2/user/state/')).json();
    expect(state.data.basket).toEqual({ availableCount: 3, delayCount: 1 });
  });

  it('leaves a product taken off sale out of the header counts, as out of the basket', async () => {
    const v = await newVisitor(app);
    // Far apart in the list, so of different products.
    const kept = buyable[7] as OfferFacts;
    const withdrawn = buyable.at(-1) as OfferFacts;
    await call(v, ADD, { offerId: kept.id });
    await call(v, ADD, { offerId: withdrawn.id });
    const product = sql`(select product_id from offers where id = ${withdrawn.id})`;
    await app.database.db.execute(sql`update products set active = false where id = ${product}`);
    const state = await (await v.get('/api/v2/user/state/')).json();
    await app.database.db.execute(sql`update products set active = true where id = ${product}`);
    expect(state.data.basket.availableCount).toBe(1);
  });

  it('shows an empty state to a visitor without a basket', async () => {
    const res = await app.fetch('/basket/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1');
    expect(html).toContain('В корзине пока пусто');
    expect(html).not.toContain('data-testid="basket-line"');
  });

  it('lists the lines with size, colour and the server totals, and links on to the order page', async () => {
    const v = await newVisitor(app);
    const offer = buyable[12] as OfferFacts;
    await call(v, ADD, { offerId: offer.id, quantity: 2 });
    const { body } = await call(v, STATE);
    const line = body.data.basket.available[0];
    const html = await (await v.get('/basket/')).text();
    expect(html).toContain('data-testid="basket-line"');
    expect(html).toContain(line.product.name);
    expect(html).toContain(`<dd>${line.offer.sizeName}</dd>`);
    expect(html).toContain(`<dd>${line.offer.colorName}</dd>`);
    expect(html).toContain(`data-testid="basket-total">${formatAmount(offer.price * 2)}<`);
    expect(html).toContain('href="/order/"');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe('concurrency', () => {
  it('50 concurrent adds of one offer for one visitor leave one line with 50 units', async () => {
    const v = await newVisitor(app);
    const offer = buyable[10] as OfferFacts;
    await setOnlineStock(app.database.db, offer.id, 100);
    const answers = await Promise.all(Array.from({ length: 50 }, () => v.post(ADD, { offerId: offer.id })));
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(200));
    const { body } = await call(v, STATE);
    expect(body.data.basket.available).toHaveLength(1);
    expect(body.data.basket.available[0].quantity).toBe(50);
    const rows = await queryRows(
      app.database.db,
      sql`select id from basket_lines where offer_id = ${offer.id} and not delay`,
    );
    expect(rows).toHaveLength(1);
  });

  it('50 concurrent adds against 20 units in stock sell exactly 20', async () => {
    const v = await newVisitor(app);
    const offer = buyable[11] as OfferFacts;
    await setOnlineStock(app.database.db, offer.id, 20);
    const answers = await Promise.all(Array.from({ length: 50 }, () => v.post(ADD, { offerId: offer.id })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 422)).toHaveLength(30);
    const { body } = await call(v, STATE);
    expect(body.data.basket.available[0].quantity).toBe(20);
  });

  it('concurrent adds of different offers all land', async () => {
    const v = await newVisitor(app);
    const offers = buyable.slice(20, 30);
    const answers = await Promise.all(
      offers.flatMap((o) => [v.post(ADD, { offerId: o.id }), v.post(ADD, { offerId: o.id })]),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const { body } = await call(v, STATE);
    expect(body.data.basket.available).toHaveLength(10);
    expect(body.data.basket.availableCount).toBe(20);
  });
});
