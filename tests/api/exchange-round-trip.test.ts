import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { readShopCatalogue } from '../../db/repositories/exchange-export';
import { writePackage } from '../../server/exchange/commerceml/write-package';
import { exportPackage } from '../../server/exchange/export-catalogue';
import { FILE_LIMIT } from '../../server/exchange/files';
import { bootstrapStaff } from '../../server/staff-bootstrap';
import { type OnecAnswer, onecClient } from '../support/onec-client';
import { createTestApp, type TestApp } from '../support/test-app';

// biome-ignore lint/suspicious/noExplicitAny: the answers are read field by field
type Json = any;

const credentials = { login: '1c-round-trip', password: 'Круговой-обмен-2026' };

let original: TestApp;
let empty: TestApp;

beforeAll(async () => {
  [original, empty] = await Promise.all([createTestApp(), createTestApp()]);
  // A shop with its cities, stores, sections, brands and colours, and no products yet.
  await empty.database.db.execute(sql`delete from stock`);
  await empty.database.db.execute(sql`delete from offer_restrictions`);
  await empty.database.db.execute(sql`delete from product_images`);
  await empty.database.db.execute(sql`delete from offers`);
  await empty.database.db.execute(sql`delete from products`);
  await bootstrapStaff({
    services: empty.services,
    settings: { EXCHANGE_LOGIN: credentials.login, EXCHANGE_PASSWORD: credentials.password },
    log: { info() {}, warn() {} },
  });
}, 60_000);
afterAll(async () => {
  await original?.close();
  await empty?.close();
});

async function json(app: TestApp, path: string): Promise<Json> {
  const res = await app.fetch(path);
  expect(res.status, path).toBe(200);
  return res.json();
}

/**
 * The listing as a shopper reads it, every page of every top section: per colour variant its name, brand, colour and
 * price, per size its price, old price, the stores the listing says have it and the quantity in each (by the store's
 * code). Sorted: a listing's order follows popularity, which 1C does not send.
 */
async function listing(app: TestApp): Promise<string[]> {
  const quantities = new Map<number, string[]>();
  for (const r of await queryRows<{ offer_id: number; code: string; quantity: number }>(
    app.database.db,
    sql`select s.offer_id, st.code, s.quantity from stock s join stores st on st.id = s.store_id
    where s.quantity > 0 order by st.code`,
  ))
    quantities.set(Number(r.offer_id), [...(quantities.get(Number(r.offer_id)) ?? []), `${r.code}×${r.quantity}`]);
  const codes = new Map(
    (await queryRows<{ id: number; code: string }>(app.database.db, sql`select id, code from stores`)).map((s) => [
      Number(s.id),
      s.code,
    ]),
  );
  const roots = (await json(app, '/api/v2/catalog/section/list/')).data.items.filter((s: Json) => s.parent == null);
  const lines: string[] = [];
  for (const root of roots) {
    for (let page = 1; ; page++) {
      const { data } = await json(
        app,
        `/api/v2/catalog/product/list/?${new URLSearchParams({ section: root.url, page: String(page) })}`,
      );
      const availability = new Map<number, Json>(data.availabilityOffers.map((a: Json) => [a.id, a]));
      for (const item of data.items) {
        const sizes = data.offers
          .filter((o: Json) => o.itemId === item.id)
          .map((o: Json) => {
            const listed = Object.keys(availability.get(o.id)?.stores ?? {})
              .map((id) => codes.get(Number(id)))
              .sort();
            const stock = (quantities.get(o.id) ?? []).join(',');
            return `${o.sizeName} ${o.price}/${o.oldPrice ?? '-'} в наличии ${availability.get(o.id)?.quantity ?? 0} [${listed.join(',')}] {${stock}}`;
          })
          .sort();
        lines.push(
          `${item.name} | ${item.brandName} | ${item.color.name} | ${item.price}/${item.oldPrice ?? '-'} | ${sizes.join('; ')}`,
        );
      }
      if (page >= data.navigation.pageCount) break;
    }
  }
  return lines.sort();
}

/** A whole catalogue session as 1C runs it: the files in chunks, each imported until `success`. */
async function session(app: TestApp, files: { importXml: Buffer; offersXml: Buffer }): Promise<OnecAnswer[]> {
  const onec = onecClient(app, 'catalog', credentials);
  const answers = [await onec.checkauth(), await onec.send('init')];
  expect(answers[1]?.lines).toContain(`file_limit=${FILE_LIMIT}`);
  // Chunks well below file_limit, so that every file comes in several.
  answers.push(...(await onec.uploadInChunks('import.xml', files.importXml, 64 * 1024)));
  answers.push(...(await onec.uploadInChunks('offers.xml', files.offersXml, 64 * 1024)));
  for (const name of ['import.xml', 'offers.xml']) {
    const steps = await onec.importFile(name, 1000);
    expect(steps.at(-1)?.lines[0], steps.at(-1)?.lines.join('\n')).toBe('success');
    answers.push(...steps);
  }
  answers.push(await onec.send('deactivate'), await onec.send('complete'));
  return answers;
}

describe('the 1C round trip: the catalogue exported, imported into an empty shop', () => {
  it('gives the same listing: names, brands, colours, sizes, prices, old prices and stock by store', async () => {
    const before = await listing(original);
    expect(before.length).toBeGreaterThan(100);
    expect(await listing(empty)).toEqual([]);
    const shop = await readShopCatalogue(original.database.db);
    // The test shops render no photos, so the package names none.
    const files = writePackage(exportPackage(shop, { imageExists: () => false }), { encoding: 'windows-1251' });
    expect(files.importXml.length).toBeGreaterThan(64 * 1024);

    for (const answer of await session(empty, files)) {
      expect(answer.status).toBe(200);
      expect(answer.lines[0], answer.lines.join('\n')).not.toBe('failure');
    }
    expect(await listing(empty)).toEqual(before);

    // The same package again changes nothing, and the answers to 1C say so.
    const again = await session(empty, files);
    const counts = again.filter((a) => a.lines[1]?.startsWith('Файл ')).map((a) => a.lines[2]);
    expect(counts).toHaveLength(2);
    for (const line of counts)
      expect(line).toMatch(/товаров \+0\/~0\/−0, предложений \+0\/~0, цен ~0, остатков ~0\/−0/);
    expect(await listing(empty)).toEqual(before);
  }, 240_000);
});
