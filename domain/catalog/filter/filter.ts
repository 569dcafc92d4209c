/**
 * The catalogue filter and its SEO URL (spec §2, §5):
 *   {section path}filter/{code}-is-{value}[-or-{value}...]/{code}-from-{min}-to-{max}/.../apply/
 * One filter set has exactly one canonical URL: codes in a fixed order, values sorted, duplicates and
 * ignored values (numbers of 0 or less, empty lists, ranges with both ends empty) dropped.
 */

export interface FilterRange {
  from: number | null;
  to: number | null;
}

export interface FilterState {
  /** Code -> chosen value codes (several values of one code are OR-ed). */
  lists: Record<string, string[]>;
  /** Code -> range (price in roubles). */
  ranges: Record<string, FilterRange>;
}

/** The fixed order of codes in a canonical URL; codes not listed follow in alphabetical order. */
export const FILTER_CODE_ORDER = [
  'brand',
  'size',
  'color',
  'material',
  'insulation',
  'length',
  'season',
  'hood',
  'shop',
  'price',
];

export const EMPTY_FILTER: FilterState = { lists: dict(), ranges: dict() };

/**
 * A record keyed by names that come from a request (filter codes): without a prototype, `constructor` or
 * `__proto__` are names like any other instead of Object's own members.
 */
export function dict<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

const CODE = /^[a-z][a-z0-9_]*$/;
const VALUE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const NUMBER = /^\d{1,9}$/;

/** A value code that survives the URL form: lower-case words joined by `-`, none of them `or`. */
export function isValueCode(value: string): boolean {
  return VALUE.test(value) && !value.split('-').includes('or');
}

export function isFilterCode(code: string): boolean {
  return CODE.test(code);
}

function codeRank(code: string): number {
  const i = FILTER_CODE_ORDER.indexOf(code);
  return i === -1 ? FILTER_CODE_ORDER.length : i;
}

export function compareCodes(a: string, b: string): number {
  return codeRank(a) - codeRank(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Numbers in numeric order before words, words in code-point order: 40 < 46 < 100 < l < xl. */
export function compareValues(a: string, b: string): number {
  const na = NUMBER.test(a);
  const nb = NUMBER.test(b);
  if (na && nb) return Number(a) - Number(b) || (a < b ? -1 : a > b ? 1 : 0);
  if (na !== nb) return na ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Spec §5: a value that is a number of 0 or less means "nothing chosen". */
function ignoredValue(value: string): boolean {
  return NUMBER.test(value) && Number(value) <= 0;
}

function positiveOrNull(n: number | null): number | null {
  return n != null && Number.isFinite(n) && n > 0 ? Math.floor(n) : null;
}

/** The canonical form of a filter set: what the URL says, in the one order the URL uses. */
export function normalizeFilter(state: FilterState): FilterState {
  const lists = dict<string[]>();
  for (const code of Object.keys(state.lists).sort(compareCodes)) {
    const values = [...new Set((state.lists[code] ?? []).map((v) => v.toLowerCase()))]
      .filter((v) => !ignoredValue(v))
      .sort(compareValues);
    if (values.length > 0) lists[code] = values;
  }
  const ranges = dict<FilterRange>();
  for (const code of Object.keys(state.ranges).sort(compareCodes)) {
    const range = state.ranges[code] as FilterRange;
    let from = positiveOrNull(range.from);
    let to = positiveOrNull(range.to);
    if (from == null && to == null) continue;
    if (from != null && to != null && from > to) [from, to] = [to, from];
    ranges[code] = { from, to };
  }
  return { lists, ranges };
}

export function isEmptyFilter(state: FilterState): boolean {
  return Object.keys(state.lists).length === 0 && Object.keys(state.ranges).length === 0;
}

/**
 * The URL tail for a filter set: '' when nothing is chosen, else `filter/.../apply/`.
 * `saved` codes (a brand page's own brand, say) are part of the page, not of its URL (spec §5).
 */
export function formatFilterPath(state: FilterState, saved: readonly string[] = []): string {
  const normal = normalizeFilter(state);
  const parts: { code: string; text: string }[] = [];
  for (const [code, values] of Object.entries(normal.lists)) {
    if (saved.includes(code)) continue;
    assertCode(code);
    for (const v of values) if (!isValueCode(v)) throw new Error(`Filter value cannot be put in a URL: ${code}=${v}`);
    parts.push({ code, text: `${code}-is-${values.join('-or-')}` });
  }
  for (const [code, { from, to }] of Object.entries(normal.ranges)) {
    if (saved.includes(code)) continue;
    assertCode(code);
    const text =
      from != null && to != null
        ? `${code}-from-${from}-to-${to}`
        : from != null
          ? `${code}-from-${from}`
          : `${code}-to-${to}`;
    parts.push({ code, text });
  }
  if (parts.length === 0) return '';
  parts.sort((a, b) => compareCodes(a.code, b.code));
  return `filter/${parts.map((p) => p.text).join('/')}/apply/`;
}

function assertCode(code: string) {
  if (!isFilterCode(code)) throw new Error(`Filter code cannot be put in a URL: ${code}`);
}

const RANGE_PART = /^([a-z][a-z0-9_]*)-(?:from-(\d{1,9})(?:-to-(\d{1,9}))?|to-(\d{1,9}))$/;
const LIST_PART = /^([a-z][a-z0-9_]*)-is-(.+)$/;

/**
 * Reads the segments between `filter/` and `apply/`. Null when a segment is not a filter at all; the result is
 * as written (not normalised), so the caller can tell a canonical URL from one to redirect.
 */
export function parseFilterSegments(segments: readonly string[]): FilterState | null {
  const state: FilterState = { lists: dict(), ranges: dict() };
  for (const raw of segments) {
    const segment = raw.toLowerCase();
    const list = LIST_PART.exec(segment);
    if (list) {
      const code = list[1] as string;
      const values = (list[2] as string).split('-or-');
      if (values.some((v) => !VALUE.test(v))) return null;
      state.lists[code] = [...(state.lists[code] ?? []), ...values];
      continue;
    }
    const range = RANGE_PART.exec(segment);
    if (range) {
      const code = range[1] as string;
      if (state.ranges[code]) return null;
      const from = range[2] != null ? Number(range[2]) : null;
      const to = range[3] != null ? Number(range[3]) : range[4] != null ? Number(range[4]) : null;
      state.ranges[code] = { from, to };
      continue;
    }
    return null;
  }
  return state;
}

export interface SplitPath {
  /** The listing's own path, e.g. /catalog/women/verkhnyaya-odezhda/puhoviki/ */
  base: string;
  /** The filter segments, or null when the path has no filter part. */
  segments: string[] | null;
}

/**
 * Splits a listing path at its filter part. Null when `filter/` is there but the path does not end in `apply/`
 * (or has an empty segment): such a URL names no page.
 */
export function splitFilterPath(pathname: string): SplitPath | null {
  const at = pathname.indexOf('/filter/');
  if (at === -1) return { base: pathname, segments: null };
  const base = pathname.slice(0, at + 1);
  const rest = pathname
    .slice(at + '/filter/'.length)
    .replace(/\/$/, '')
    .split('/');
  if (rest.pop() !== 'apply' || rest.some((s) => s === '')) return null;
  return { base, segments: rest };
}

/** The filter with `value` of `code` added, or removed when it was chosen. */
export function toggleValue(state: FilterState, code: string, value: string): FilterState {
  const current = state.lists[code] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return normalizeFilter({ lists: { ...state.lists, [code]: next }, ranges: state.ranges });
}

export function setRange(state: FilterState, code: string, range: FilterRange): FilterState {
  return normalizeFilter({ lists: state.lists, ranges: { ...state.ranges, [code]: range } });
}

export function withoutCode(state: FilterState, code: string): FilterState {
  const { [code]: _list, ...lists } = state.lists;
  const { [code]: _range, ...ranges } = state.ranges;
  return { lists, ranges };
}

export function sameFilter(a: FilterState, b: FilterState): boolean {
  return formatFilterPath(a) === formatFilterPath(b);
}
