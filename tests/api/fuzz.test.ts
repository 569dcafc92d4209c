import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, CATALOG_ELEMENT_PATH, RPC_PATH } from '../../contract/api';
import { queryRows } from '../../db/client';
import { createTestApp, newVisitor, type TestApp, type Visitor } from '../support/test-app';

/**
 * Hostile requests for every page and every call, generated (issue 13.8): no answer may be a 5xx, every API answer
 * keeps its envelope, and a refused call writes nothing. `npm test` runs a bounded number with a fixed seed and one
 * random seed (printed, to replay a failure with FUZZ_SEED); `npm run fuzz` runs many more (FUZZ_RUNS).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 700);
const FIXED_SEED = 20261122;
const ORIGIN = 'http://shop.test';
const RANDOM_SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

const RPC_METHODS = [
  'sale.order.basket.delete',
  'sale.order.basket.toWishlist',
  'sale.order.basket.setQuantity',
  'sale.order.setPromocode',
  'sale.order.resetPromocode',
  'sale.order.save',
  'sale.order.data',
  'sale.order.delivery.getIntervalData',
  'sale.order.setDiscountCard',
  'sale.order.resetDiscountCard',
  'sale.order.basket.setSize',
  'sale.order.delivery.setAddress',
  'sale.reserve.data',
  'sale.reserve.save',
];
const PAGES = [
  '/',
  '/catalog/women/',
  '/catalog/man/verkhnyaya-odezhda/',
  '/brands/',
  '/search/',
  '/basket/',
  '/lk/like/',
  '/auth/confirm/',
  '/auth/reset/',
  '/subscribe/confirm/',
  '/unsubscribe/',
  '/sitemap.xml',
  '/robots.txt',
  '/stores/',
  '/stores/shop-moskva-1/',
  '/contacts/',
  '/lk/questions/',
  '/info/dostavka-i-oplata/',
  '/info/faq/',
  '/info/vybor-razmera/',
  '/agreement/',
  '/promo/novinki-sezona/',
];
// The push channel is a stream that stays open while the page lives, not a call with an answer: tests/api/push.test.ts.
const API_PATHS = [...Object.values(API).filter((p) => p !== API.push), RPC_PATH, CATALOG_ELEMENT_PATH];
/** Tables a refused call must leave as they were. */
const WRITTEN = [
  'basket_lines',
  'events',
  'subscriptions',
  'consents',
  'outbox',
  'orders',
  'users',
  'addresses',
  'phone_codes',
  'discount_cards',
  'checkout_promo_codes',
  'questions',
];

let app: TestApp;
let visitor: Visitor;

beforeAll(async () => {
  // Limits lifted: the fuzzer must reach the handlers, not stop at 429.
  app = await createTestApp({
    WRITE_LIMIT_PER_SESSION: '1000000',
    WRITE_LIMIT_PER_CLIENT: '1000000',
    PHONE_CODES_PER_CLIENT: '1000000',
    LOGIN_TRIES_PER_CLIENT: '1000000',
  });
  visitor = await newVisitor(app);
});
afterAll(() => app.close());

const nasty = fc.oneof(
  fc.constantFrom(
    'constructor',
    '__proto__',
    'toString',
    'prototype',
    'hasOwnProperty',
    '..',
    '%00',
    '%ff',
    '%c0%af',
    '%',
    '\u0000',
    '\uffff',
    '\ud800',
    '<script>',
    "' or 1=1 --",
    '-1',
    '0',
    '1e309',
    'NaN',
    '9'.repeat(40),
    ' ',
    '',
  ),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer().map(String),
  fc.constant('x'.repeat(5000)),
);

const segment = nasty.map((s) => {
  try {
    return s.startsWith('%') ? s : encodeURIComponent(s);
  } catch {
    return '%ed%a0%80';
  }
});

const pagePath = fc.oneof(
  fc.constantFrom(...PAGES),
  fc.tuple(nasty, nasty).map(([code, value]) => {
    const enc = (s: string) => {
      try {
        return encodeURIComponent(s);
      } catch {
        return '%ed%a0%80';
      }
    };
    return `/catalog/women/filter/${enc(code)}-is-${enc(value)}/apply/`;
  }),
  segment.map((s) => `/product/${s}/`),
  segment.map((s) => `/brands/${s}/`),
  fc.array(segment, { minLength: 1, maxLength: 6 }).map((parts) => `/${parts.join('/')}`),
  fc.constant(`/product/${'%'}${'zz'}/`),
);

const query = fc.oneof(
  fc.constant(''),
  fc.dictionary(nasty, nasty, { maxKeys: 4 }).map((d) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(d)) {
      try {
        q.append(k, v);
      } catch {}
    }
    return `?${q.toString()}`;
  }),
  fc.constantFrom('?q=%00', '?sort=__proto__', '?PAGEN_1=-5', '?logout=y', '?token=%ff', `?q=${'я'.repeat(300)}`),
);

const fieldValue = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nasty, { maxLength: 3 }),
  fc.dictionary(nasty, nasty, { maxKeys: 2 }),
);
const knownFields = fc.constantFrom(
  'id',
  'offerId',
  'quantity',
  'email',
  'phone',
  'code',
  'login',
  'password',
  'name',
  'promocode',
  'deliveryType',
  'idempotencyKey',
  'event1',
  'event2',
  'PRODUCT_ID',
  'type',
  'postcode',
  'token',
  'agree',
  'licenses_subscribe',
);
const fields = fc.dictionary(fc.oneof(knownFields, nasty), fieldValue, { maxKeys: 6 });

const apiCall = fc.record({
  path: fc.constantFrom(...API_PATHS),
  method: fc.constantFrom('POST', 'POST', 'POST', 'GET', 'PUT', 'DELETE', 'OPTIONS', 'HEAD'),
  rpcMethod: fc.option(fc.oneof(fc.constantFrom(...RPC_METHODS), nasty), { nil: undefined }),
  body: fields,
  encoding: fc.constantFrom('form', 'json', 'json-raw', 'none'),
  sessid: fc.constantFrom('valid', 'valid', 'wrong', 'none'),
  rawJson: fc.constantFrom('{"a":', '[1,2', 'null', '"x"', '{"__proto__":{"x":1}}', '\u0000'),
});

const pageCall = fc.record({
  path: pagePath,
  query,
  method: fc.constantFrom('GET', 'GET', 'HEAD', 'POST'),
  header: fc.option(
    fc.tuple(fc.constantFrom('accept-language', 'x-forwarded-for', 'cookie', 'range', 'if-none-match'), nasty),
    {
      nil: undefined,
    },
  ),
});

async function counts(): Promise<string> {
  const [row] = await queryRows<Record<string, number>>(
    app.database.db,
    sql.raw(`select ${WRITTEN.map((t) => `(select count(*) from "${t}")::int as "${t}"`).join(', ')}`),
  );
  return JSON.stringify(row);
}

function formOf(body: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) {
    try {
      q.append(k, typeof v === 'string' ? v : JSON.stringify(v));
    } catch {}
  }
  return q.toString();
}

async function sendApi(call: typeof apiCall extends fc.Arbitrary<infer T> ? T : never) {
  const body: Record<string, unknown> = { ...call.body };
  if (call.path === RPC_PATH && call.rpcMethod !== undefined) body.method = call.rpcMethod;
  if (call.sessid === 'valid') body.sessid = visitor.sessid;
  if (call.sessid === 'wrong') body.sessid = 'forged-sessid';
  const headers: Record<string, string> = { cookie: visitor.cookie };
  let payload: string | undefined;
  if (call.method !== 'GET' && call.method !== 'HEAD') {
    if (call.encoding === 'form') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = formOf(body);
    } else if (call.encoding === 'json') {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    } else if (call.encoding === 'json-raw') {
      headers['content-type'] = 'application/json';
      payload = call.rawJson;
    }
  }
  const url = call.method === 'GET' || call.method === 'HEAD' ? `${call.path}?${formOf(body)}` : call.path;
  return app.fetch(`${ORIGIN}${url}`, { method: call.method, headers, body: payload });
}

describe('fuzzing every route and call', () => {
  const check = (seed: number) => async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          apiCall.map((c) => ({ kind: 'api' as const, c })),
          pageCall.map((c) => ({ kind: 'page' as const, c })),
        ),
        async (req) => {
          const before = await counts();
          let res: Response;
          if (req.kind === 'api') res = await sendApi(req.c);
          else {
            const headers: Record<string, string> = { cookie: visitor.cookie };
            if (req.c.header) {
              const [name, value] = req.c.header;
              headers[name] = value.replace(/[^\t\x20-\x7e]/g, '?');
            }
            // Absolute, as a request line reaches the server: `//x` is a path, not another host.
            res = await app.fetch(`${ORIGIN}${req.c.path}${req.c.query}`, { method: req.c.method, headers });
          }
          const text = req.c.method === 'HEAD' ? '' : await res.text();
          expect(res.status, `${req.kind} ${JSON.stringify(req.c).slice(0, 300)} → ${text.slice(0, 200)}`).toBeLessThan(
            500,
          );
          if (req.kind === 'api' && req.c.method !== 'HEAD' && res.status !== 204) {
            const json = JSON.parse(text);
            if (req.c.path === RPC_PATH) {
              if (res.status >= 400)
                expect(json.error).toMatchObject({ msg: expect.any(String), code: expect.any(String) });
            } else {
              expect(['ok', 'error']).toContain(json.status);
              if (json.status === 'error') expect(json.errors[0].message).toEqual(expect.any(String));
            }
          }
          if (res.status >= 400) expect(await counts(), `refused ${JSON.stringify(req.c).slice(0, 300)}`).toBe(before);
        },
      ),
      { numRuns: RUNS, seed, verbose: true },
    );
  };

  it(`answers ${RUNS} generated requests (fixed seed ${FIXED_SEED}) without a 5xx`, check(FIXED_SEED), 600_000);

  it(`answers ${RUNS} more (random seed ${RANDOM_SEED}; replay with FUZZ_SEED) without a 5xx`, async () => {
    console.info(`fuzz: random seed ${RANDOM_SEED}`);
    await check(RANDOM_SEED)();
  }, 600_000);
});
