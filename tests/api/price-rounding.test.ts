import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { STAFF_API } from '../../contract/staff-api';
import { queryRows } from '../../db/client';
import { addStaff, STAFF_PASSWORD, staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

/** Issue 43.1: a shop that wants round prices makes them round when it sets them (`PRICE_ROUNDING`), not on display. */
let app: TestApp;
let merch: Awaited<ReturnType<typeof staffBrowser>>;

beforeAll(async () => {
  app = await createTestApp({ PRICE_ROUNDING: 'tens-down' });
  await addStaff(app, { email: 'round@vyuga.test', role: 'merchandiser' });
  merch = await staffBrowser(app);
  expect((await merch.login({ email: 'round@vyuga.test', password: STAFF_PASSWORD })).status).toBe(200);
});
afterAll(() => app.close());

describe('PRICE_ROUNDING=tens-down', () => {
  it('stores a price the back office sets rounded down to tens, and the shop reads that price', async () => {
    const [offer] = await queryRows<{ id: number; product_id: number }>(
      app.database.db,
      sql`select o.id, o.product_id from offers o join products p on p.id = o.product_id where p.active
        order by o.id limit 1`,
    );
    const res = await merch.call(STAFF_API.offerPrice.replace(':id', String(offer?.id)), {
      price: '1 719,50',
      oldPrice: 5999,
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data.offer).toMatchObject({ price: 1710, oldPrice: 5990 });
    const got = (await (await app.fetch(`${API.productGet}?id=${offer?.product_id}`)).json()).data;
    expect(got.offers.find((o: { id: number }) => o.id === Number(offer?.id))).toMatchObject({
      price: 171_000,
      oldPrice: 599_000,
    });
  });
});
