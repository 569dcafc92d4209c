import { compareCodes, type FilterState } from './filter';

/** What can be filtered by: the spec's Filter items with their values, in display order. */
export interface FilterValueDef {
  value: string;
  name: string;
  /** Colour swatch. */
  hex?: string;
}

export interface FilterDef {
  code: string;
  name: string;
  kind: 'list' | 'range';
  values: FilterValueDef[];
  /** A short explanation shown in the filter's tooltip. */
  hint?: string;
}

/** A listing's counts: the result size and, per filter value, what it would give. */
export interface FacetCounts {
  /** Products matching every chosen filter. */
  count: number;
  /** Lowest price among them, kopecks. */
  minPrice: number | null;
  /** code -> value -> products matching the value and the chosen filters of the OTHER codes; `total` ignores all filters. */
  values: Record<string, Record<string, { count: number; total: number }>>;
  /** code -> lowest and highest value in the scope, in roubles. */
  ranges: Record<string, { min: number; max: number } | null>;
}

/** The scope's products per filter value, ignoring every filter: which values a listing has at all. */
export interface ScopeTotals {
  count: number;
  values: Record<string, Record<string, number>>;
  /** Lowest and highest price in the scope, kopecks. */
  price: { min: number; max: number } | null;
}

/** Products grouped by a filter value and by `fail`: the chosen filter codes they fail, a bit per code. */
export interface FacetGroup {
  code: string;
  value: string;
  fail: number;
  n: number;
}

export interface LiveCounts {
  /** Chosen code -> its bit in `fail`. */
  bits: Record<string, number>;
  /** Only groups failing at most one code. */
  groups: FacetGroup[];
  /** Products failing nothing, and their lowest price (kopecks). */
  count: number;
  minPrice: number | null;
}

/**
 * A value of code C counts the products that fail no chosen code but (perhaps) C. When C is the only chosen code,
 * or nothing is chosen, that is the scope total.
 */
export function combineCounts(totals: ScopeTotals, live: LiveCounts | null): FacetCounts {
  const values: FacetCounts['values'] = {};
  const active = live ? Object.keys(live.bits) : [];
  const liveCount = new Map<string, number>();
  for (const g of live?.groups ?? []) {
    if (g.fail !== 0 && g.fail !== live?.bits[g.code]) continue;
    const key = `${g.code}\u0000${g.value}`;
    liveCount.set(key, (liveCount.get(key) ?? 0) + g.n);
  }
  const codes = new Set([...Object.keys(totals.values), ...(live?.groups ?? []).map((g) => g.code)]);
  for (const code of codes) {
    const byValue: Record<string, { count: number; total: number }> = {};
    const othersChosen = active.some((c) => c !== code);
    const names = new Set([
      ...Object.keys(totals.values[code] ?? {}),
      ...(live?.groups ?? []).filter((g) => g.code === code).map((g) => g.value),
    ]);
    for (const value of names) {
      const total = totals.values[code]?.[value] ?? 0;
      byValue[value] = { count: othersChosen ? (liveCount.get(`${code}\u0000${value}`) ?? 0) : total, total };
    }
    values[code] = byValue;
  }
  const price = totals.price
    ? { min: Math.floor(totals.price.min / 100), max: Math.ceil(totals.price.max / 100) }
    : null;
  return {
    count: live ? live.count : totals.count,
    minPrice: live ? live.minPrice : (totals.price?.min ?? null),
    values,
    ranges: { price },
  };
}

export interface FacetValue {
  value: string;
  name: string;
  hex?: string;
  count: number;
  selected: boolean;
  /** Choosing it would give nothing with the other chosen filters (spec: shown disabled). */
  disabled: boolean;
}

export interface Facet {
  code: string;
  name: string;
  kind: 'list' | 'range';
  hint?: string;
  values: FacetValue[];
  /** Range filters: the scope's bounds and the chosen ends. */
  range?: { min: number; max: number; from: number | null; to: number | null };
}

/** Why a filter cannot be applied, or null when every code and value is known. */
export function unknownFilterPart(state: FilterState, defs: readonly FilterDef[]): string | null {
  const byCode = new Map(defs.map((d) => [d.code, d]));
  for (const [code, values] of Object.entries(state.lists)) {
    const def = byCode.get(code);
    if (def?.kind !== 'list') return code;
    const known = new Set(def.values.map((v) => v.value));
    const unknown = values.find((v) => !known.has(v));
    if (unknown !== undefined) return `${code}-is-${unknown}`;
  }
  for (const code of Object.keys(state.ranges)) {
    if (byCode.get(code)?.kind !== 'range') return code;
  }
  return null;
}

/**
 * The facets a listing shows: values that exist in the scope (or are chosen), each with the count it would give;
 * codes fixed by the page itself (`saved`) are left out.
 */
export function buildFacets(
  defs: readonly FilterDef[],
  counts: FacetCounts,
  state: FilterState,
  saved: readonly string[] = [],
): Facet[] {
  const facets: Facet[] = [];
  for (const def of [...defs].sort((a, b) => compareCodes(a.code, b.code))) {
    if (saved.includes(def.code)) continue;
    if (def.kind === 'range') {
      const bounds = counts.ranges[def.code];
      const chosen = state.ranges[def.code];
      if (!bounds && !chosen) continue;
      facets.push({
        code: def.code,
        name: def.name,
        kind: 'range',
        hint: def.hint,
        values: [],
        range: { min: bounds?.min ?? 0, max: bounds?.max ?? 0, from: chosen?.from ?? null, to: chosen?.to ?? null },
      });
      continue;
    }
    const chosen = state.lists[def.code] ?? [];
    const counted = counts.values[def.code] ?? {};
    const values = def.values
      .filter((v) => (counted[v.value]?.total ?? 0) > 0 || chosen.includes(v.value))
      .map((v) => {
        const count = counted[v.value]?.count ?? 0;
        const selected = chosen.includes(v.value);
        return { value: v.value, name: v.name, hex: v.hex, count, selected, disabled: count === 0 && !selected };
      });
    // A filter with a single possible value narrows nothing, unless it is chosen.
    if (values.length > 1 || values.some((v) => v.selected))
      facets.push({ code: def.code, name: def.name, kind: 'list', hint: def.hint, values });
  }
  return facets;
}

/** A list of more than this and one values shows this many and keeps the rest behind «Ещё N»; sizes show in full. */
const SHORT_LIST = 8;

/** The values a list facet's panel shows before «Ещё N» (all of a short list and of the sizes). */
export function topValues(facet: Facet): FacetValue[] {
  if (facet.code === 'size' || facet.values.length <= SHORT_LIST + 1) return facet.values;
  return facet.values.slice(0, SHORT_LIST);
}

/** The spec Filter's params: what the listing's filter panel shows and what the page fixes. */
export interface FilterParams {
  /** The shop's filter codes the panel leaves out here: fixed by the page, or with one value or none in the scope. */
  hidden: string[];
  /** List code -> the values its panel shows open, before «Ещё N». */
  top: Record<string, string[]>;
  /** Codes the page fixes, with their values (a brand page's brand): part of the page, not of its URL. */
  saved: Record<string, string[]>;
}

export function filterParams(
  defs: readonly FilterDef[],
  facets: readonly Facet[],
  saved: Record<string, string[]>,
): FilterParams {
  const shown = new Set(facets.map((f) => f.code));
  return {
    hidden: defs
      .map((d) => d.code)
      .filter((code) => !shown.has(code))
      .sort(compareCodes),
    top: Object.fromEntries(
      facets.filter((f) => f.kind === 'list').map((f) => [f.code, topValues(f).map((v) => v.value)]),
    ),
    saved,
  };
}

/** 12000 -> "12 000" (non-breaking space): a chosen bound as typed, not a price rounded for display. */
export function groupDigits(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
}

/** Codes whose value names say it all: «Nordvik», «с капюшоном». */
const SELF_NAMED = ['brand', 'hood'];

/** The chosen filters in words for titles and headings: «Nordvik, Taiga; цвет: чёрный; цена: от 5 000 руб.». */
export function describeFilter(state: FilterState, defs: readonly FilterDef[], saved: readonly string[] = []): string {
  const parts: string[] = [];
  for (const def of [...defs].sort((a, b) => compareCodes(a.code, b.code))) {
    if (saved.includes(def.code)) continue;
    if (def.kind === 'list') {
      const values = state.lists[def.code];
      if (!values?.length) continue;
      const names = values.map((v) => def.values.find((d) => d.value === v)?.name ?? v);
      const text = names.map((n) => (def.code === 'brand' ? n : n.toLowerCase())).join(', ');
      parts.push(SELF_NAMED.includes(def.code) ? text : `${def.name.toLowerCase()}: ${text}`);
    } else {
      const range = state.ranges[def.code];
      if (!range) continue;
      const from = range.from != null ? `от ${groupDigits(range.from)}` : '';
      const to = range.to != null ? `до ${groupDigits(range.to)}` : '';
      parts.push(`${def.name.toLowerCase()}: ${[from, to].filter(Boolean).join(' ')}\u00a0руб.`);
    }
  }
  return parts.join('; ');
}
