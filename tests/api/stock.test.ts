import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { unitOfWork } from '../../db/uow';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let offers: OfferFacts[];
let stores: { online: number; movement: number[]; shop: number };

beforeAll(async () => {
  app = await createTestApp();
  ignorePoolErrorsOnClose(app.database.db);
  offers = (await offerFacts(app.database.db)).slice(0, 4);
  const rows = await queryRows<{ id: number; type: string }>(
    app.database.db,
    sql`select id, type from stores order by id`,
  );
  stores = {
    online: Number(rows.find((r) => r.type === 'online')?.id),
    movement: rows.filter((r) => r.type === 'movement').map((r) => Number(r.id)),
    shop: Number(rows.find((r) => r.type === 'shop')?.id),
  };
});
afterAll(() => app.close());

const db = () => app.database.db;

/** The offer's stock: `online` in the warehouse, `movement` in the first movement store, 10 in a shop. */
async function stockOf(offerId: number, online: number, movement: number) {
  await db().execute(sql`delete from stock where offer_id = ${offerId}`);
  await db().execute(sql`delete from offer_restrictions where offer_id = ${offerId}`);
  await db().execute(sql`insert into stock (offer_id, store_id, quantity) values
    (${offerId}, ${stores.online}, ${online}), (${offerId}, ${stores.movement[0]}, ${movement}),
    (${offerId}, ${stores.shop}, 10)`);
}

async function quantities(offerId: number) {
  const rows = await queryRows<{ store_id: number; quantity: number }>(
    db(),
    sql`select store_id, quantity from stock where offer_id = ${offerId} order by store_id`,
  );
  return new Map(rows.map((r) => [Number(r.store_id), Number(r.quantity)]));
}

/** One order's stock step: every line or none, lines in ascending offer id. */
function order(lines: [offerId: number, quantity: number][]) {
  return unitOfWork(db()).run(async ({ stock }) => {
    for (const [offerId, quantity] of [...lines].sort((a, b) => a[0] - b[0])) {
      if (!(await stock.take(offerId, quantity))) throw new Error('NOT_ENOUGH_STOCK');
    }
  });
}

describe('taking stock for orders', () => {
  it('sells exactly the online and movement stock to 50 buyers at once, never below zero, never from a shop', async () => {
    const offer = (offers[0] as OfferFacts).id;
    await stockOf(offer, 3, 4);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => order([[offer, 1]])));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(7);
    // Every refusal is «not enough»: the rows are locked before planning, so no plan is made from stale counts.
    const reasons = results
      .filter((r) => r.status === 'rejected')
      .map((r) => String((r as PromiseRejectedResult).reason));
    expect(new Set(reasons)).toEqual(new Set(['Error: NOT_ENOUGH_STOCK']));
    const left = await quantities(offer);
    expect(left.get(stores.online)).toBe(0);
    expect(left.get(stores.movement[0] as number)).toBe(0);
    expect(left.get(stores.shop)).toBe(10);
  });

  it('takes every line of an order or none, and keeps 50 two-line orders out of each other’s way', async () => {
    const [a, b] = [(offers[1] as OfferFacts).id, (offers[2] as OfferFacts).id];
    await stockOf(a, 10, 0);
    await stockOf(b, 5, 0);
    // Lines come in either order: the repository's callers sort them, so no two orders lock in a circle.
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        order(
          i % 2
            ? [
                [b, 1],
                [a, 1],
              ]
            : [
                [a, 1],
                [b, 1],
              ],
        ),
      ),
    );
    const failures = results
      .filter((r) => r.status === 'rejected')
      .map((r) => String((r as PromiseRejectedResult).reason));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(new Set(failures)).toEqual(new Set(['Error: NOT_ENOUGH_STOCK']));
    expect((await quantities(a)).get(stores.online)).toBe(5);
    expect((await quantities(b)).get(stores.online)).toBe(0);
  });

  it('does not take from a store the offer is restricted from', async () => {
    const offer = (offers[3] as OfferFacts).id;
    await stockOf(offer, 2, 2);
    await db().execute(sql`insert into offer_restrictions (offer_id, store_id) values (${offer}, ${stores.online})`);
    await expect(order([[offer, 3]])).rejects.toThrow('NOT_ENOUGH_STOCK');
    await order([[offer, 2]]);
    const left = await quantities(offer);
    expect([left.get(stores.online), left.get(stores.movement[0] as number)]).toEqual([2, 0]);
  });

  it('puts released units back where they were taken', async () => {
    const offer = (offers[0] as OfferFacts).id;
    await stockOf(offer, 1, 2);
    const taken = await unitOfWork(db()).run(({ stock }) => stock.take(offer, 3));
    await unitOfWork(db()).run(({ stock }) => stock.release(taken ?? [], { kind: 'cancel' }));
    const left = await quantities(offer);
    expect([left.get(stores.online), left.get(stores.movement[0] as number)]).toEqual([1, 2]);
  });
});
