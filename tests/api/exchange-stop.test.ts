import { type SQL, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readSettings } from '../../config/settings';
import { type Database, openDatabase, queryRows } from '../../db/client';
import { BATCH } from '../../domain/exchange/catalogue-import';
import { type CataloguePackage, writePackage } from '../../server/exchange/commerceml/write-package';
import { createShopApp } from '../../server/shop';
import { addOnecAccount, ONEC_LOGIN } from '../support/onec-catalogue';
import { type OnecAnswer, onecClient } from '../support/onec-client';
import { createTestApp, SHOP_ORIGIN, type TestApp } from '../support/test-app';

/**
 * A 1C import step when the process stops (issue 45.3). The step is given all the time it may take
 * (`EXCHANGE_STEP_SECONDS` at its most), so only the stop can end it early: the process is told it is stopping — the
 * readiness' `stop()`, as `shutDown` does at SIGTERM — while the step writes its batches. 1C is answered `progress`,
 * what is written ends at a batch's boundary with every offer whole, and 1C's repeat of the step, answered by the
 * process that takes over (the same data folder and database), finishes the file.
 */
const STEP_SECONDS = '600';
const PRODUCTS = 500;
const SIZES = 6;
/** Six batches of offers: the stop comes after the first is written, long before the last. */
const OFFERS = PRODUCTS * SIZES;

let app: TestApp;
let stores: [string, string];
let next: { fetch: TestApp['fetch']; close(): Promise<void> } | undefined;

const rows = <T>(query: SQL) => queryRows<T>(app.database.db, query);

beforeAll(async () => {
  app = await createTestApp({ EXCHANGE_STEP_SECONDS: STEP_SECONDS });
  await addOnecAccount(app);
  const shops = await rows<{ code: string }>(sql`select code from stores where type = 'shop' order by id limit 2`);
  stores = shops.map((s) => s.code) as [string, string];
});
afterAll(async () => {
  await next?.close();
  await app.close();
});

const productId = (i: number) => `stop-p${i}`;
const offerId = (i: number, j: number) => `${productId(i)}#s${j}`;
const priceOf = (i: number, j: number) => 100_000 + i * 100 + j;
const stockOf = (i: number, j: number): [string, number][] => [
  [stores[0], (i + j) % 4],
  [stores[1], 1 + (j % 2)],
];

function bigPackage(): CataloguePackage {
  return {
    groups: [{ id: 'stop-g', name: 'Куртки из 1С', parentId: null, deleted: false }],
    properties: [],
    products: Array.from({ length: PRODUCTS }, (_, i) => ({
      id: productId(i),
      name: `Куртка «Остановка ${i}»`,
      article: `ST-${i}`,
      description: '',
      groupIds: ['stop-g'],
      properties: [],
      requisites: [],
      images: [],
      deleted: false,
    })),
    priceTypes: [{ id: 'stop-retail', name: 'Розничная', currency: 'RUB' }],
    warehouses: stores.map((code, n) => ({ id: code, name: `Магазин ${n + 1}` })),
    offers: (function* () {
      for (let i = 0; i < PRODUCTS; i++)
        for (let j = 0; j < SIZES; j++) {
          const stock = stockOf(i, j);
          yield {
            id: offerId(i, j),
            name: null,
            characteristics: [
              { name: 'Размер', value: String(40 + 2 * j) },
              { name: 'Цвет', value: 'Чёрный' },
            ],
            prices: [{ priceTypeId: 'stop-retail', kopecks: priceOf(i, j), currency: 'RUB' }],
            quantity: stock.reduce((s, [, q]) => s + q, 0),
            stock: stock.map(([warehouseId, quantity]) => ({ warehouseId, quantity })),
            deleted: false,
          };
        }
    })(),
  };
}

/** The package's offers in the shop: price and stock by store, by 1C's `Ид`. */
async function importedOffers() {
  const found = await rows<{ onec_id: string; price: number; store: string | null; quantity: number | null }>(
    sql`select x.onec_id, o.price::int as price, st.code as store, k.quantity::int as quantity
      from exchange_offers x join offers o on o.id = x.offer_id
      left join stock k on k.offer_id = x.offer_id left join stores st on st.id = k.store_id
      where x.onec_id like 'stop-p%'`,
  );
  const byId = new Map<string, { price: number; stock: Record<string, number> }>();
  for (const r of found) {
    const offer = byId.get(r.onec_id) ?? { price: Number(r.price), stock: {} };
    if (r.store !== null && Number(r.quantity) > 0) offer.stock[r.store] = Number(r.quantity);
    byId.set(r.onec_id, offer);
  }
  return byId;
}

/** Every offer there is as the package says: its price and its stock in each store. */
function expectWhole(offers: Awaited<ReturnType<typeof importedOffers>>) {
  for (const [id, offer] of offers) {
    const [, i, j] = /^stop-p(\d+)#s(\d+)$/.exec(id)?.map(Number) ?? [];
    if (i === undefined || j === undefined) throw new Error(`not of the package: ${id}`);
    const stock = Object.fromEntries(stockOf(i, j).filter(([, q]) => q > 0));
    expect({ id, ...offer }).toEqual({ id, price: priceOf(i, j), stock });
  }
}

const logOf = (file: string) =>
  rows<{ status: string; position: number }>(
    sql`select status, position::int as position from exchange_log where file_name = ${file} order by id desc limit 1`,
  );

/** A second shop process on the same database and data folder: the one 1C reaches after the stop. */
async function takeOver(): Promise<NonNullable<typeof next>> {
  const database: Database = app.databaseUrl
    ? await openDatabase({ databaseUrl: app.databaseUrl, poolSize: 4 })
    : app.database; // the embedded database is one process's: the restarted one opens the same data
  const settings = readSettings({
    DATA_DIR: app.dataDir,
    DATABASE_URL: app.databaseUrl ?? '',
    LOG_LEVEL: 'silent',
    SITE_URL: SHOP_ORIGIN,
    PHOTO_SIZES_AHEAD: 'off',
    EXCHANGE_STEP_SECONDS: STEP_SECONDS,
  });
  const shop = await createShopApp({ settings, database, secret: 'test-secret', logger: pino({ level: 'silent' }) });
  return {
    fetch: (p, init) => Promise.resolve(shop.app.fetch(new Request(new URL(p, SHOP_ORIGIN), init))),
    async close() {
      shop.metrics.close();
      await shop.push.close();
      await shop.stopListening();
      await shop.outbox.stop();
      if (database !== app.database) await database.close();
    },
  };
}

it('a stop in the middle of an import step answers progress at a batch boundary, and the repeat elsewhere finishes it', async () => {
  const { importXml, offersXml } = writePackage(bigPackage());
  // 1C talks to whichever process is behind the address: this one, then the one that takes over.
  let shop: { fetch: TestApp['fetch'] } = app;
  const onec = onecClient({ fetch: (p, init) => shop.fetch(p, init) }, 'catalog', ONEC_LOGIN);
  expect((await onec.checkauth()).lines[0]).toBe('success');
  await onec.send('init');
  for (const [name, data] of [
    ['import.xml', importXml],
    ['offers.xml', offersXml],
  ] as const)
    for (const a of await onec.upload(name, data, 2)) expect(a.lines[0]).toBe('success');
  const products = await onec.importFile('import.xml');
  expect(products.map((a) => a.lines[0])).toEqual(['success']);

  // The offers' step runs; once its first batch is written the process is told to stop, as SIGTERM does.
  const running = onec.send('import', { filename: 'offers.xml' });
  let answered: OnecAnswer | undefined;
  running.then(
    (a) => {
      answered = a;
    },
    () => {},
  );
  for (;;) {
    const [log] = await logOf('offers.xml');
    if ((log?.position ?? 0) > 0 || answered) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  expect(answered, 'the step ended before the stop').toBeUndefined();
  app.ops.readiness.stop();
  const stopped = await running;

  // 1C sees `progress`, not `failure`: it repeats the step.
  expect(stopped.status).toBe(200);
  expect(stopped.lines[0], stopped.lines.join('\n')).toBe('progress');
  const position = Number(/записано записей (\d+)/.exec(stopped.lines[1] ?? '')?.[1]);
  // The file's records: the package, its price type, its two stores, then the offers.
  const head = 1 + 1 + 2;
  const total = head + OFFERS;
  expect(position).toBeGreaterThan(head);
  expect(position).toBeLessThan(total);
  const [log] = await logOf('offers.xml');
  expect(log).toEqual({ status: 'progress', position });

  // What is written ends at a batch's boundary, and every offer of it is whole: its price and stock in each store.
  const written = await importedOffers();
  expect(written.size).toBe(position - head);
  expect(written.size % BATCH.offers).toBe(0);
  for (let n = 0; n < written.size; n++)
    expect(written.has(offerId(Math.floor(n / SIZES), n % SIZES)), `offer ${n}`).toBe(true);
  expectWhole(written);

  // 1C repeats the step; the process that took over (its own readiness, not stopping) finishes the file.
  next = await takeOver();
  shop = next;
  const rest = await onec.importFile('offers.xml');
  expect(rest.at(-1)?.lines[0], rest.at(-1)?.lines.join('\n')).toBe('success');
  expect(rest.at(-1)?.lines[1]).toBe(`Файл offers.xml загружен: записей ${total}.`);
  for (const a of [await onec.send('deactivate'), await onec.send('complete')]) expect(a.lines[0]).toBe('success');

  const all = await importedOffers();
  expect(all.size).toBe(OFFERS);
  expectWhole(all);
  const [counts] = await rows<{ products: number; pending: number }>(
    sql`select (select count(*)::int from exchange_products where onec_id like 'stop-p%' and not deleted) as products,
      (select count(*)::int from exchange_pending_offers where onec_id like 'stop-p%') as pending`,
  );
  expect(counts).toEqual({ products: PRODUCTS, pending: 0 });
});
