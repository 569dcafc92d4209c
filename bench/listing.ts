import type { Db } from '../db/client';
import { listingRepository } from '../db/repositories/listing';
import { searchRepository } from '../db/repositories/search';
import { type FilterState, formatFilterPath } from '../domain/catalog/filter/filter';
import {
  createListingService,
  type ListingReference,
  type ListingRepository,
  type ListingService,
} from '../domain/catalog/listing/listing.service';
import { PAGE_SIZE } from '../domain/catalog/listing/listing';
import { createSearchService } from '../domain/catalog/search/search.service';
import { medianMs } from './measure';
import type { BenchRow } from './types';

/**
 * The catalogue listing: the listing query of a section with three filters, facet counts, a sort and one page, timed
 * on the repository directly. Targets: a median of at most 30 ms at 20 000 products on PGlite and PostgreSQL (issue 3,
 * point 11), 50 ms at 200 000 on PostgreSQL (issue 29, point 6).
 */
export const LEAF = '/catalog/women/verkhnyaya-odezhda/puhoviki/';
const ROOT = '/catalog/women/';
const RUNS = 60;
const targetMs = (products: number) => (products > 20_000 ? 50 : 30);
/** A plain word and two words, one of them a colour the search reads as a filter. */
const SEARCHES = ['пуховик', 'черная куртка'];
const SEARCH_TARGET_MS = 100;

/** Three filters a shopper would pick: the three biggest brands, two common sizes and three dark colours. */
function threeFilters(ref: ListingReference): FilterState {
  const brands = [...ref.brands]
    .sort((a, b) => b.count - a.count)
    .slice(0, 3)
    .map((b) => b.code);
  return { lists: { brand: brands, size: ['46', '48'], color: ['black', 'navy', 'grey'] }, ranges: {} };
}

/**
 * The listing query itself — one page with its live counts — as a miss runs it: the service keeps pages by cache
 * tags (decision 0017), and each scope's totals, so they are timed on the repository.
 */
async function queryRow(
  service: ListingService,
  repo: ListingRepository,
  ref: ListingReference,
  url: string,
  filter: FilterState,
  target: number,
): Promise<BenchRow> {
  const section = ref.sections.find((s) => s.url === url);
  if (!section) throw new Error(`no section ${url}`);
  const scope = { kind: 'section', sectionId: section.id } as const;
  const run = () => repo.listing({ scope, filter, sort: 'price_asc', limit: PAGE_SIZE, offset: 0 }, ref);
  const sample = await service.list({ scope, filter, sort: 'price_asc', page: 1, base: url });
  const median = await medianMs(run, RUNS, 5);
  return {
    name: `listing query: ${url} (${section.count} товаров), 3 фильтра, сортировка, стр. 1`,
    medianMs: median,
    note: `${sample.count} найдено, ${sample.facets.length} фильтров со счётчиками; цель ≤ ${target} мс${median <= target ? '' : ' — НЕ ВЫПОЛНЕНА'}`,
  };
}

/**
 * What a search page's miss asks the database (issue 29, point 6): the query words' stems and nearest catalogue
 * words (the vocabulary itself is kept for minutes), then the scope's totals beside page 1 of its cards.
 */
async function searchRow(db: Db, service: ListingService, repo: ListingRepository, ref: ListingReference, q: string) {
  const search = createSearchService(searchRepository(db), service);
  const run = async () => {
    const plan = await search.plan(q);
    if (!plan) throw new Error(`nothing to search in ${q}`);
    const scope = { kind: 'search', match: plan.match } as const;
    const query = {
      scope,
      filter: { lists: {}, ranges: {} },
      sort: 'default_desc',
      limit: PAGE_SIZE,
      offset: 0,
    } as const;
    const [totals] = await Promise.all([repo.scopeTotals(scope, ref), repo.listing(query, ref)]);
    return totals.count;
  };
  const found = await run();
  const median = await medianMs(run, RUNS, 5);
  return {
    name: `search query: «${q}», totals and page 1`,
    medianMs: median,
    note: `${found} найдено; цель ≤ ${SEARCH_TARGET_MS} мс${median <= SEARCH_TARGET_MS ? '' : ' — НЕ ВЫПОЛНЕНА'}`,
  };
}

/** The listing and search queries' medians on the repository (issue 3, point 11; issue 29, point 6). */
export async function listingQueryRows(db: Db, products: number): Promise<{ rows: BenchRow[]; filteredPath: string }> {
  const repo = listingRepository(db);
  const service = createListingService(repo);
  const ref = await service.reference();
  const filter = threeFilters(ref);
  const target = targetMs(products);
  const rows = [
    await queryRow(service, repo, ref, LEAF, filter, target),
    await queryRow(service, repo, ref, ROOT, filter, target),
  ];
  for (const q of SEARCHES) rows.push(await searchRow(db, service, repo, ref, q));
  return { rows, filteredPath: `${LEAF}${formatFilterPath(filter)}?sort=price_asc` };
}
