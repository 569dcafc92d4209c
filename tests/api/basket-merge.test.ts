import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { basketRepository } from '../../db/repositories/basket';
import { createBasketService } from '../../domain/basket/basket.service';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts, setOnlineStock } from '../support/basket-offers';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let buyable: OfferFacts[];

beforeAll(async () => {
  app = await createTestApp();
  ignorePoolErrorsOnClose(app.database.db);
  buyable = (await offerFacts(app.database.db)).filter((o) => o.online > 0);
});
afterAll(() => app.close());

const visitorCtx = (sessionId: string) => ({ sessionId, actor: { kind: 'visitor' as const } });
const userCtx = (sessionId: string, userId: number) => ({
  sessionId,
  actor: { kind: 'user' as const, userId },
});

async function newUser(email: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    app.database.db,
    sql`
    insert into users (email, password_hash) values (${email}, 'x') returning id`,
  );
  return Number(row?.id);
}

describe('mergeVisitorBasket (the later login)', () => {
  it('moves the visitor lines to the user, sums cart quantities capped at stock, unions the wishlist', async () => {
    const basket = createBasketService(basketRepository(app.database.db));
    const [shared, visitorOnly, wished, userOnly] = buyable.slice(0, 4) as OfferFacts[];
    await setOnlineStock(app.database.db, shared.id, 4);
    const userId = await newUser('merge@example.ru');
    const visitor = visitorCtx('visitor-merge');
    const user = userCtx('earlier-session', userId);

    await basket.add(visitor, shared.id, 3);
    await basket.add(visitor, visitorOnly.id);
    await basket.addToWishlist(visitor, wished.id);
    await basket.add(user, shared.id, 2);
    await basket.add(user, userOnly.id);
    await basket.addToWishlist(user, wished.id);

    await basket.mergeVisitorBasket('visitor-merge', userId);

    const merged = await basket.state(userCtx('visitor-merge', userId));
    const cart = Object.fromEntries(merged.available.map((l) => [l.offer.id, l.quantity]));
    expect(cart).toEqual({ [shared.id]: 4, [visitorOnly.id]: 1, [userOnly.id]: 1 });
    expect(merged.delay.map((l) => l.offer.id)).toEqual([wished.id]);

    const left = await basket.state(visitor);
    expect(left.available).toHaveLength(0);
    expect(left.delay).toHaveLength(0);
    const [session] = await queryRows<{ user_id: number }>(
      app.database.db,
      sql`select user_id from sessions where id = 'visitor-merge'`,
    );
    expect(Number(session?.user_id)).toBe(userId);
  });

  it('does nothing for a visitor without lines', async () => {
    const basket = createBasketService(basketRepository(app.database.db));
    const userId = await newUser('empty@example.ru');
    await basket.add(userCtx('x', userId), (buyable[5] as OfferFacts).id);
    await basket.mergeVisitorBasket('nobody', userId);
    expect((await basket.counts(userCtx('x', userId))).availableCount).toBe(1);
  });
});
