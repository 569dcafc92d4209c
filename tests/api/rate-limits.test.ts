import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, CATALOG_ELEMENT_PATH, RPC_PATH } from '../../contract/api';
import { queryRows } from '../../db/client';
import { tableRateLimiter } from '../../db/repositories/rate-limits';
import { type LimitRule, waitText } from '../../domain/limits/limits';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { createTestApp, newVisitor, type TestApp, type Visitor } from '../support/test-app';

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
type Json = any;

const sessionIdOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] as string;
const WAIT = /^Слишком много попыток\. Повторите через \d+\u00a0(секунд[уы]?|минуту)\.$/;

/** A state-changing call from `visitor`, with the extra headers a proxy (or a forger) would add. */
function postFrom(app: TestApp, visitor: Visitor, path: string, fields: Record<string, string>, headers = {}) {
  return app.fetch(path, {
    method: 'POST',
    headers: { cookie: visitor.cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ ...fields, sessid: visitor.sessid }).toString(),
  });
}

describe('tableRateLimiter (the limiter every process shares on PostgreSQL)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
    ignorePoolErrorsOnClose(app.database.db);
  });
  afterAll(() => app.close());

  const setClock = () => {
    let now = Date.UTC(2026, 10, 22, 10, 0, 0);
    return {
      clock: () => new Date(now),
      advance: (ms: number) => {
        now += ms;
      },
    };
  };

  it('lets exactly `limit` of 50 concurrent hits through', async () => {
    const limiter = tableRateLimiter(app.database.db);
    const rule: LimitRule = { name: 'concurrent', limit: 20, windowS: 60 };
    const verdicts = await Promise.all(Array.from({ length: 50 }, () => limiter.hit('k', rule)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(20);
    expect(verdicts.filter((v) => !v.allowed).every((v) => v.retryAfterS >= 1 && v.retryAfterS <= 60)).toBe(true);
  });

  it('refuses with the seconds left in the window and opens a new window when it ends', async () => {
    const { clock, advance } = setClock();
    const limiter = tableRateLimiter(app.database.db, clock);
    const rule: LimitRule = { name: 'reset', limit: 2, windowS: 60 };
    expect((await limiter.hit('k', rule)).allowed).toBe(true);
    advance(20_000);
    expect((await limiter.hit('k', rule)).allowed).toBe(true);
    expect(await limiter.hit('k', rule)).toEqual({ allowed: false, retryAfterS: 40 });
    advance(40_000);
    const next = [];
    for (let i = 0; i < 3; i++) next.push((await limiter.hit('k', rule)).allowed);
    expect(next).toEqual([true, true, false]);
  });

  it('counts rules and keys apart', async () => {
    const limiter = tableRateLimiter(app.database.db);
    const rule: LimitRule = { name: 'apart', limit: 1, windowS: 60 };
    expect((await limiter.hit('a', rule)).allowed).toBe(true);
    expect((await limiter.hit('b', rule)).allowed).toBe(true);
    expect((await limiter.hit('a', { ...rule, name: 'apart-2' })).allowed).toBe(true);
    expect((await limiter.hit('a', rule)).allowed).toBe(false);
  });

  it('counts every pair of a call in one statement, a pair given twice twice', async () => {
    const limiter = tableRateLimiter(app.database.db);
    const session = { name: 'all-session', limit: 2, windowS: 60 };
    const client = { name: 'all-client', limit: 3, windowS: 60 };
    const verdicts = [];
    for (let i = 0; i < 2; i++)
      verdicts.push(
        await limiter.hitAll([
          ['s', session],
          ['c', client],
        ]),
      );
    expect(verdicts.flat().map((v) => v.allowed)).toEqual([true, true, true, true]);
    // The session's third hit is refused while the client's counts on.
    expect(
      (
        await limiter.hitAll([
          ['s', session],
          ['c', client],
        ])
      ).map((v) => v.allowed),
    ).toEqual([false, true]);
    expect(
      (
        await limiter.hitAll([
          ['c', client],
          ['c', client],
        ])
      ).map((v) => v.allowed),
    ).toEqual([false, false]);
    const rows = await queryRows<{ key: string; hits: number }>(
      app.database.db,
      sql`select key, hits from rate_limits where key like 'all-%' order by key`,
    );
    expect(rows.map((r) => [r.key, Number(r.hits)])).toEqual([
      ['all-client:c', 5],
      ['all-session:s', 3],
    ]);
  });

  it('prunes the windows that have ended, and only those', async () => {
    const { clock, advance } = setClock();
    const limiter = tableRateLimiter(app.database.db, clock);
    await limiter.hit('old', { name: 'prune', limit: 1, windowS: 10 });
    await limiter.hit('young', { name: 'prune', limit: 1, windowS: 600 });
    advance(10_000);
    const removed = await limiter.prune(clock());
    const left = await queryRows<{ key: string }>(
      app.database.db,
      sql`select key from rate_limits where key like 'prune:%'`,
    );
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(left.map((r) => r.key)).toEqual(['prune:young']);
  });
});

describe('the write limit per session', () => {
  let app: TestApp;
  let offers: OfferFacts[];
  beforeAll(async () => {
    app = await createTestApp({ WRITE_LIMIT_PER_SESSION: '3' });
    ignorePoolErrorsOnClose(app.database.db);
    offers = (await offerFacts(app.database.db)).filter((o) => o.online >= 3).slice(0, 4);
  });
  afterAll(() => app.close());

  const cartOf = async (v: Visitor) =>
    (
      await queryRows<{ offer_id: number; quantity: number }>(
        app.database.db,
        sql`select offer_id, quantity from basket_lines where session_id = ${sessionIdOf(v.cookie)} order by offer_id`,
      )
    ).map((r) => ({ offerId: Number(r.offer_id), quantity: Number(r.quantity) }));

  it('answers the call over it 429 with Retry-After and the wait in Russian in the envelope, writing nothing', async () => {
    const v = await newVisitor(app);
    for (const o of offers.slice(0, 3)) expect((await v.post(API.basketAdd, { offerId: o.id })).status).toBe(200);
    const refused = await v.post(API.basketAdd, { offerId: (offers[3] as OfferFacts).id });
    expect(refused.status).toBe(429);
    const body: Json = await refused.json();
    expect(body).toMatchObject({
      status: 'error',
      errors: [{ code: 'RATE_LIMITED', message: expect.stringMatching(WAIT) }],
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(body.errors[0].message).toBe(`Слишком много попыток. Повторите ${waitText(retryAfter)}.`);
    expect((await cartOf(v)).map((l) => l.offerId)).toEqual(offers.slice(0, 3).map((o) => o.id));
    // Another visitor has a session limit of its own.
    const other = await newVisitor(app);
    expect((await other.post(API.basketAdd, { offerId: (offers[3] as OfferFacts).id })).status).toBe(200);
  });

  it('does not count the basket state, which every page asks at start and which changes nothing', async () => {
    const v = await newVisitor(app);
    for (let i = 0; i < 5; i++) expect((await v.post(API.basketState, {})).status).toBe(200);
    for (const o of offers.slice(0, 3)) expect((await v.post(API.basketAdd, { offerId: o.id })).status).toBe(200);
    // Without its sessid it is still refused.
    expect((await app.fetch(API.basketState, { method: 'POST', headers: { cookie: v.cookie } })).status).toBe(403);
  });

  it('answers POST /api/ over it with 429 and {error: {msg, code}}, writing nothing', async () => {
    const v = await newVisitor(app);
    const offer = offers[0] as OfferFacts;
    const added: Json = await (await v.post(API.basketAdd, { offerId: offer.id })).json();
    const id = added.data.basket.available[0].id;
    for (const quantity of [2, 3]) {
      expect((await v.post(RPC_PATH, { method: 'sale.order.basket.setQuantity', id, quantity })).status).toBe(200);
    }
    const refused = await v.post(RPC_PATH, { method: 'sale.order.basket.delete', id });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toEqual({ error: { msg: expect.stringMatching(WAIT), code: 'RATE_LIMITED' } });
    expect(await cartOf(v)).toEqual([{ offerId: offer.id, quantity: 3 }]);
  });

  it('covers the platform path too', async () => {
    const v = await newVisitor(app);
    for (let i = 0; i < 3; i++) await v.post(API.eventSet, { method: 'event.set', event1: 'goal', event2: 'x' });
    const refused = await v.post(CATALOG_ELEMENT_PATH, { AJAX: 'Y', SITE_ID: 's1', PRODUCT_ID: 1 });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ status: 'error', errors: [{ code: 'RATE_LIMITED' }] });
  });

  it('leaves reads alone', async () => {
    const v = await newVisitor(app);
    for (let i = 0; i < 3; i++) await v.post(API.eventSet, { method: 'event.set', event1: 'goal', event2: 'y' });
    const reads = await Promise.all(Array.from({ length: 5 }, () => v.get(API.sectionList)));
    expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  });
});

describe('the write limit per client', () => {
  const event = (event2: string) => ({ method: 'event.set', event1: 'goal', event2 });
  const storedEvents = async (app: TestApp, event2: string) =>
    (await queryRows(app.database.db, sql`select 1 from events where event2 = ${event2}`)).length;

  describe('behind a trusted proxy (TRUST_PROXY=1)', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await createTestApp({ TRUST_PROXY: '1', WRITE_LIMIT_PER_CLIENT: '2' });
    });
    afterAll(() => app.close());

    it('counts each last X-Forwarded-For hop apart, whatever the earlier hops say', async () => {
      const hop = (last: string, first = '6.6.6.6') => ({ 'x-forwarded-for': `${first}, ${last}` });
      const [a, b, c, d] = (await Promise.all([1, 2, 3, 4].map(() => newVisitor(app)))) as Visitor[];
      const statuses = async (v: Visitor, headers: Record<string, string>, name: string, times: number) => {
        const out = [];
        for (let i = 0; i < times; i++) out.push((await postFrom(app, v, API.eventSet, event(name), headers)).status);
        return out;
      };
      // Two sessions behind the same last hop share its limit; a forged first hop changes nothing.
      expect(await statuses(a, hop('198.51.100.1'), 'proxy-a', 2)).toEqual([200, 200]);
      expect(await statuses(b, hop('198.51.100.1', '198.51.100.9'), 'proxy-b', 1)).toEqual([429]);
      expect(await storedEvents(app, 'proxy-b')).toBe(0);
      // Another last hop is another client.
      expect(await statuses(c, hop('198.51.100.2'), 'proxy-c', 3)).toEqual([200, 200, 429]);
      expect(await statuses(d, hop('198.51.100.3', '198.51.100.1'), 'proxy-d', 1)).toEqual([200]);
    });
  });

  describe('without a trusted proxy', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await createTestApp({ WRITE_LIMIT_PER_CLIENT: '2' });
    });
    afterAll(() => app.close());

    it('ignores X-Forwarded-For: a client cannot pick a fresh address for each call', async () => {
      const [a, b] = await Promise.all([newVisitor(app), newVisitor(app)]);
      for (const last of ['198.51.100.1', '198.51.100.2']) {
        const res = await postFrom(app, a, API.eventSet, event('direct-a'), { 'x-forwarded-for': last });
        expect(res.status).toBe(200);
      }
      const refused = await postFrom(app, b, API.eventSet, event('direct-b'), { 'x-forwarded-for': '198.51.100.3' });
      expect(refused.status).toBe(429);
      expect(await storedEvents(app, 'direct-b')).toBe(0);
    });
  });
});
