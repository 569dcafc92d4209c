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
      sql`insert into sessions (id, user_id) values (${sessionIdOf(visitor.cookie)}, ${userId})`,
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
    for (const path of Object.values(API)) {
      // A known path never answers the API's «no such method» 404, whatever the method.
      for (const method of ['GET', 'POST']) {
        const res = await app.fetch(path, { method, headers: { cookie: visitor.cookie } });
        const body = (await res.json()) as { errors?: { code: string }[] };
        expect(body.errors?.[0]?.code, `${method} ${path}`).not.toBe('NOT_FOUND');
      }
    }
  });
});
