import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { queryRows } from '../../db/client';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { createTestApp, newVisitor, type TestApp } from '../support/test-app';

let app: TestApp;
let offer: OfferFacts;

beforeAll(async () => {
  app = await createTestApp();
  ignorePoolErrorsOnClose(app.database.db);
  offer = (await offerFacts(app.database.db)).find((o) => o.online > 2) as OfferFacts;
});
afterAll(() => app.close());

const sessionIdOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] as string;

describe('the request context', () => {
  it('acts for the user bound to the session: basket lines belong to the user, not to the session', async () => {
    const visitor = await newVisitor(app);
    const [user] = await queryRows<{ id: number }>(
      app.database.db,
      sql`insert into users (email, password_hash) values ('ctx@example.ru', 'x') returning id`,
    );
    const userId = Number(user?.id);
    await app.database.db.execute(
      sql`update sessions set user_id = ${userId} where id = ${sessionIdOf(visitor.cookie)}`,
    );
    expect((await visitor.post(API.basketAdd, { offerId: offer.id })).status).toBe(200);
    const lines = await queryRows<{ user_id: number | null }>(
      app.database.db,
      sql`select user_id from basket_lines where offer_id = ${offer.id}`,
    );
    expect(lines.map((l) => Number(l.user_id))).toEqual([userId]);
    // The page the same browser loads shows the user's basket.
    const html = await (await visitor.get('/basket/')).text();
    expect(html).toContain(`data-testid="basket-count">1 товар<`);
  });

  it('acts for a visitor when the session row is bound to nobody', async () => {
    const visitor = await newVisitor(app);
    expect((await visitor.post(API.wishlistAdd, { offerId: offer.id })).status).toBe(200);
    const lines = await queryRows<{ session_id: string; user_id: number | null }>(
      app.database.db,
      sql`select session_id, user_id from basket_lines where delay and offer_id = ${offer.id}`,
    );
    expect(lines).toEqual([{ session_id: sessionIdOf(visitor.cookie), user_id: null }]);
  });
});

describe('the contract', () => {
  it('routes every /api/v2 call it names', async () => {
    const visitor = await newVisitor(app);
    // The push channel is a stream open while the page lives, not a call with an answer: tests/api/push.test.ts.
    for (const path of Object.values(API).filter((p) => p !== API.push)) {
      // A known path never answers the API's «no such method» 404, whatever the method.
      for (const method of ['GET', 'POST']) {
        const res = await app.fetch(path, { method, headers: { cookie: visitor.cookie } });
        const body = (await res.json()) as { errors?: { code: string }[] };
        expect(body.errors?.[0]?.code, `${method} ${path}`).not.toBe('NOT_FOUND');
      }
    }
  });
});

describe('GET /api/v2/user/state/', () => {
  it('gives a new visitor the guest, an empty basket, a session cookie and the sessid, never cached', async () => {
    const res = await app.fetch(API.userState);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('set-cookie')).toMatch(/^SHOPSID=/);
    const { data } = (await res.json()) as {
      data: { user: { auth: boolean; name: string }; basket: object; sessid: string };
    };
    expect(data.user).toMatchObject({ auth: false, name: '', cabinetUrl: '/lk/' });
    expect(data.basket).toEqual({ availableCount: 0, delayCount: 0 });
    expect(data.sessid).toMatch(/^[\w-]{20,}$/);
  });

  it('gives a returning visitor the counts of their basket and the sessid that their writes need', async () => {
    const visitor = await newVisitor(app);
    await visitor.post(API.basketAdd, { offerId: offer.id, quantity: 2 });
    await visitor.post(API.wishlistAdd, { offerId: offer.id });
    const { data } = await (await visitor.get(API.userState)).json();
    expect(data.basket).toEqual({ availableCount: 2, delayCount: 1 });
    expect(data.sessid).toBe(visitor.sessid);
  });

  it('answers a logged-in user with their fields', async () => {
    const visitor = await newVisitor(app);
    const [user] = await queryRows<{ id: number }>(
      app.database.db,
      sql`insert into users (email, password_hash, name, last_name) values ('State@Example.ru', 'x', 'Анна', 'Петрова') returning id`,
    );
    await app.database.db.execute(
      sql`update sessions set user_id = ${Number(user?.id)} where id = ${sessionIdOf(visitor.cookie)}`,
    );
    const { data } = await (await visitor.get(API.userState)).json();
    expect(data.user).toMatchObject({
      auth: true,
      id: Number(user?.id),
      name: 'Анна',
      lastName: 'Петрова',
      email: 'State@Example.ru',
      emailHash: createHash('md5').update('state@example.ru').digest('hex'),
    });
  });
});
