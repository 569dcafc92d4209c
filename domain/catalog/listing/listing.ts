import { type FilterState, formatFilterPath } from '../filter/filter';
import { DEFAULT_SORT, type SortValue } from './sort';

/** Cards per page: a whole number of rows at 4, 3 and 2 columns. */
export const PAGE_SIZE = 24;

/** The pager parameter (spec §2, §7); a sort change drops all three. */
export const PAGE_PARAM = 'PAGEN_1';
export const PAGE_PARAMS = ['PAGEN_1', 'PAGEN_2', 'PAGEN_3'] as const;

/** Where a listing page is: its own path, its filter, sort and page, and query pairs of its own (the search query). */
export interface ListingLocation {
  base: string;
  filter: FilterState;
  /** Filter codes the page itself fixes (not written in the URL). */
  saved?: readonly string[];
  sort: SortValue;
  page: number;
  query?: readonly [string, string][];
}

/** The one URL of a listing state: `?sort=` left out for the default, `PAGEN_1` left out for page 1. */
export function listingHref(loc: ListingLocation): string {
  const params = new URLSearchParams();
  for (const [k, v] of loc.query ?? []) params.append(k, v);
  if (loc.sort !== DEFAULT_SORT) params.set('sort', loc.sort);
  if (loc.page > 1) params.set(PAGE_PARAM, String(loc.page));
  const search = params.toString();
  return `${loc.base}${formatFilterPath(loc.filter, loc.saved)}${search ? `?${search}` : ''}`;
}

/** A new sort starts from page 1: the PAGEN parameters go (spec §2). */
export function hrefWithSort(loc: ListingLocation, sort: SortValue): string {
  return listingHref({ ...loc, sort, page: 1 });
}

export function hrefWithFilter(loc: ListingLocation, filter: FilterState): string {
  return listingHref({ ...loc, filter, page: 1 });
}

/** `PAGEN_1` as a page number: absent means 1; null when it is not a whole number from 1 up. */
export function parsePage(raw: string | null | undefined): number | null {
  if (raw == null) return 1;
  if (!/^\d{1,6}$/.test(raw)) return null;
  const page = Number(raw);
  return page >= 1 ? page : null;
}

/** The spec's navigation object. `url` is the listing's address without a page. */
export interface Navigation {
  limit: number;
  count: number;
  page: number;
  pageCount: number;
  url: string;
}

export function pageCount(count: number, limit = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(count / limit));
}

export function navigation(loc: ListingLocation, count: number, limit = PAGE_SIZE): Navigation {
  return { limit, count, page: loc.page, pageCount: pageCount(count, limit), url: listingHref({ ...loc, page: 1 }) };
}

/** Page links for the pager: the first, the last and two either side of the current page; null marks a gap. */
export function pagerItems(page: number, total: number): (number | null)[] {
  const pages = new Set([1, total]);
  for (let p = page - 2; p <= page + 2; p++) if (p >= 1 && p <= total) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const items: (number | null)[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev != null && p - prev === 2) items.push(prev + 1);
    else if (prev != null && p - prev > 2) items.push(null);
    items.push(p);
  });
  return items;
}
