import path from 'node:path';
import { parseArgs } from 'node:util';
import { count, sql } from 'drizzle-orm';
import { type Db, openDatabase, queryRows } from '../db/client';
import { prepareDatabase } from '../db/bootstrap';
import { facetSource } from '../db/repositories/facet-source';
import { listingRepository } from '../db/repositories/listing';
import { relatedRepository } from '../db/repositories/related';
import { products } from '../db/schema';
import { buildCatalog } from '../db/seed/catalog';
import { seedCatalog } from '../db/seed/seed';
import { createListingService } from '../domain/catalog/listing/listing.service';
import { createRelatedService } from '../domain/catalog/related/related.service';
import { round } from './measure';
import type { BenchRow } from './types';

/** The product page's budget for its new rows (issue 44.3): 5 ms of server time at 200 000 products. */
const TARGET_MS = 5;
const PRODUCTS_TIMED = 200;

function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0);
  return { median: at(0.5), p95: at(0.95) };
}

async function timeEach<T>(items: readonly T[], fn: (item: T) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (const item of items) {
    const t = performance.now();
    await fn(item);
    times.push(performance.now() - t);
  }
  return times;
}

/**
 * The server time the related rows (issue 44.3) add to the product page: the product page's HTML carries none of
 * them (they load after it, by `GET /api/v2/catalog/product/related/`, `products/cards/` and `products/additions/`),
 * so what a product view costs the server is these calls. Timed on the service, as a request runs it: a first view of
 * a product (its rows computed: the facet index's pass over the section, the pairs and one cards query), a repeated
 * view (the rows cached until the catalogue changes), the «Вы смотрели» cards of 12 products, and the basket's
 * additions.
 */
export async function relatedRows(db: Db, productCount: number): Promise<BenchRow[]> {
  const facets = facetSource(db);
  // As server/services.ts builds them: one facet index, the listing service's cached reference data.
  const listing = createListingService(listingRepository(db, facets));
  const service = createRelatedService({ repo: relatedRepository(db, facets), reference: () => listing.reference() });
  await listing.warm();
  await service.recountPairs();
  const ids = (
    await queryRows<{ id: number }>(
      db,
      sql`select id from products where active order by md5(id::text) limit ${PRODUCTS_TIMED + 40}`,
    )
  ).map((r) => Number(r.id));
  const [warmup, timed] = [ids.slice(0, 20), ids.slice(20, 20 + PRODUCTS_TIMED)];
  for (const id of warmup) await service.related(id);
  const first = stats(await timeEach(timed, (id) => service.related(id)));
  const again = stats(await timeEach(timed, (id) => service.related(id)));
  const viewedSets = timed.slice(0, 100).map((_, i) => timed.slice(i, i + 12));
  const viewed = stats(await timeEach(viewedSets, (set) => service.cards(set)));
  const baskets = timed.slice(0, 100).map((_, i) => timed.slice(i, i + 2));
  const additions = stats(await timeEach(baskets, (set) => service.additions(set)));
  const verdict = (ms: number) =>
    ms <= TARGET_MS ? `цель ≤ ${TARGET_MS} мс` : `цель ≤ ${TARGET_MS} мс — НЕ ВЫПОЛНЕНА`;
  const row = (name: string, s: { median: number; p95: number }, note: string): BenchRow => ({
    name: `${name} (${productCount} товаров)`,
    medianMs: s.median,
    p95Ms: s.p95,
    note,
  });
  return [
    row(
      'товар: «Похожие» + «С этим покупают», первый просмотр',
      first,
      `${PRODUCTS_TIMED} разных товаров; ${verdict(first.median)}`,
    ),
    row('товар: «Похожие» + «С этим покупают», повторный просмотр', again, `из кэша; ${verdict(again.median)}`),
    row('«Вы смотрели»: карточки 12 товаров', viewed, 'один запрос карточек'),
    row('«Добавить к заказу»: корзина из 2 товаров', additions, 'разные корзины'),
  ];
}

/**
 * `npx tsx bench/related.ts --products 20000`: the rows alone on PostgreSQL (`DATABASE_URL`, or the machine's
 * server, database `shop_bench_related_N`, seeded on the first run).
 */
async function main() {
  const { values } = parseArgs({ options: { products: { type: 'string' } } });
  const productCount = Number(values.products ?? 20_000);
  const base = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `wt_related_bench_${productCount}`;
  const admin = await openDatabase({ databaseUrl: base, poolSize: 1 });
  const exists = await queryRows<{ n: number }>(
    admin.db,
    sql`select count(*)::int as n from pg_database where datname = ${name}`,
  );
  if (!exists[0]?.n) await admin.db.execute(sql.raw(`create database "${name}"`));
  await admin.close();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.href, poolSize: 4 });
  await database.migrate();
  const [n] = await database.db.select({ n: count() }).from(products);
  if (n?.n !== productCount) {
    const started = Date.now();
    console.log(`заполняю каталог на ${productCount} товаров…`);
    await seedCatalog(database.db, buildCatalog({ seed: 20261121, products: productCount }), { log: console.log });
    console.log(`  за ${Math.round((Date.now() - started) / 1000)} с`);
  }
  await prepareDatabase(database, { seed: 20261121, products: productCount, log: () => {} });
  const rows = await relatedRows(database.db, productCount);
  console.table(rows.map((r) => ({ name: r.name, 'медиана, мс': r.medianMs, 'p95, мс': r.p95Ms, note: r.note })));
  await database.close();
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();
