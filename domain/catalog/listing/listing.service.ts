// Over 400 lines because sections, brands and search are one listing: one query path, one cache and one filter
// normalisation, whose three callers differ in their scope only.
import { type CacheOptions, cachedFor, onChange, taggedCache } from '../../cache';
import { brandTag, LISTINGS, productTag, sectionTag } from '../../cache-tags';
import { DomainError } from '../../errors';
import type { AvailabilityOffer, StoreModel } from '../../inventory/availability';
import type { ProductCard } from './card';
import {
  EMPTY_FILTER,
  type FilterState,
  formatFilterPath,
  normalizeFilter,
  parseFilterSegments,
  splitFilterPath,
} from '../filter/filter';
import {
  buildFacets,
  combineCounts,
  describeFilter,
  type Facet,
  type FilterDef,
  type FilterParams,
  filterParams,
  type LiveCounts,
  type ScopeTotals,
  unknownFilterPart,
} from '../filter/filter-facets';
import {
  type ListingLocation,
  listingHref,
  type Navigation,
  navigation,
  PAGE_PARAM,
  PAGE_SIZE,
  parsePage,
} from './listing';
import { parseSort, type SortState, type SortValue, sortState } from './sort';

/** A section with what its listing holds: the spec's section tree entry plus its place in the tree. */
export interface SectionNode {
  id: number;
  parentId: number | null;
  name: string;
  url: string;
  depth: number;
  sort: number;
  gender: string | null;
  count: number;
  /** Lowest price below the section, kopecks. */
  minPrice: number | null;
  hasNew: boolean;
}

export interface BrandInfo {
  id: number;
  code: string;
  name: string;
  text: string;
  /** Active products of the brand, and of them the men's. */
  count: number;
  menCount: number;
}

/** Reference data every listing needs; it changes only with the catalogue. */
export interface ListingReference {
  sections: SectionNode[];
  /** In name order. */
  brands: BrandInfo[];
  filters: FilterDef[];
}

/** What a listing lists before filters: a section's products, a brand's, or a search's. */
export type ListingScope =
  | { kind: 'section'; sectionId: number }
  | { kind: 'brand'; brandId: number; gender: string | null }
  | { kind: 'search'; match: SearchMatch };

/** A search query made structured: every part must hold (see search.ts). */
export interface SearchMatch {
  /** Words for full-text search with the russian configuration (stemmed by the database). */
  text: string[];
  brandIds: number[];
  colorCodes: string[];
  /** Prop code -> values (any of them). */
  props: Record<string, string[]>;
  /** Article prefixes, upper case. */
  articles: string[];
}

export interface ListingQuery {
  scope: ListingScope;
  /** The filter with value codes; saved filters included. */
  filter: FilterState;
  sort: SortValue;
  limit: number;
  offset: number;
}

export interface ListingItem extends ProductCard {
  sort: number;
  category: string;
  color: { code: string; name: string };
}

/** A listing's page of items and the counts its chosen filters change (null when nothing is chosen). */
export interface ListingResult {
  live: LiveCounts | null;
  items: ListingItem[];
}

/** The spec's Offer as a list shows it. Money in kopecks. */
export interface ListingOffer {
  id: number;
  itemId: number;
  /** The size filter's value code (`sizeCode`). */
  sizeId: string;
  sizeName: string;
  sizeSort: number;
  price: number;
  oldPrice: number | null;
}

/** A listing page's offers with their stock and the store model that stock is read with. */
export interface ListingOffers {
  offers: ListingOffer[];
  availability: AvailabilityOffer[];
  stores: StoreModel;
}

export interface ListingRepository {
  reference(): Promise<ListingReference>;
  /** The scope's products per filter value, ignoring the filters. */
  scopeTotals(scope: ListingScope, ref: ListingReference): Promise<ScopeTotals>;
  listing(query: ListingQuery, ref: ListingReference): Promise<ListingResult>;
  offers(productIds: number[]): Promise<ListingOffers>;
  /** Every active product's url and creation date, for the sitemap. */
  productUrls(): Promise<{ url: string; updatedAt: Date }[]>;
  /** Loads what listings are counted from ahead of the first listing, which then waits for the rest of it at most. */
  warm(): Promise<void>;
}

/** One listing as a page or the API shows it. */
export interface Listing {
  location: ListingLocation;
  /** The canonical URL of this listing state. */
  href: string;
  count: number;
  items: ListingItem[];
  facets: Facet[];
  /** The spec Filter's params (hidden, top, saved) of these facets. */
  filterParams: FilterParams;
  sort: SortState;
  navigation: Navigation;
  /** The chosen filters in words ('' when none). */
  filterText: string;
  /** Lowest price among the results, kopecks. */
  minPrice: number | null;
}

export type Outcome<T> = { kind: 'ok'; value: T } | { kind: 'redirect'; to: string } | { kind: 'not_found' };

/** A query string as the listing reads it. */
export type Params = (name: string) => string | null;

export interface ListingPageInput {
  scope: ListingScope;
  /** The listing's own path. */
  base: string;
  /** Filter segments from the URL, or null for none. */
  segments: string[] | null;
  params: Params;
  /** Codes the page fixes, with their values (a brand page's brand). */
  saved?: FilterState['lists'];
  /** Query pairs that belong to the page (the search query). */
  query?: [string, string][];
}

export interface SectionPage {
  section: SectionNode;
  /** Root first, the section itself last. */
  ancestors: SectionNode[];
  /** The children with products, or the siblings when the section is a leaf. */
  tree: SectionNode[];
  listing: Listing;
}

export interface BrandPage {
  brand: BrandInfo;
  gender: string | null;
  listing: Listing;
}

export interface ListingService {
  reference(): Promise<ListingReference>;
  /** A listing page at `pathname` with its query: the page, a redirect to its canonical URL, or not found. */
  page(input: ListingPageInput): Promise<Outcome<Listing>>;
  sectionPage(pathname: string, params: Params): Promise<Outcome<SectionPage>>;
  brandPage(pathname: string, params: Params): Promise<Outcome<BrandPage>>;
  /** A listing for the API; an unknown filter or a page past the end is a validation error. */
  list(input: {
    scope: ListingScope;
    filter: FilterState;
    saved?: FilterState['lists'];
    sort: SortValue;
    page: number;
    base: string;
    query?: [string, string][];
  }): Promise<Listing>;
  offers(productIds: number[]): Promise<ListingOffers>;
  productUrls(): Promise<{ url: string; updatedAt: Date }[]>;
  /** Loads what listings are counted from, at start, ahead of the first visitor's listing. */
  warm(): Promise<void>;
}

const MEN = 'man';

/** Scopes whose totals are kept: every section and brand page, and the latest searches. */
export const MAX_CACHED_TOTALS = 500;
/** Listing pages (scope, filters, sort, page) kept with their live counts. */
const MAX_CACHED_PAGES = 2000;

/** The tag a change to the scope's products sends: its section (or an ancestor), its brand, or any listing. */
function scopeTag(scope: ListingScope): string {
  if (scope.kind === 'section') return sectionTag(scope.sectionId);
  if (scope.kind === 'brand') return brandTag(scope.brandId);
  return LISTINGS;
}

/**
 * Reference data, and each scope's totals (which values it has at all), change only with the catalogue: they are
 * shared by every request for `ttlMs`, and one load serves the requests that arrive while it runs. The counts that
 * depend on the chosen filters are always live.
 */
export function createListingService(
  repo: ListingRepository,
  { ttlMs = 60_000, now = Date.now, invalidations }: CacheOptions = {},
): ListingService {
  // A facet change (a product entering or leaving a listing, its price or sizes) names its section, brand and
  // `listings`: the reference's counts and every scope's totals are loaded again.
  const dropOn = { invalidations, tags: [LISTINGS] };
  const reference = cachedFor(() => repo.reference(), { ttlMs, now, dropOn }).get;

  const totalsCache = new Map<string, { at: number; value: Promise<ScopeTotals> }>();
  onChange(dropOn, () => totalsCache.clear());
  // A page of a listing with its live counts: shown again and again until its scope or one of its products changes.
  const pages = taggedCache<ListingResult>({ max: MAX_CACHED_PAGES, ttlMs, invalidations, now });
  const listingPage = (query: ListingQuery, ref: ListingReference) =>
    pages.get(JSON.stringify(query), async () => {
      const result = await repo.listing(query, ref);
      return { value: result, tags: [scopeTag(query.scope), ...result.items.map((card) => productTag(card.id))] };
    });
  const totalsOf = (scope: ListingScope, ref: ListingReference) => {
    const key = JSON.stringify(scope);
    const hit = totalsCache.get(key);
    if (hit && now() - hit.at <= ttlMs) return hit.value;
    totalsCache.delete(key);
    // The oldest entry goes first: a Map keeps insertion order.
    if (totalsCache.size >= MAX_CACHED_TOTALS) totalsCache.delete(totalsCache.keys().next().value as string);
    const value = repo.scopeTotals(scope, ref);
    totalsCache.set(key, { at: now(), value });
    value.catch(() => {
      if (totalsCache.get(key)?.value === value) totalsCache.delete(key);
    });
    return value;
  };

  async function run(
    ref: ListingReference,
    scope: ListingScope,
    location: ListingLocation,
    saved: FilterState['lists'],
  ): Promise<Listing> {
    const filter: FilterState = { lists: { ...location.filter.lists, ...saved }, ranges: location.filter.ranges };
    // A saved filter (the brand page's brand) is part of the scope already: counting it again would change nothing.
    const chosen: FilterState = { lists: location.filter.lists, ranges: location.filter.ranges };
    const [totals, { live, items }] = await Promise.all([
      totalsOf(scope, ref),
      listingPage(
        { scope, filter: chosen, sort: location.sort, limit: PAGE_SIZE, offset: (location.page - 1) * PAGE_SIZE },
        ref,
      ),
    ]);
    const counts = combineCounts(totals, live);
    const savedCodes = Object.keys(saved);
    const facets = buildFacets(ref.filters, counts, filter, savedCodes);
    return {
      location,
      href: listingHref(location),
      count: counts.count,
      items,
      facets,
      filterParams: filterParams(ref.filters, facets, saved),
      sort: sortState(location.sort),
      navigation: navigation(location, counts.count),
      filterText: describeFilter(filter, ref.filters, savedCodes),
      minPrice: counts.minPrice,
    };
  }

  async function page(input: ListingPageInput): Promise<Outcome<Listing>> {
    const ref = await reference();
    const saved = input.saved ?? {};
    const savedCodes = Object.keys(saved);
    let filter: FilterState = EMPTY_FILTER;
    if (input.segments) {
      const parsed = parseFilterSegments(input.segments);
      if (!parsed) return { kind: 'not_found' };
      filter = normalizeFilter(parsed);
      const pageDefs = ref.filters.filter((d) => !savedCodes.includes(d.code));
      if (unknownFilterPart(filter, pageDefs) != null) return { kind: 'not_found' };
    }
    // A price form sent without JavaScript arrives as ?price_from=&price_to=; it becomes part of the path.
    const priceFrom = input.params('price_from');
    const priceTo = input.params('price_to');
    const fromForm = priceFrom != null || priceTo != null;
    if (fromForm)
      filter = normalizeFilter({
        ...filter,
        ranges: { ...filter.ranges, price: { from: toNumber(priceFrom), to: toNumber(priceTo) } },
      });

    const rawSort = input.params('sort');
    const sort = parseSort(rawSort);
    const pageNo = parsePage(input.params(PAGE_PARAM));
    if (pageNo == null) return { kind: 'not_found' };
    // A new price range starts again from page 1.
    const location: ListingLocation = {
      base: input.base,
      filter,
      saved: savedCodes,
      sort: sort ?? 'default_desc',
      page: fromForm ? 1 : pageNo,
      query: input.query,
    };
    const requestedTail = input.segments ? `filter/${input.segments.join('/')}/apply/` : '';
    const canonical = listingHref(location);
    if (
      fromForm ||
      sort == null ||
      (rawSort != null && rawSort === 'default_desc') ||
      input.params(PAGE_PARAM) === '1' ||
      requestedTail !== formatFilterPath(filter, savedCodes)
    ) {
      return { kind: 'redirect', to: canonical };
    }
    const listing = await run(ref, input.scope, location, saved);
    if (pageNo > listing.navigation.pageCount) return { kind: 'not_found' };
    return { kind: 'ok', value: listing };
  }

  return {
    reference,
    page,

    async sectionPage(pathname, params) {
      const split = splitFilterPath(pathname);
      if (!split) return { kind: 'not_found' };
      const ref = await reference();
      const section = ref.sections.find((s) => s.url === split.base);
      if (!section) return { kind: 'not_found' };
      const outcome = await page({
        scope: { kind: 'section', sectionId: section.id },
        base: section.url,
        segments: split.segments,
        params,
      });
      if (outcome.kind !== 'ok') return outcome;
      return {
        kind: 'ok',
        value: {
          section,
          ancestors: ancestorsOf(ref.sections, section),
          tree: treeOf(ref.sections, section),
          listing: outcome.value,
        },
      };
    },

    async brandPage(pathname, params) {
      const split = splitFilterPath(pathname);
      if (!split) return { kind: 'not_found' };
      const match = /^\/brands\/([a-z0-9-]+)\/(?:(man)\/)?$/.exec(split.base);
      if (!match) return { kind: 'not_found' };
      const ref = await reference();
      const brand = ref.brands.find((b) => b.code === match[1]);
      if (!brand) return { kind: 'not_found' };
      const gender = match[2] === MEN ? MEN : null;
      if (gender && brand.menCount === 0) return { kind: 'not_found' };
      const outcome = await page({
        scope: { kind: 'brand', brandId: brand.id, gender },
        base: split.base,
        segments: split.segments,
        params,
        saved: { brand: [brand.code] },
      });
      if (outcome.kind !== 'ok') return outcome;
      return { kind: 'ok', value: { brand, gender, listing: outcome.value } };
    },

    async list(input) {
      const ref = await reference();
      const savedCodes = Object.keys(input.saved ?? {});
      const filter = normalizeFilter(input.filter);
      const unknown = unknownFilterPart(
        filter,
        ref.filters.filter((d) => !savedCodes.includes(d.code)),
      );
      if (unknown != null) throw new DomainError('validation', `Неизвестный фильтр: ${unknown}.`, 'INVALID_FILTER');
      const location: ListingLocation = {
        base: input.base,
        filter,
        saved: savedCodes,
        sort: input.sort,
        page: input.page,
        query: input.query,
      };
      const listing = await run(ref, input.scope, location, input.saved ?? {});
      if (input.page > listing.navigation.pageCount) {
        const message = `Такой страницы нет: всего страниц ${listing.navigation.pageCount}.`;
        throw new DomainError('validation', message, 'INVALID_PAGE');
      }
      return listing;
    },

    offers: (ids) => repo.offers(ids),
    productUrls: () => repo.productUrls(),
    warm: () => repo.warm(),
  };
}

function toNumber(raw: string | null): number | null {
  if (raw == null || raw.trim() === '') return null;
  const n = Number(raw.replace(/\s/g, ''));
  return Number.isFinite(n) ? n : null;
}

export function ancestorsOf(sections: SectionNode[], section: SectionNode): SectionNode[] {
  const chain: SectionNode[] = [];
  let current: SectionNode | undefined = section;
  while (current) {
    chain.unshift(current);
    const parentId: number | null = current.parentId;
    current = parentId == null ? undefined : sections.find((s) => s.id === parentId);
  }
  return chain;
}

const bySort = (a: SectionNode, b: SectionNode) => a.sort - b.sort || a.id - b.id;

/** Children with products; a leaf shows its siblings instead (itself among them). */
export function treeOf(sections: SectionNode[], section: SectionNode): SectionNode[] {
  const children = sections.filter((s) => s.parentId === section.id && s.count > 0).sort(bySort);
  if (children.length > 0) return children;
  return sections.filter((s) => s.parentId === section.parentId && (s.count > 0 || s.id === section.id)).sort(bySort);
}

export function topSections(sections: SectionNode[]): SectionNode[] {
  return sections.filter((s) => s.parentId == null).sort(bySort);
}
