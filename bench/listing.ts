import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { listingRepository } from '../db/repositories/listing';
import { type FilterState, formatFilterPath } from '../domain/catalog/filter/filter';
import {
  createListingService,
  type ListingReference,
  type ListingService,
} from '../domain/catalog/listing/listing.service';
import { load, medianMs } from './measure';
import type { Bench, BenchRow } from './types';

/**
 * The catalogue listing (issue 3, point 11): the listing query of a section with three filters, facet counts, a sort
 * and one page, timed on the database directly (target: median at most 30 ms on PGlite and PostgreSQL); then the
 * section page's server rendering under load, beside the same HTML served by a bare node:http server.
 */
const LEAF = '/catalog/women/verkhnyaya-odezhda/puhoviki/';
const ROOT = '/catalog/women/';
const RUNS = 60;
const TARGET_MS = 30;

/** Three filters a shopper would pick: the three biggest brands, two common sizes and three dark colours. */
function threeFilters(ref: ListingReference): FilterState {
  const brands = [...ref.brands]
    .sort((a, b) => b.count - a.count)
    .slice(0, 3)
    .map((b) => b.code);
  return { lists: { brand: brands, size: ['46', '48'], color: ['black', 'navy', 'grey'] }, ranges: {} };
}

async function queryRow(
  service: ListingService,
  ref: ListingReference,
  url: string,
  filter: FilterState,
): Promise<BenchRow> {
  const section = ref.sections.find((s) => s.url === url);
  if (!section) throw new Error(`no section ${url}`);
  const run = () =>
    service.list({ scope: { kind: 'section', sectionId: section.id }, filter, sort: 'price_asc', page: 1, base: url });
  const sample = await run();
  const median = await medianMs(run, RUNS, 5);
  return {
    name: `listing query: ${url} (${section.count} товаров), 3 фильтра, сортировка, стр. 1`,
    medianMs: median,
    note: `${sample.count} найдено, ${sample.facets.length} фильтров со счётчиками; цель ≤ ${TARGET_MS} мс${median <= TARGET_MS ? '' : ' — НЕ ВЫПОЛНЕНА'}`,
  };
}

/** The HTML of `url` served as a file by node:http: what the page would cost if it were static. */
async function staticCopy(
  url: string,
  cookie: string,
): Promise<{ url: string; close: () => Promise<void>; bytes: number }> {
  const html = Buffer.from(await (await fetch(url, { headers: { cookie } })).arrayBuffer());
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': html.length });
    res.end(html);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    bytes: html.length,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

export default (async (ctx) => {
  const service = createListingService(listingRepository(ctx.db));
  const ref = await service.reference();
  const filter = threeFilters(ref);
  const rows: BenchRow[] = [await queryRow(service, ref, LEAF, filter), await queryRow(service, ref, ROOT, filter)];

  const { cookie } = await ctx.newVisitor();
  const pages = [
    { name: 'section page SSR', path: LEAF },
    { name: 'filtered section page SSR', path: `${LEAF}${formatFilterPath(filter)}?sort=price_asc` },
  ];
  for (const p of pages) {
    const copy = await staticCopy(`${ctx.baseURL}${p.path}`, cookie);
    const baseline = await load(copy.url);
    await copy.close();
    const result = await load(`${ctx.baseURL}${p.path}`, { headers: { cookie } });
    rows.push({
      name: `${p.name}: ${p.path}`,
      reqPerSec: result.reqPerSec,
      p50Ms: result.p50Ms,
      p95Ms: result.p95Ms,
      ratio: { to: 'same HTML static', value: result.reqPerSec / Math.max(1, baseline.reqPerSec) },
      note: `static copy ${baseline.reqPerSec} req/s, ${Math.round(copy.bytes / 1024)} KiB${result.non2xx || result.errors ? `; ${result.non2xx} non-2xx, ${result.errors} errors` : ''}`,
    });
  }
  return rows;
}) satisfies Bench;
