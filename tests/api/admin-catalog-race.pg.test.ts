import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { queryRows } from '../../db/client';
import { ignorePoolErrorsOnClose } from '../support/basket-offers';
import { addStaff, STAFF_PASSWORD, staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

// PostgreSQL only (vitest.config.ts): its pool runs the price changes side by side. Each size's new price commits
// with the product's lowest price; whatever order they land in, the product ends with the lowest of its sizes.
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
  ignorePoolErrorsOnClose(app.database.db);
  await addStaff(app, { email: 'merch.race@vyuga.test', role: 'merchandiser' });
});
afterAll(() => app.close());

it('prices of every size of a product changed at once, and a bulk change with them: the product’s lowest price is right', async () => {
  const [product] = await queryRows<{ id: number; code: string }>(
    app.database.db,
    sql`select p.id, p.code from products p where (select count(*) from offers o where o.product_id = p.id) >= 5
      order by p.id limit 1`,
  );
  const offers = await queryRows<{ id: number }>(
    app.database.db,
    sql`select id from offers where product_id = ${product?.id} order by id`,
  );
  const members = await Promise.all(
    Array.from({ length: 4 }, async () => {
      const b = await staffBrowser(app);
      expect((await b.login({ email: 'merch.race@vyuga.test', password: STAFF_PASSWORD })).status).toBe(200);
      return b;
    }),
  );
  for (let round = 0; round < 20; round++) {
    const calls = offers.map((o, i) =>
      (members[i % members.length] as (typeof members)[number]).call(
        STAFF_API.offerPrice.replace(':id', String(o.id)),
        { price: 1000 + ((i * 7 + round * 13) % 50) * 10 },
      ),
    );
    calls.push(
      (members[0] as (typeof members)[number]).call(STAFF_API.productPrices, {
        filter: { q: product?.code },
        kind: 'amount',
        value: -3,
        apply: true,
      }),
    );
    const answers = await Promise.all(calls);
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    const [check] = await queryRows<{ min_price: string; lowest: string }>(
      app.database.db,
      sql`select p.min_price, (select min(o.price) from offers o where o.product_id = p.id) as lowest
        from products p where p.id = ${product?.id}`,
    );
    expect(Number(check?.min_price)).toBe(Number(check?.lowest));
  }
});
