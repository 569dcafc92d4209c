import { readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { count } from 'drizzle-orm';
import pino from 'pino';
import { readSettings } from '../config/settings';
import { type Database, openDatabase } from '../db/client';
import { products } from '../db/schema';
import { seedCatalog } from '../db/seed/seed';
import { createShopApp, loadBuild } from '../server/shop';
import { buildCatalog } from '../db/seed/catalog';
import { load } from './measure';
import type { Bench, BenchRow } from './types';

/**
 * `npm run bench [-- --products 20000 --pg]`: the real app on the large catalogue, loaded by autocannon side by
 * side with baselines measured in the same run. PGlite always; PostgreSQL too with --pg (or DATABASE_URL).
 */
const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: { products: { type: 'string' }, pg: { type: 'boolean' }, only: { type: 'string' } },
});
const productCount = Number(values.products ?? 20_000);
// Every visitor of the load comes from 127.0.0.1: the write limits are lifted so the bench measures the shop (the
// counting still runs on every call), not the limiter's refusals.
const settings = readSettings({
  ...process.env,
  LOG_LEVEL: 'silent',
  WRITE_LIMIT_PER_SESSION: '1000000000',
  WRITE_LIMIT_PER_CLIENT: '1000000000',
  NEW_SESSIONS_PER_CLIENT: '1000000000',
});
const benchDir = path.join(root, 'data', 'bench');
const pgUrl = process.env.DATABASE_URL || (values.pg ? 'postgres://postgres@127.0.0.1:5432/postgres' : '');

await loadBuild().catch(() => {
  console.error('Нет сборки: выполните npm run build');
  process.exit(1);
});

async function ensureCatalog(database: Database): Promise<void> {
  await database.migrate();
  const [row] = await database.db.select({ n: count() }).from(products);
  if (row?.n === productCount) return;
  console.log(`заполняю каталог на ${productCount} товаров (${database.kind})…`);
  await seedCatalog(database.db, buildCatalog({ seed: settings.SEED, products: productCount }), {
    imagesDir: path.join(benchDir, 'images', 'source'),
    log: (m) => console.log(`  ${m}`),
  });
}

async function runOn(database: Database): Promise<BenchRow[]> {
  await ensureCatalog(database);
  const { app, push } = await createShopApp({
    settings: { ...settings, DATA_DIR: benchDir },
    database,
    secret: 'bench-secret',
    logger: pino({ level: 'silent' }),
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // Baseline: the very same home page bytes from a bare node:http server.
  const home = await fetch(`${baseURL}/`);
  const html = Buffer.from(await home.arrayBuffer());
  const staticServer = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': html.length });
    res.end(html);
  });
  await new Promise<void>((r) => staticServer.listen(0, '127.0.0.1', r));
  const staticURL = `http://127.0.0.1:${(staticServer.address() as AddressInfo).port}/`;

  const rows: BenchRow[] = [];
  const baseline = await load(staticURL);
  const page = await load(`${baseURL}/`);
  rows.push({
    name: 'static HTML baseline (node:http)',
    reqPerSec: baseline.reqPerSec,
    p50Ms: baseline.p50Ms,
    p95Ms: baseline.p95Ms,
    note: `${Math.round(html.length / 1024)} KiB`,
  });
  rows.push({
    name: 'home page SSR',
    reqPerSec: page.reqPerSec,
    p50Ms: page.p50Ms,
    p95Ms: page.p95Ms,
    ratio: { to: 'static', value: page.reqPerSec / baseline.reqPerSec },
    note: page.non2xx || page.errors ? `${page.non2xx} non-2xx, ${page.errors} errors` : undefined,
  });

  const ctx = {
    baseURL,
    db: database.db,
    kind: database.kind,
    async newVisitor() {
      // As a browser after its first page: the visitor state call gives the session cookie and the sessid.
      const res = await fetch(`${baseURL}/api/v2/user/state/`);
      const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
      const { sessid } = ((await res.json()) as { data: { sessid: string } }).data;
      return { cookie, sessid };
    },
  };
  // Every other bench/*.ts module with a default export is a benchmark (see bench/types.ts).
  const modules = readdirSync(import.meta.dirname).filter(
    (f) => f.endsWith('.ts') && !['run.ts', 'types.ts', 'measure.ts'].includes(f),
  );
  for (const file of modules.filter((f) => !values.only || f.includes(values.only))) {
    const mod = (await import(pathToFileURL(path.join(import.meta.dirname, file)).href)) as { default?: Bench };
    if (typeof mod.default === 'function') rows.push(...(await mod.default(ctx)));
  }
  rows.push({
    name: 'process memory after the run',
    note: `RSS ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MiB, heap ${Math.round(process.memoryUsage().heapUsed / 1024 / 1024)} MiB`,
  });
  await new Promise((r) => staticServer.close(r));
  await push.close();
  await new Promise((r) => server.close(r));
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

const pglite = await openDatabase({ dataDir: path.join(benchDir, 'pglite') });
print(`PGlite, ${productCount} товаров`, await runOn(pglite));
await pglite.close();

if (pgUrl) {
  const name = `shop_bench_${Date.now()}`;
  const admin = await openDatabase({ databaseUrl: pgUrl, poolSize: 1 });
  await admin.db.execute(`create database "${name}"`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const pg = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
  const drop = () => admin.db.execute(`drop database if exists "${name}" with (force)`);
  // A run stopped with Ctrl+C or a kill must not leave a 20 000-product database behind.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void drop().finally(() => process.exit(130)));
  }
  try {
    print(`PostgreSQL, ${productCount} товаров`, await runOn(pg));
  } finally {
    await pg.close();
    await drop();
    await admin.close();
  }
}
process.exit(0);
