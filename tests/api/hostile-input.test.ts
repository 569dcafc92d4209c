// Over 400 lines because its cases share one seeded app and its fixtures: one feature's behaviour, end to end.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { MAX_PAGE_SEGMENTS } from '../../server/app';
import { loadBuild } from '../../server/shop';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts, setOnlineStock } from '../support/basket-offers';
import { createTestApp, newVisitor, SHOP_ORIGIN, type TestApp, type Visitor } from '../support/test-app';

/**
 * What a hostile or careless caller sends: broken URLs, odd numbers, repeated fields, wrong methods and formats,
 * oversized bodies, and many calls at once. Each answer must be a 4xx in the caller's shape with a Russian message,
 * never a 500, a hang or wrong data.
 */

let app: TestApp;
let buyable: OfferFacts[];
let productId: number;

beforeAll(async () => {
  app = await createTestApp();
  ignorePoolErrorsOnClose(app.database.db);
  buyable = (await offerFacts(app.database.db)).filter((o) => o.online >= 3);
  const [row] = await queryRows<{ id: number }>(
    app.database.db,
    sql`select id from products where active order by id limit 1`,
  );
  productId = Number(row?.id);
});
afterAll(() => app.close());

/**
 * Records the path of every page request React Router renders, by wrapping the document renderer of the build
 * the app runs (one module instance per test file).
 */
async function watchRenderedPages() {
  const build = await loadBuild();
  const original = build.entry.module;
  const paths: string[] = [];
  build.entry.module = {
    ...original,
    default: (request, ...rest) => {
      paths.push(new URL(request.url).pathname);
      return original.default(request, ...rest);
    },
  };
  return {
    paths,
    stop() {
      build.entry.module = original;
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
type Json = any;

const ADD = '/api/v2/sale/basket/add/';
const STATE = '/api/v2/sale/basket/state/';
const RUSSIAN = /[а-яё]/i;

async function answer(res: Response) {
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: (await res.json()) as Json };
}

/** A raw POST from the visitor: any body, any content type. */
function rawPost(
  v: Visitor,
  path: string,
  body: BodyInit | null,
  headers: Record<string, string> = {},
  method = 'POST',
) {
  return app.fetch(path, { method, headers: { cookie: v.cookie, 'x-sessid': v.sessid, ...headers }, body });
}

async function cartOf(v: Visitor) {
  return (await answer(await v.post(STATE, {}))).body.data.basket as Json;
}

function expectEnvelope(a: { status: number; body: Json }, status: number, code: string, message: RegExp = RUSSIAN) {
  expect(a.status).toBe(status);
  expect(a.body).toEqual({ status: 'error', errors: [{ message: expect.stringMatching(message), code }] });
  expect(a.body.errors[0].message).toMatch(RUSSIAN);
}

describe('broken URLs', () => {
  it.each([
    '/%',
    '/a%2',
    '/%E0%A4%A',
    '/catalog/%E0%A4%A/',
    '/catalog/women/filter/%E0%A4%A/apply/',
    '/product/%E0%A4%A/',
    '/brands/%E0%A4%A/',
  ])('answers the Russian 404 page, not a 500, for bad percent-encoding in %s', async (path) => {
    const res = await app.fetch(path);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Такой страницы нет');
  });

  it('refuses an image path with bad percent-encoding with 400, not 500', async () => {
    const res = await app.fetch('/images/440x660/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(RUSSIAN);
  });

  it('answers a page URL of thousands of segments with the styled 404, without routing its segments', async () => {
    // Routed as it is, such a URL cost React Router seconds of CPU (work quadratic in the segment count): the
    // router must be handed an address no deeper than a real page, whatever the URL.
    const rendered = await watchRenderedPages();
    try {
      const res = await app.fetch(`/catalog/${'a/'.repeat(7000)}`);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain('Такой страницы нет');
      expect(html).toContain('<title>Страница не найдена — ВЬЮГА</title>');
      // A real deep page still renders, at its own address.
      const deep = '/catalog/women/filter/color-is-black/apply/';
      expect((await app.fetch(deep)).status).toBe(200);
      expect(rendered.paths).toHaveLength(2);
      const [routed, real] = rendered.paths as [string, string];
      expect(routed.split('/').filter(Boolean).length).toBeLessThanOrEqual(MAX_PAGE_SEGMENTS);
      expect(real).toBe(deep);
    } finally {
      rendered.stop();
    }
  });
});

describe('numbers that are not plain decimal integers', () => {
  it.each(['0x10', '1e3', '+5', '1_000', ' 0x1 '])(
    'refuses offerId %j instead of reading another offer',
    async (offerId) => {
      const v = await newVisitor(app);
      expectEnvelope(
        await answer(await v.post(ADD, { offerId })),
        400,
        'INVALID_OFFERID',
        /offerId должен быть целым положительным/,
      );
      expect((await cartOf(v)).available).toEqual([]);
    },
  );

  it('refuses quantity 1e1 and a line id 0x1 on POST /api/', async () => {
    const v = await newVisitor(app);
    const offer = buyable[0] as OfferFacts;
    expectEnvelope(
      await answer(await v.post(ADD, { offerId: offer.id, quantity: '1e1' })),
      400,
      'INVALID_QUANTITY',
      /Количество/,
    );
    const line = (await answer(await v.post(ADD, { offerId: offer.id }))).body.data.basket.available[0];
    const res = await answer(
      await v.post('/api/', { method: 'sale.order.basket.setQuantity', id: `0x${line.id.toString(16)}`, quantity: 2 }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { msg: expect.stringMatching(/строка корзины/), code: 'INVALID_ID' } });
  });

  it('refuses product ids 0x.., 1e.. and JSON true/arrays instead of showing another product', async () => {
    const v = await newVisitor(app);
    for (const id of [`0x${productId.toString(16)}`, `${productId}e0`]) {
      expectEnvelope(
        await answer(await v.get(`/api/v2/catalog/product/get/?id=${id}`)),
        400,
        'INVALID_ID',
        /номер товара/,
      );
      expectEnvelope(
        await answer(await v.post('/api/v2/catalog/product/available/get/', { id })),
        400,
        'INVALID_ID',
        /номер товара/,
      );
    }
    for (const id of [true, [productId]]) {
      const res = await rawPost(v, '/api/v2/catalog/product/available/get/', JSON.stringify({ id }), {
        'content-type': 'application/json',
      });
      expectEnvelope(await answer(res), 400, 'INVALID_ID', /номер товара/);
    }
  });

  it('refuses a region id 0x2, true or [2] instead of switching the city', async () => {
    const v = await newVisitor(app);
    const path = '/api/v2/user/location/region/set/';
    const form = await v.post(path, { id: '0x2' });
    expect(form.headers.get('set-cookie') ?? '').not.toContain('city=');
    expectEnvelope(await answer(form), 400, 'INVALID_ID', /Выберите город/);
    for (const id of [true, [2]]) {
      const res = await rawPost(v, path, JSON.stringify({ id }), { 'content-type': 'application/json' });
      expect(res.headers.get('set-cookie') ?? '').not.toContain('city=');
      expectEnvelope(await answer(res), 400, 'INVALID_ID', /Выберите город/);
    }
  });

  it('refuses page=0x2 of a listing instead of showing page 2', async () => {
    const v = await newVisitor(app);
    expectEnvelope(
      await answer(await v.get('/api/v2/catalog/product/list/?section=/catalog/women/&page=0x2')),
      400,
      'INVALID_PAGE',
      /Номер страницы/,
    );
  });
});

describe('repeated fields', () => {
  it('refuses a repeated query parameter instead of silently taking the first', async () => {
    const v = await newVisitor(app);
    expectEnvelope(
      await answer(await v.get('/api/v2/catalog/product/list/?section=/catalog/women/&section=/catalog/men/')),
      400,
      'DUPLICATE_FIELD',
      /«section» передано несколько раз/,
    );
    expectEnvelope(
      await answer(await v.get(`/api/v2/catalog/product/get/?id=${productId}&id=${productId + 1}`)),
      400,
      'DUPLICATE_FIELD',
      /«id»/,
    );
  });

  it('refuses a form with offerId twice, naming the field, and adds nothing', async () => {
    const v = await newVisitor(app);
    const [a, b] = buyable as [OfferFacts, OfferFacts];
    const body = `sessid=${v.sessid}&offerId=${a.id}&offerId=${b.id}`;
    const res = await rawPost(v, ADD, body, { 'content-type': 'application/x-www-form-urlencoded' });
    expectEnvelope(await answer(res), 400, 'DUPLICATE_FIELD', /«offerId» передано несколько раз/);
    expect((await cartOf(v)).available).toEqual([]);
  });

  it('answers a repeated field on POST /api/ in its own shape', async () => {
    const v = await newVisitor(app);
    const res = await rawPost(v, '/api/', `sessid=${v.sessid}&method=sale.order.basket.delete&id=1&id=2`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { msg: expect.stringMatching(/«id» передано несколько раз/), code: 'DUPLICATE_FIELD' },
    });
  });
});

describe('body formats', () => {
  it('refuses a body it cannot read (text/plain, no content type) with 415 instead of "offerId missing"', async () => {
    const v = await newVisitor(app);
    const offer = buyable[0] as OfferFacts;
    for (const headers of [{ 'content-type': 'text/plain' }, {}] as Record<string, string>[]) {
      const res = await rawPost(v, ADD, `offerId=${offer.id}`, headers);
      expectEnvelope(await answer(res), 415, 'UNSUPPORTED_MEDIA_TYPE', /формат запроса/);
    }
    const rpc = await rawPost(v, '/api/', 'method=sale.order.basket.delete&id=1', { 'content-type': 'text/plain' });
    expect(rpc.status).toBe(415);
    expect(await rpc.json()).toEqual({
      error: { msg: expect.stringMatching(/формат запроса/), code: 'UNSUPPORTED_MEDIA_TYPE' },
    });
    expect((await cartOf(v)).available).toEqual([]);
  });

  it('reads a JSON body whatever the case of its content type', async () => {
    const v = await newVisitor(app);
    const offer = buyable[0] as OfferFacts;
    const res = await answer(
      await rawPost(v, ADD, JSON.stringify({ offerId: offer.id }), {
        'content-type': 'Application/JSON; charset=UTF-8',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.basket.available[0].offer.id).toBe(offer.id);
  });

  it('does not read fields through a JSON "__proto__" key', async () => {
    const v = await newVisitor(app);
    const offer = buyable[0] as OfferFacts;
    const res = await rawPost(v, ADD, `{"__proto__": {"offerId": ${offer.id}}}`, {
      'content-type': 'application/json',
    });
    expectEnvelope(await answer(res), 400, 'INVALID_OFFERID', /Не выбран товар/);
    expect((await cartOf(v)).available).toEqual([]);
  });

  it('refuses a 5 MB body with 413 before reading it, in each caller shape, and changes nothing', async () => {
    const v = await newVisitor(app);
    const offer = buyable[0] as OfferFacts;
    const junk = 'x'.repeat(5_000_000);
    const form = await rawPost(
      v,
      ADD,
      new URLSearchParams({ sessid: v.sessid, offerId: String(offer.id), junk }).toString(),
      {
        'content-type': 'application/x-www-form-urlencoded',
      },
    );
    expectEnvelope(await answer(form), 413, 'BODY_TOO_LARGE', /Слишком большой запрос/);
    const json = await rawPost(v, ADD, JSON.stringify({ offerId: offer.id, junk }), {
      'content-type': 'application/json',
    });
    expectEnvelope(await answer(json), 413, 'BODY_TOO_LARGE', /Слишком большой запрос/);
    // Without a content-length (a streamed body), the limit holds as well.
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 50; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(100_000)));
        controller.close();
      },
    });
    const streamed = await app.fetch(ADD, {
      method: 'POST',
      headers: { cookie: v.cookie, 'x-sessid': v.sessid, 'content-type': 'application/x-www-form-urlencoded' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expectEnvelope(await answer(streamed), 413, 'BODY_TOO_LARGE');
    const rpc = await rawPost(v, '/api/', JSON.stringify({ method: 'sale.order.basket.delete', id: 1, junk }), {
      'content-type': 'application/json',
    });
    expect(rpc.status).toBe(413);
    expect(await rpc.json()).toEqual({
      error: { msg: expect.stringMatching(/Слишком большой запрос/), code: 'BODY_TOO_LARGE' },
    });
    expect((await cartOf(v)).available).toEqual([]);
  });

  it('still takes a 100 KB field and answers it with the field’s own message', async () => {
    const v = await newVisitor(app);
    expectEnvelope(await answer(await v.post(ADD, { offerId: '1'.repeat(100_000) })), 400, 'INVALID_OFFERID');
  });
});

describe('text the database cannot store', () => {
  it('refuses NUL in any field of a form or JSON body, at any depth, with 400 and writes nothing', async () => {
    const v = await newVisitor(app);
    const form = await answer(
      await v.post('/api/v2/event/set/', {
        method: 'event.set',
        event1: 'goal',
        event2: 'nul_probe',
        params: 'a\u0000b',
      }),
    );
    expectEnvelope(form, 400, 'BAD_CHARACTERS', /нулевой символ/);
    const nested = await rawPost(
      v,
      '/api/v2/event/set/',
      JSON.stringify({ method: 'event.set', event1: 'goal', event2: 'nul_probe', params: { a: ['\u0000'] } }),
      { 'content-type': 'application/json' },
    );
    expectEnvelope(await answer(nested), 400, 'BAD_CHARACTERS');
    // Half a surrogate pair in JSON is no character either (PostgreSQL's jsonb, the audit log's, refuses it).
    const surrogate = await rawPost(
      v,
      '/api/v2/event/set/',
      '{"method":"event.set","event1":"goal","event2":"nul_probe","params":{"a":"x\\ud800"}}',
      { 'content-type': 'application/json' },
    );
    expectEnvelope(await answer(surrogate), 400, 'BAD_CHARACTERS', /суррогатной пары/);
    const surrogateKey = await rawPost(v, '/api/v2/event/set/', '{"method":"event.set","\\udfff":"1"}', {
      'content-type': 'application/json',
    });
    expectEnvelope(await answer(surrogateKey), 400, 'BAD_CHARACTERS');
    const subscribe = await answer(
      await v.post('/api/v2/user/subscribe/sign/', { email: 'a\u0000@b.ru', licenses_subscribe: 'Y' }),
    );
    expectEnvelope(subscribe, 400, 'BAD_CHARACTERS');
    const rpc = await v.post('/api/', { method: 'sale.order.basket.delete', id: '1\u0000' });
    expect(rpc.status).toBe(400);
    expect((await rpc.json()).error.code).toBe('BAD_CHARACTERS');
    const rows = await queryRows<{ n: number }>(
      app.database.db,
      sql`select count(*)::int as n from events where event2 = 'nul_probe'`,
    );
    expect(Number(rows[0]?.n)).toBe(0);
  });

  it('answers a page address with NUL or broken UTF-8 with the styled 404, for GET and HEAD', async () => {
    for (const path of ['/product/a%00b/', '/search/?q=a%00b', '/catalog/women/?sort=%00', '/catalog/wo%C3%28men/']) {
      for (const method of ['GET', 'HEAD']) {
        const res = await app.fetch(path, { method });
        expect(res.status, `${method} ${path}`).toBe(404);
        if (method === 'GET') expect(await res.text()).toContain('<html');
      }
    }
  });

  it('refuses an API address with NUL or broken UTF-8 with 400 in the envelope', async () => {
    for (const path of [
      '/api/v2/catalog/product/list/?q=a%00b',
      '/api/v2/catalog/product/list/?q=%C3%28',
      '/api/v2/catalog/product/get/?id=1%00',
    ]) {
      expectEnvelope(await answer(await app.fetch(path)), 400, 'BAD_CHARACTERS');
    }
  });
});

describe('names from the request that are also names of Object', () => {
  it('answers filter codes such as constructor or __proto__ with a 404 page, not a 500', async () => {
    for (const code of ['constructor', '__proto__', 'tostring', 'hasownproperty', 'valueof']) {
      const res = await app.fetch(`/catalog/women/filter/${code}-is-x/apply/`);
      expect(res.status, code).toBe(404);
      const range = await app.fetch(`/catalog/women/filter/${code}-from-1-to-2/apply/`);
      expect(range.status, code).toBe(404);
    }
  });

  it('answers them on the list API with 400 and a Russian message', async () => {
    for (const filter of ['constructor-is-x', '__proto__-is-x', 'constructor-from-1-to-2', 'color-is-constructor']) {
      const res = await answer(
        await app.fetch(`/api/v2/catalog/product/list/?section=/catalog/women/&filter=${filter}`),
      );
      expectEnvelope(res, 400, 'INVALID_FILTER', /Неизвестный фильтр|Фильтр не читается/);
    }
  });

  it('takes constructor or __proto__ as plain field names of a body', async () => {
    const v = await newVisitor(app);
    const res = await v.post(STATE, { constructor: 'x', toString: 'y' });
    expect(res.status).toBe(200);
  });
});

describe('wrong HTTP methods and addresses', () => {
  it('answers 405 with Allow for a POST-only call asked with GET, PUT or DELETE, sessid or not', async () => {
    const v = await newVisitor(app);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await app.fetch(ADD, { method, headers: { cookie: v.cookie } });
      expect(res.headers.get('allow')).toBe('POST');
      expectEnvelope(await answer(res), 405, 'METHOD_NOT_ALLOWED', /только запросы POST/);
    }
  });

  it('answers a page asked with PUT, PATCH or DELETE from its own origin with 405 in Russian and its Allow', async () => {
    for (const path of ['/', '/sitemap.xml', '/robots.txt', '/lk/data/', '/catalog/women/'])
      for (const method of ['PUT', 'PATCH', 'DELETE']) {
        const res = await app.fetch(path, { method, headers: { origin: SHOP_ORIGIN } });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get('allow')).toBe('GET, HEAD, POST');
        expect(await res.text()).toBe('Этот адрес принимает только запросы GET, HEAD, POST.');
      }
  });

  it('answers 405 for a GET-only call asked with POST', async () => {
    const v = await newVisitor(app);
    const res = await v.post('/api/v2/catalog/product/list/', { section: '/catalog/women/' });
    expect(res.headers.get('allow')).toBe('GET');
    expectEnvelope(await answer(res), 405, 'METHOD_NOT_ALLOWED', /только запросы GET/);
  });

  it('answers GET or PUT on POST /api/ with 405 in the {error} shape, not an HTML page', async () => {
    for (const method of ['GET', 'PUT']) {
      const res = await app.fetch('/api/', { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({
        error: { msg: expect.stringMatching(/только запросы POST/), code: 'METHOD_NOT_ALLOWED' },
      });
    }
  });

  it('tells a caller who left out the trailing slash the right address', async () => {
    const v = await newVisitor(app);
    expectEnvelope(
      await answer(await v.post('/api/v2/sale/basket/add', { offerId: 1 })),
      404,
      'NOT_FOUND',
      /\/api\/v2\/sale\/basket\/add\//,
    );
    expectEnvelope(
      await answer(await v.get('/api/v2/catalog/section/list')),
      404,
      'NOT_FOUND',
      /\/api\/v2\/catalog\/section\/list\//,
    );
  });
});

describe('many calls at once', () => {
  it('keeps one visitor’s basket consistent under 50 mixed concurrent calls: no 5xx, one line per offer, never above stock', async () => {
    const [a, b] = buyable.slice(10, 12) as [OfferFacts, OfferFacts];
    await setOnlineStock(app.database.db, a.id, 5);
    await setOnlineStock(app.database.db, b.id, 3);
    const v = await newVisitor(app);
    const line = (await answer(await v.post(ADD, { offerId: a.id }))).body.data.basket.available[0];
    const calls = Array.from({ length: 50 }, (_, i) => {
      switch (i % 5) {
        case 0:
          return v.post(ADD, { offerId: a.id });
        case 1:
          return v.post(ADD, { offerId: b.id });
        case 2:
          return v.post('/api/', { method: 'sale.order.basket.setQuantity', id: line.id, quantity: (i % 5) + 1 });
        case 3:
          return v.post('/api/v2/sale/wishlist/add/', { offerId: a.id });
        default:
          return v.post('/api/v2/sale/wishlist/delete/', { offerId: b.id });
      }
    });
    const answers = await Promise.all(calls.map(async (p) => answer(await p)));
    for (const x of answers) {
      expect([200, 404, 422]).toContain(x.status);
      if (x.status !== 200) expect(JSON.stringify(x.body)).toMatch(RUSSIAN);
    }
    const basket = await cartOf(v);
    const offers = basket.available.map((l: Json) => l.offer.id);
    expect(new Set(offers).size).toBe(offers.length);
    expect(offers.sort()).toEqual([a.id, b.id].sort());
    for (const l of basket.available) expect(l.quantity).toBeLessThanOrEqual(l.maxQuantity);
    expect(basket.available.find((l: Json) => l.offer.id === b.id).quantity).toBe(3);
    expect(basket.delay.filter((l: Json) => l.offer.id === a.id)).toHaveLength(1);
  });

  it('lets 20 visitors add the same offer at once, each capped at stock on its own line', async () => {
    const offer = buyable[12] as OfferFacts;
    await setOnlineStock(app.database.db, offer.id, 2);
    const visitors = await Promise.all(Array.from({ length: 20 }, () => newVisitor(app)));
    const answers = await Promise.all(
      visitors.flatMap((v) => [1, 2, 3].map(async () => answer(await v.post(ADD, { offerId: offer.id })))),
    );
    expect(answers.filter((x) => x.status === 200)).toHaveLength(40);
    expect(answers.filter((x) => x.status === 422)).toHaveLength(20);
    for (const v of visitors) {
      const basket = await cartOf(v);
      expect(basket.available.map((l: Json) => [l.offer.id, l.quantity])).toEqual([[offer.id, 2]]);
    }
  });
});
