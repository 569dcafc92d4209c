import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { queryRows } from '../../db/client';
import { parseCsv } from '../../server/catalog-io/sheets';
import { ignorePoolErrorsOnClose } from '../support/basket-offers';
import { addStaff, loggedInStaff, type StaffBrowser } from '../support/staff';
import { createTestApp, SHOP_ORIGIN, type TestApp } from '../support/test-app';

/**
 * Issue 47.5, new products: an import of 20 000 rows of which 2 000 create products (1 000 articles of two colours)
 * and 18 000 change existing offers (every price, the first store's stock) applies in under a minute, all or nothing,
 * with an audit entry per product created or changed. PostgreSQL only (vitest.config.ts): on the embedded database the
 * same import takes about 90 s (the new products' stock and prices refresh their facets product by product; README),
 * and a shop that imports in bulk runs on PostgreSQL.
 */
const ROWS = 20_000;
const NEW = 2_000;
const EXISTING = ROWS - NEW;
let app: TestApp;
let owner: StaffBrowser;
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(app.database.db, query);

beforeAll(async () => {
  app = await createTestApp({ WRITE_LIMIT_PER_SESSION: '10000', WRITE_LIMIT_PER_CLIENT: '10000' });
  ignorePoolErrorsOnClose(app.database.db);
  await addStaff(app, { email: 'owner@io20k-new.test', role: 'owner' });
  owner = await loggedInStaff(app, 'owner@io20k-new.test');
  const [have] = await rows<{ n: number }>(sql`select count(*)::int as n from offers`);
  const missing = EXISTING - Number(have?.n);
  // More sizes of the demo products (no 1C's among them), priced as the first ones.
  if (missing > 0)
    await app.database.db.execute(sql`insert into offers (product_id, size_name, size_sort, price, old_price)
      select o.product_id, o.size_name || '/' || g, o.size_sort * 100 + g, o.price, null
      from offers o cross join generate_series(1, 40) g order by g, o.id limit ${missing}`);
}, 300_000);
afterAll(() => app.close());

it(`applies ${ROWS} rows, ${NEW} of them new products, in under a minute, in one go`, async () => {
  const exported = await owner.get(STAFF_API.catalogExportCsv);
  const table = parseCsv(await exported.text()).slice(0, EXISTING + 1);
  const head = [...(table[0] as string[]), 'Раздел', 'Бренд'];
  expect(table.length - 1).toBe(EXISTING);
  const price = head.indexOf('Цена');
  const old = head.indexOf('Старая цена');
  const stock = head.findIndex((h) => h.startsWith('Остаток: '));
  const changed = table.map((r, i) => {
    if (i === 0) return head;
    const next = [...r, '', ''];
    next[price] = String(1000 + (i % 500));
    next[old] = '';
    next[stock] = String(i % 7);
    return next;
  });
  const [section] = await rows<{ id: number }>(
    sql`select s.id from sections s where not exists (select 1 from sections c where c.parent_id = s.id)
      and s.depth > 1 order by s.id limit 1`,
  );
  const [brand] = await rows<{ id: number }>(sql`select id from brands order by id limit 1`);
  const colours = await rows<{ code: string }>(sql`select code from colors order by sort, code limit 2`);
  const at = (title: string) => head.indexOf(title);
  for (let n = 0; n < NEW; n++) {
    const row = head.map(() => '');
    row[at('Артикул')] = `BULK-${Math.floor(n / 2)}`;
    row[at('Название')] = `Товар из файла ${Math.floor(n / 2)}`;
    row[at('Раздел')] = String(section?.id);
    row[at('Бренд')] = String(brand?.id);
    row[at('Цвет')] = colours[n % 2]?.code ?? '';
    row[at('Размер')] = 'M';
    row[price] = String(2000 + n);
    row[stock] = '4';
    changed.push(row);
  }
  const csv = `\uFEFF${changed.map((r) => r.map((c) => (/[;"]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(';')).join('\r\n')}`;
  const form = new FormData();
  form.set('sessid', owner.sessid);
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'catalog-20k-new.csv');

  const products = Number((await rows<{ n: number }>(sql`select count(*)::int as n from products`))[0]?.n);
  const started = performance.now();
  const res = await app.fetch(STAFF_API.catalogImport, {
    method: 'POST',
    headers: { cookie: owner.cookie, origin: SHOP_ORIGIN },
    body: form,
  });
  expect(res.status, (await res.clone().text()).slice(0, 500)).toBe(200);
  const preview = (
    (await res.json()) as {
      data: { preview: { token: string; counts: { rows: number; products: number; newProducts: number } } };
    }
  ).data.preview;
  const previewed = performance.now();
  expect(preview.counts).toMatchObject({ rows: ROWS, newProducts: NEW });
  const applied = await owner.call(STAFF_API.catalogImportApply, { token: preview.token });
  expect(applied.status, (await applied.clone().text()).slice(0, 500)).toBe(200);
  const done = performance.now();
  const seconds = (done - started) / 1000;
  console.log(
    `catalogue import of ${ROWS} rows, ${NEW} new products (${(csv.length / 1e6).toFixed(1)} MB): preview ${((previewed - started) / 1000).toFixed(1)} s, apply ${((done - previewed) / 1000).toFixed(1)} s, ${seconds.toFixed(1)} s in all`,
  );
  expect(seconds).toBeLessThan(60);

  const [made] = await rows<{ n: number; live: number; stocked: number }>(
    sql`select count(*)::int as n, count(*) filter (where p.active)::int as live,
        (select count(*)::int from stock k join offers o on o.id = k.offer_id join products q on q.id = o.product_id
          where q.article like 'BULK-%' and k.quantity = 4) as stocked
      from products p where p.article like 'BULK-%'`,
  );
  expect(made).toEqual({ n: NEW, live: NEW, stocked: NEW });
  expect(Number((await rows<{ n: number }>(sql`select count(*)::int as n from products`))[0]?.n)).toBe(products + NEW);
  const entries = await rows<{ action: string; n: number }>(
    sql`select action, count(*)::int as n from audit_log
      where action in ('catalog.import', 'product.create', 'catalog.import_product') group by action order by action`,
  );
  expect(entries).toEqual([
    { action: 'catalog.import', n: 1 },
    { action: 'catalog.import_product', n: preview.counts.products },
    { action: 'product.create', n: NEW },
  ]);
}, 300_000);
