import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { queryRows } from '../../db/client';
import { onSaleSql } from '../../db/repositories/on-sale';
import { isOnSale, SALE_FACTS, type SaleFacts } from '../../domain/catalog/on-sale';
import { addStaff, STAFF_PASSWORD, staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Whether a product is on sale is one rule (domain/catalog/on-sale.ts): the SQL that sets `products.active` is built
 * from it and answers as it does for every combination of the facts; between 1C and the staff, 1C's deletion wins
 * and the staff's own hold stays.
 */

let app: TestApp;
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(app.database.db, query);

beforeAll(async () => {
  app = await createTestApp();
  await addStaff(app, { email: 'merch@shop.test', role: 'merchandiser' });
});
afterAll(() => app.close());

describe('the on-sale rule', () => {
  it('is answered the same by the domain and by the SQL built from it, for every combination of the facts', async () => {
    const combos: SaleFacts[] = [];
    for (let mask = 0; mask < 2 ** SALE_FACTS.length; mask++)
      combos.push(
        Object.fromEntries(SALE_FACTS.map((fact, i) => [fact, Boolean(mask & (1 << i))])) as unknown as SaleFacts,
      );
    for (const facts of combos) {
      const [row] = await rows<{ live: boolean }>(
        sql`select ${onSaleSql({
          deletedBy1C: sql`${facts.deletedBy1C}::boolean`,
          priced: sql`${facts.priced}::boolean`,
          unpublished: sql`${facts.unpublished}::boolean`,
        })} as live`,
      );
      expect(row?.live, JSON.stringify(facts)).toBe(isOnSale(facts));
    }
    expect(combos.filter(isOnSale)).toEqual([{ deletedBy1C: false, priced: true, unpublished: false }]);
  });

  it('keeps a product 1C deleted off sale: the staff’s publishing is refused with the reason', async () => {
    const [product] = await rows<{ id: number; section_id: number; brand_id: number }>(
      sql`select id, section_id, brand_id from products where active order by id limit 1`,
    );
    const id = Number(product?.id);
    await app.database.db.execute(sql`insert into exchange_products
        (onec_id, name, article, description, section_id, brand_id, props, images, deleted)
      values ('gone-1', 'Удалённый в 1С', 'G-1', '', ${product?.section_id}, ${product?.brand_id}, '{}'::jsonb, '{}', true)`);
    await app.database.db.execute(sql`insert into exchange_variants (onec_product_id, color_code, product_id)
      values ('gone-1', 'black', ${id})`);
    await app.database.db.execute(sql`update products set active = false where id = ${id}`);
    const merch = await staffBrowser(app);
    await merch.login({ email: 'merch@shop.test', password: STAFF_PASSWORD });
    const res = await merch.call(STAFF_API.product.replace(':id', String(id)), { published: true });
    expect(res.status).toBe(409);
    expect((await res.json()).errors[0].code).toBe('DELETED_IN_1C');
    expect((await rows<{ active: boolean }>(sql`select active from products where id = ${id}`))[0]?.active).toBe(false);
  });

  it('keeps the staff’s hold: a product taken off the site by hand stays off through a price change', async () => {
    const [row] = await rows<{ id: number; offer_id: number }>(
      sql`select p.id, o.id as offer_id from products p join offers o on o.product_id = p.id
        where p.active and not exists (select 1 from exchange_variants v where v.product_id = p.id)
        order by p.id desc limit 1`,
    );
    const merch = await staffBrowser(app);
    await merch.login({ email: 'merch@shop.test', password: STAFF_PASSWORD });
    const product = STAFF_API.product.replace(':id', String(row?.id));
    expect((await merch.call(product, { published: false })).status).toBe(200);
    expect((await merch.call(STAFF_API.offerPrice.replace(':id', String(row?.offer_id)), { price: 5555 })).status).toBe(
      200,
    );
    const [after] = await rows<{ active: boolean; unpublished: boolean }>(
      sql`select active, unpublished from products where id = ${row?.id}`,
    );
    expect(after).toEqual({ active: false, unpublished: true });
    expect((await merch.call(product, { published: true })).status).toBe(200);
    expect((await rows<{ active: boolean }>(sql`select active from products where id = ${row?.id}`))[0]?.active).toBe(
      true,
    );
  });
});
