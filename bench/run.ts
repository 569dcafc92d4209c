import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { count, sql } from 'drizzle-orm';
import { type Database, openDatabase, queryRows } from '../db/client';
import { prepareDatabase } from '../db/bootstrap';
import { products } from '../db/schema';
import { buildCatalog } from '../db/seed/catalog';
import { seedCatalog } from '../db/seed/seed';
import { basketOffers, basketRows } from './basket';
import { BENCH_EXCHANGE, exchangePackage, exchangeRows } from './exchange-import';
import { lighthouseRows } from './lighthouse';
import { LEAF, listingQueryRows } from './listing';
import { orderRows, orderVisitors } from './order';
import { relatedRows } from './related';
import { type BenchPage, pageRows } from './pages';
import { roundTripBaseline } from './round-trips';
import { startShop } from './shop-process';
import type { BenchRow } from './types';

/** Lighthouse scores the home, section and product pages. */
const lighthousePages = (pages: BenchPage[]) => pages.filter((p) => ['home', 'section', 'product'].includes(p.name));

/**
 * `npm run bench [-- --products 20000 --pg --pg-only --lighthouse]`: the shop started as production starts it, in its own
 * process(es), loaded by autocannon from a process of its own, beside static baselines (a bare node:http process
 * serving the same bytes) measured in the same run. Pages cold (page cache off) and warm; PGlite always, PostgreSQL
 * with --pg (also 1 and 2 processes, and the 1C catalogue import); Lighthouse with --lighthouse. `--only` names the
 * parts to run (listing, pages, basket, order, workers, exchange); the PostgreSQL-only ones alone skip PGlite.
 */
const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    products: { type: 'string' },
    pg: { type: 'boolean' },
    'pg-only': { type: 'boolean' },
    lighthouse: { type: 'boolean' },
    only: { type: 'string' },
  },
});
const productCount = Number(values.products ?? 20_000);
const seed = 20261121;
// Another size seeds a folder of its own (data/bench-200000/), so the 20 000-product one is kept for the next run.
const benchDir = path.join(root, 'data', productCount === 20_000 ? 'bench' : `bench-${productCount}`);
const wants = (part: string) => !values.only || values.only.split(',').includes(part);
/** Parts measured on PostgreSQL only: `--only` with nothing else needs no PGlite run and implies --pg. */
const PG_ONLY = ['workers', 'exchange'];
// `--pg-only` skips PGlite too: seeding it with 200 000 products takes longer than the PostgreSQL run.
const pgOnly = Boolean(values['pg-only']) || Boolean(values.only?.split(',').every((part) => PG_ONLY.includes(part)));
/** Whether any part that loads the pages runs (the exchange alone needs neither them nor the photos). */
const loads = ['listing', 'pages', 'basket', 'order', 'workers'].some(wants) || Boolean(values.lighthouse);
const pgUrl = process.env.DATABASE_URL || (values.pg || pgOnly ? 'postgres://postgres@127.0.0.1:5432/postgres' : '');
// Every visitor of the load comes from 127.0.0.1: the write limits are lifted so the bench measures the shop (the
// counting still runs on every call), not the limiter's refusals.
const shopEnv = {
  DATA_DIR: benchDir,
  SEED_PRODUCTS: String(productCount),
  WRITE_LIMIT_PER_SESSION: '1000000000',
  WRITE_LIMIT_PER_CLIENT: '1000000000',
  NEW_SESSIONS_PER_CLIENT: '1000000000',
  ORDERS_PER_PHONE_DAY: '1000000',
  // The loads measure pages and calls, not the background making 30 000 photos' sizes beside them; the photos the
  // Lighthouse pages show are asked for once before their fresh starts instead (`photosOf`).
  PHOTO_SIZES_AHEAD: 'off',
};

if (!existsSync(path.join(root, 'build/server/index.js'))) {
  console.error('Нет сборки: выполните npm run build');
  process.exit(1);
}

async function ensureCatalog(database: Database): Promise<string> {
  await database.migrate();
  const [row] = await database.db.select({ n: count() }).from(products);
  if (row?.n !== productCount) {
    console.log(`заполняю каталог на ${productCount} товаров (${database.kind})…`);
    const started = Date.now();
    await seedCatalog(database.db, buildCatalog({ seed, products: productCount }), {
      log: (m) => console.log(`  ${m}`),
    });
    console.log(`  каталог построен и заполнен за ${Math.round((Date.now() - started) / 1000)} с`);
  }
  const { secret } = await prepareDatabase(database, {
    seed,
    products: productCount,
    log: () => {},
  });
  return secret;
}

/** What the pages' rows load: a product in stock and the filtered section, read before the shop starts. */
async function benchPages(database: Database, filteredPath: string): Promise<BenchPage[]> {
  const [product] = await queryRows<{ url: string }>(
    database.db,
    sql`select p.url from products p where p.active and exists (
      select 1 from offers o join stock s on s.offer_id = o.id where o.product_id = p.id and s.quantity > 0)
    order by p.popularity desc, p.id limit 1`,
  );
  return [
    { name: 'home', path: '/' },
    { name: 'section', path: LEAF },
    { name: 'section, 3 filters and a sort', path: filteredPath },
    { name: 'product', path: product?.url ?? '/' },
    { name: 'search', path: `/search/?q=${encodeURIComponent('пуховик')}` },
  ];
}

/**
 * Every photo `path` shows, in the sizes its srcsets offer, as Chromium asks for them (AVIF): made and kept once, as a
 * shop running for a while has them (made when they arrived), before Lighthouse's fresh starts.
 */
async function photosOf(baseURL: string, path: string) {
  const html = await (await fetch(`${baseURL}${path}`)).text();
  const urls = new Set([...html.matchAll(/\/images\/[^"\s,]+/g)].map(([url]) => url.replace(/&amp;/g, '&')));
  for (const url of urls)
    await (await fetch(`${baseURL}${url}`, { headers: { accept: 'image/avif,image/webp,*/*' } })).arrayBuffer();
}

async function newVisitor(baseURL: string) {
  // As a browser after its first page: the visitor state call gives the session cookie and the sessid.
  const res = await fetch(`${baseURL}/api/v2/user/state/`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const { sessid } = ((await res.json()) as { data: { sessid: string } }).data;
  return { cookie, sessid };
}

/**
 * The 1C catalogue import (bench/exchange-import.ts) on its own shop process, after the loads: a full package
 * unpublishes the seeded products it does not name.
 */
async function exchangeOn(database: Database, databaseUrl: string): Promise<BenchRow[]> {
  await ensureCatalog(database);
  const pkg = await exchangePackage(database.db);
  const shop = await startShop({
    ...shopEnv,
    DATABASE_URL: databaseUrl,
    WORKERS: '1',
    EXCHANGE_LOGIN: BENCH_EXCHANGE.login,
    EXCHANGE_PASSWORD: BENCH_EXCHANGE.password,
  });
  try {
    return await exchangeRows(shop, pkg);
  } finally {
    await shop.stop();
  }
}

async function runOn(database: Database, databaseUrl?: string): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  if (!loads) return rows;
  const secret = await ensureCatalog(database);
  const listing = await listingQueryRows(database.db, productCount);
  if (wants('listing')) rows.push(...listing.rows);
  // Issue 44.3: what the product page's rows cost the server (they load after the page).
  if (wants('listing')) rows.push(...(await relatedRows(database.db, productCount)));
  const pages = await benchPages(database, listing.filteredPath);
  const offers = await basketOffers(database.db);
  const buyers = wants('order') ? await orderVisitors(database.db, secret) : [];
  // The embedded database serves one process: the shop's, from here on.
  if (database.kind === 'pglite') await database.close();
  const env = { ...shopEnv, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const memory: string[] = [];

  for (const cache of ['off', 'on'] as const) {
    const needed = wants('pages') || (cache === 'on' && (wants('basket') || buyers.length > 0 || values.lighthouse));
    if (!needed) continue;
    const shop = await startShop({ ...env, PAGE_CACHE: cache, WORKERS: '1' });
    try {
      const label = cache === 'off' ? 'cold (page cache off)' : 'warm';
      if (wants('pages')) rows.push(...(await pageRows(shop.baseURL, pages, label)));
      if (cache === 'on') {
        // On PostgreSQL each write-path call is measured beside a bare route making as many round trips.
        const baseline =
          databaseUrl && (wants('basket') || buyers.length > 0) ? await roundTripBaseline(databaseUrl) : null;
        try {
          if (wants('basket'))
            rows.push(...(await basketRows(shop.baseURL, offers, () => newVisitor(shop.baseURL), baseline)));
          if (buyers.length > 0) rows.push(...(await orderRows(shop, buyers, baseline)));
        } finally {
          baseline?.stop();
        }
        if (values.lighthouse && database.kind === 'pglite')
          for (const page of lighthousePages(pages)) await photosOf(shop.baseURL, page.path);
      }
      memory.push(`${label}: RSS ${shop.rssMiB()} MiB`);
    } finally {
      await shop.stop();
    }
  }
  if (values.lighthouse && database.kind === 'pglite')
    rows.push(
      ...(await lighthouseRows(() => startShop({ ...env, PAGE_CACHE: 'on', WORKERS: '1' }), lighthousePages(pages))),
    );
  if (databaseUrl && wants('workers')) {
    const section = pages.filter((p) => p.path === LEAF);
    for (const cache of ['off', 'on'] as const) {
      const shop = await startShop({ ...env, PAGE_CACHE: cache, WORKERS: '2' });
      try {
        const label = `2 processes, ${cache === 'off' ? 'cold' : 'warm'}`;
        rows.push(...(await pageRows(shop.baseURL, section, label)));
        memory.push(`${label}: RSS ${shop.rssMiB()} MiB`);
      } finally {
        await shop.stop();
      }
    }
  }
  rows.push({ name: 'shop process memory after the loads', note: memory.join('; ') });
  return rows;
}

function print(title: string, rows: BenchRow[]): void {
  console.log(`\n${title}`);
  console.log('| what | req/s | p50 ms | p95 ms | median ms | ratio | note |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const r of rows) {
    const ratio = r.ratio ? `${r.ratio.value.toFixed(2)} × ${r.ratio.to}` : '';
    console.log(
      `| ${r.name} | ${r.reqPerSec ?? ''} | ${r.p50Ms ?? ''} | ${r.p95Ms ?? ''} | ${r.medianMs ?? ''} | ${ratio} | ${r.note ?? ''} |`,
    );
  }
}

const cpus = os.cpus();
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
console.log(
  `${new Date().toISOString()}; ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB; Node ${process.version}; load average at start ${load()}; ${process.env.BENCH_SECONDS ?? 8} s per load`,
);

if (!pgOnly)
  print(`PGlite, ${productCount} товаров`, await runOn(await openDatabase({ dataDir: path.join(benchDir, 'pglite') })));

if (pgUrl) {
  const name = `shop_bench_${Date.now()}`;
  const admin = await openDatabase({ databaseUrl: pgUrl, poolSize: 1 });
  await admin.db.execute(`create database "${name}"`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const pg = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  const drop = () => admin.db.execute(`drop database if exists "${name}" with (force)`);
  // A run stopped with Ctrl+C or a kill must not leave a 20 000-product database behind.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void drop().finally(() => process.exit(130)));
  }
  try {
    const rows = await runOn(pg, url.toString());
    if (wants('exchange')) rows.push(...(await exchangeOn(pg, url.toString())));
    print(`PostgreSQL, ${productCount} товаров`, rows);
  } finally {
    await pg.close();
    await drop();
    await admin.close();
  }
}
console.log(`\nload average at the end ${load()}`);
process.exit(0);
