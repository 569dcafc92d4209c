// Over 400 lines because it is one index: a listing's filter, counts and sort are answered in one pass over the same
// rows, and the hot loop reads best with its helpers beside it.
import type { FilterState } from '../filter/filter';
import type { FacetGroup, LiveCounts, ScopeTotals } from '../filter/filter-facets';
import { PROPS } from '../filter/props';
import type { ListingQuery, ListingReference, ListingScope } from './listing.service';
import type { SortValue } from './sort';
import { PRICE_WINDOW, priceWindow, scoreParts } from '../related/similar';

/** What a listing filters, counts and sorts a product by: one row of product_facets with the product's search text. */
export interface FacetRow {
  productId: number;
  sectionId: number;
  brandId: number;
  gender: string | null;
  colorCode: string;
  /** Lower-case names of the sizes in stock somewhere; empty when sold out. */
  sizeCodes: string[];
  shopCodes: string[];
  props: Record<string, string>;
  /** Kopecks. */
  minPrice: number;
  popularity: number;
  discountPercent: number;
  /** Milliseconds since the epoch. */
  createdAt: number;
  active: boolean;
  /** Upper-case article, for article searches. */
  article: string;
  /**
   * The full-text lexemes of the product's name and category, and of its article (the russian configuration).
   * Products of one name and category may share one list, read once.
   */
  titleWords: readonly string[];
  articleWords: readonly string[];
}

/** Interned strings: a value's number is its position, so a column stores small integers. */
class Dictionary {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();
  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
    }
    return id;
  }
  find(value: string): number | undefined {
    return this.ids.get(value);
  }
}

/** Lists of dictionary ids per row (sizes, shops, words) in one pool; a rewritten row's old slots are left behind. */
class ListColumn {
  pool = new Int32Array(1024);
  start = new Int32Array(0);
  length = new Int32Array(0);
  private used = 0;
  private garbage = 0;

  grow(rows: number) {
    this.start = resize(this.start, rows);
    this.length = resize(this.length, rows);
  }

  set(row: number, ids: number[]) {
    // Packing keeps the row's old list, which becomes garbage only now.
    if (this.used + ids.length > this.pool.length) this.makeRoom(ids.length);
    this.garbage += this.length[row] ?? 0;
    this.pool.set(ids, this.used);
    this.start[row] = this.used;
    this.length[row] = ids.length;
    this.used += ids.length;
  }

  /** Packs the live lists when half the pool is garbage, else doubles it. */
  private makeRoom(needed: number) {
    const live = this.used - this.garbage;
    const size = Math.max(this.pool.length * (this.garbage > live ? 1 : 2), (live + needed) * 2);
    const pool = new Int32Array(size);
    let at = 0;
    for (let row = 0; row < this.start.length; row++) {
      const n = this.length[row] as number;
      if (n === 0) continue;
      const from = this.start[row] as number;
      pool.set(this.pool.subarray(from, from + n), at);
      this.start[row] = at;
      at += n;
    }
    this.pool = pool;
    this.used = at;
    this.garbage = 0;
  }
}

function resize<T extends Int32Array | Float64Array | Uint8Array>(array: T, size: number): T {
  const next = new (array.constructor as new (n: number) => T)(size);
  next.set(array.subarray(0, Math.min(array.length, size)) as unknown as ArrayLike<number>);
  return next;
}

const PROP_CODES = Object.keys(PROPS);
const NONE = -1;

/** A row passes a chosen filter code or not. */
type Test = (row: number) => boolean;

interface Chosen {
  code: string;
  test: Test;
}

/** A page's product ids and the counts its chosen filters change. */
export interface FacetListing {
  ids: number[];
  live: LiveCounts | null;
}

/**
 * Every product's facets in columns of small integers, in the shop process: a listing's scope, filters, live counts
 * and page order are computed here in a pass over typed arrays (decision 0026), the card data of the page's few
 * products still come from the database. The rows are kept current by `db/repositories/facet-source.ts`.
 */
export class FacetIndex {
  private rows = 0;
  private readonly rowOf = new Map<number, number>();
  private productId = new Int32Array(0);
  private section = new Int32Array(0);
  private brand = new Int32Array(0);
  private gender = new Int32Array(0);
  private color = new Int32Array(0);
  private props = PROP_CODES.map(() => new Int32Array(0));
  private minPrice = new Float64Array(0);
  private popularity = new Float64Array(0);
  private discount = new Float64Array(0);
  private createdAt = new Float64Array(0);
  private active = new Uint8Array(0);
  private articles: string[] = [];
  private readonly sizes = new ListColumn();
  private readonly shops = new ListColumn();
  private readonly words = new ListColumn();
  private readonly dict = {
    gender: new Dictionary(),
    color: new Dictionary(),
    size: new Dictionary(),
    shop: new Dictionary(),
    word: new Dictionary(),
    props: PROP_CODES.map(() => new Dictionary()),
  };

  get size(): number {
    return this.rows;
  }

  /** Adds the rows, or rewrites the ones already held (by product id). */
  upsert(rows: readonly FacetRow[]) {
    for (const r of rows) {
      let row = this.rowOf.get(r.productId);
      if (row === undefined) {
        row = this.rows++;
        if (row >= this.productId.length) this.grow(Math.max(1024, row * 2));
        this.rowOf.set(r.productId, row);
        this.bySection = null;
      } else if (this.section[row] !== r.sectionId) this.bySection = null;
      this.productId[row] = r.productId;
      this.section[row] = r.sectionId;
      this.brand[row] = r.brandId;
      this.gender[row] = r.gender == null ? NONE : this.dict.gender.id(r.gender);
      this.color[row] = this.dict.color.id(r.colorCode);
      PROP_CODES.forEach((code, i) => {
        const value = r.props[code];
        (this.props[i] as Int32Array)[row] = value == null ? NONE : (this.dict.props[i] as Dictionary).id(value);
      });
      this.minPrice[row] = r.minPrice;
      this.popularity[row] = r.popularity;
      this.discount[row] = r.discountPercent;
      this.createdAt[row] = r.createdAt;
      this.active[row] = r.active ? 1 : 0;
      this.articles[row] = r.article;
      this.sizes.set(
        row,
        r.sizeCodes.map((c) => this.dict.size.id(c)),
      );
      this.shops.set(
        row,
        r.shopCodes.map((c) => this.dict.shop.id(c)),
      );
      this.words.set(row, [...this.wordIds(r.titleWords), ...r.articleWords.map((w) => this.dict.word.id(w))]);
    }
  }

  /** Rows per section, built on the first listing after a product is added or moves. */
  private bySection: Map<number, number[]> | null = null;

  private sectionRows(sectionId: number): readonly number[] {
    if (!this.bySection) {
      this.bySection = new Map();
      for (let row = 0; row < this.rows; row++) {
        const id = this.section[row] as number;
        const list = this.bySection.get(id);
        if (list) list.push(row);
        else this.bySection.set(id, [row]);
      }
    }
    return this.bySection.get(sectionId) ?? [];
  }

  private readonly titleIds = new WeakMap<readonly string[], number[]>();
  private wordIds(words: readonly string[]): number[] {
    let ids = this.titleIds.get(words);
    if (!ids) {
      ids = words.map((w) => this.dict.word.id(w));
      this.titleIds.set(words, ids);
    }
    return ids;
  }

  private grow(capacity: number) {
    this.productId = resize(this.productId, capacity);
    this.section = resize(this.section, capacity);
    this.brand = resize(this.brand, capacity);
    this.gender = resize(this.gender, capacity);
    this.color = resize(this.color, capacity);
    this.props = this.props.map((column) => resize(column, capacity));
    this.minPrice = resize(this.minPrice, capacity);
    this.popularity = resize(this.popularity, capacity);
    this.discount = resize(this.discount, capacity);
    this.createdAt = resize(this.createdAt, capacity);
    this.active = resize(this.active, capacity);
    for (const column of [this.sizes, this.shops, this.words]) column.grow(capacity);
  }

  /** Whether a row's list holds any of the ids marked in `wanted`. */
  private static anyOf(column: ListColumn, wanted: Uint8Array): Test {
    return (row) => {
      const from = column.start[row] as number;
      const to = from + (column.length[row] as number);
      for (let i = from; i < to; i++) if (wanted[column.pool[i] as number]) return true;
      return false;
    };
  }

  private static marks(dict: Dictionary, values: readonly string[]): Uint8Array {
    const marks = new Uint8Array(dict.values.length);
    for (const v of values) {
      const id = dict.find(v);
      if (id !== undefined) marks[id] = 1;
    }
    return marks;
  }

  private static oneOf(column: Int32Array, dict: Dictionary, values: readonly string[]): Test {
    const marks = FacetIndex.marks(dict, values);
    return (row) => {
      const id = column[row] as number;
      return id !== NONE && marks[id] === 1;
    };
  }

  /** The condition of one chosen filter code, or null when the code chooses nothing. */
  private test(code: string, filter: FilterState, ref: ListingReference): Test | null {
    const range = filter.ranges[code];
    if (range) {
      // The URL speaks roubles, the rows kopecks.
      if (range.from == null && range.to == null) return null;
      const lo = range.from == null ? -Infinity : range.from * 100;
      const hi = range.to == null ? Infinity : range.to * 100 + 99;
      return (row) => (this.minPrice[row] as number) >= lo && (this.minPrice[row] as number) <= hi;
    }
    const values = filter.lists[code];
    if (!values?.length) return null;
    if (code === 'brand') {
      const ids = new Set(ref.brands.filter((b) => values.includes(b.code)).map((b) => b.id));
      return (row) => ids.has(this.brand[row] as number);
    }
    if (code === 'color') return FacetIndex.oneOf(this.color, this.dict.color, values);
    if (code === 'size') return FacetIndex.anyOf(this.sizes, FacetIndex.marks(this.dict.size, values));
    if (code === 'shop') return FacetIndex.anyOf(this.shops, FacetIndex.marks(this.dict.shop, values));
    const prop = PROP_CODES.indexOf(code);
    if (prop >= 0) return FacetIndex.oneOf(this.props[prop] as Int32Array, this.dict.props[prop] as Dictionary, values);
    return null;
  }

  /** The active rows of a scope. `lexemes`: a search's words as the full-text index reads them. */
  private scopeRows(scope: ListingScope, ref: ListingReference, lexemes: readonly string[]): number[] {
    if (scope.kind === 'section') {
      // The section and every section below it: their own rows, not a pass over the catalogue.
      const ids = [scope.sectionId];
      for (let i = 0; i < ids.length; i++) for (const s of ref.sections) if (s.parentId === ids[i]) ids.push(s.id);
      const found: number[] = [];
      for (const id of ids) for (const row of this.sectionRows(id)) if (this.active[row]) found.push(row);
      return found;
    }
    const tests = this.scopeTests(scope, lexemes);
    if (!tests) return [];
    const found: number[] = [];
    for (let row = 0; row < this.rows; row++) if (this.active[row] && passesAll(tests, row)) found.push(row);
    return found;
  }

  /** A brand's or a search's conditions; null when a search can find nothing. */
  private scopeTests(scope: Exclude<ListingScope, { kind: 'section' }>, lexemes: readonly string[]): Test[] | null {
    if (scope.kind === 'brand') {
      const { brandId } = scope;
      const tests: Test[] = [(row) => this.brand[row] === brandId];
      if (scope.gender) {
        const gender = this.dict.gender.find(scope.gender) ?? -2;
        tests.push((row) => this.gender[row] === gender);
      }
      return tests;
    }
    const { brandIds, colorCodes, props, text, articles } = scope.match;
    if (!brandIds.length && !colorCodes.length && !Object.keys(props).length && !text.length && !articles.length)
      return null;
    const tests: Test[] = [];
    if (brandIds.length) {
      const ids = new Set(brandIds);
      tests.push((row) => ids.has(this.brand[row] as number));
    }
    if (colorCodes.length) tests.push(FacetIndex.oneOf(this.color, this.dict.color, colorCodes));
    for (const [code, values] of Object.entries(props)) {
      const prop = PROP_CODES.indexOf(code);
      if (prop < 0) return null;
      tests.push(FacetIndex.oneOf(this.props[prop] as Int32Array, this.dict.props[prop] as Dictionary, values));
    }
    if (text.length) {
      // Every lexeme must be among the product's (plainto_tsquery's AND); stop words alone match nothing.
      const ids = lexemes.map((w) => this.dict.word.find(w));
      if (ids.length === 0 || ids.some((id) => id === undefined)) return null;
      const wanted = ids as number[];
      const { words } = this;
      tests.push((row) => {
        const from = words.start[row] as number;
        const to = from + (words.length[row] as number);
        return wanted.every((id) => {
          for (let i = from; i < to; i++) if (words.pool[i] === id) return true;
          return false;
        });
      });
    }
    if (articles.length) tests.push((row) => articles.some((a) => (this.articles[row] as string).startsWith(a)));
    return tests;
  }

  /** Every value the scope has, ignoring all filters. */
  scopeTotals(scope: ListingScope, ref: ListingReference, lexemes: readonly string[] = []): ScopeTotals {
    const rows = this.scopeRows(scope, ref, lexemes);
    const groups = this.group(rows, new Int32Array(rows.length), [], ref);
    const totals: ScopeTotals = { count: rows.length, values: {}, price: this.priceBounds(rows) };
    for (const g of groups) totals.values[g.code] = { ...totals.values[g.code], [g.value]: g.n };
    return totals;
  }

  /**
   * A listing in one pass over its scope: the ids of the page (products passing every filter, sold-out ones last,
   * then the sort) and the counts the chosen filters change, as `fail` groups (a bit per chosen code, in the
   * reference's filter order); a product failing two or more chosen codes counts nowhere. `live` is null when
   * nothing is chosen.
   */
  listing(query: ListingQuery, ref: ListingReference, lexemes: readonly string[] = []): FacetListing {
    const chosen = this.chosen(query.filter, ref);
    const kept: number[] = [];
    const fails: number[] = [];
    const passing: number[] = [];
    for (const row of this.scopeRows(query.scope, ref, lexemes)) {
      let fail = 0;
      for (let i = 0; i < chosen.length; i++) if (!(chosen[i] as Chosen).test(row)) fail |= 1 << i;
      if (fail === 0) passing.push(row);
      if ((fail & (fail - 1)) !== 0) continue;
      kept.push(row);
      fails.push(fail);
    }
    const ids = topRows(passing, this.comparator(query.sort), query.offset + query.limit)
      .slice(query.offset)
      .map((row) => this.productId[row] as number);
    if (chosen.length === 0) return { live: null, ids };
    const live: LiveCounts = {
      bits: Object.fromEntries(chosen.map((c, i) => [c.code, 1 << i])),
      groups: this.group(kept, Int32Array.from(fails), chosen, ref),
      count: passing.length,
      minPrice: this.priceBounds(passing)?.min ?? null,
    };
    return { live, ids };
  }

  private chosen(filter: FilterState, ref: ListingReference): Chosen[] {
    const chosen: Chosen[] = [];
    for (const def of ref.filters) {
      const test = this.test(def.code, filter, ref);
      if (test) chosen.push({ code: def.code, test });
    }
    return chosen;
  }

  private priceBounds(rows: readonly number[]): { min: number; max: number } | null {
    if (rows.length === 0) return null;
    let min = Infinity;
    let max = -Infinity;
    for (const row of rows) {
      const price = this.minPrice[row] as number;
      if (price < min) min = price;
      if (price > max) max = price;
    }
    return { min, max };
  }

  /**
   * Rows counted per filter value and `fail`: a value of code C counts the rows failing nothing or C alone.
   * `fails` holds 0 or one bit per row.
   */
  private group(
    rows: readonly number[],
    fails: Int32Array,
    chosen: readonly { code: string }[],
    ref: ListingReference,
  ): FacetGroup[] {
    const slots = chosen.length + 1;
    const slotOf = (fail: number) => (fail === 0 ? 0 : 32 - Math.clz32(fail));
    const bitOf = (code: string) => {
      const i = chosen.findIndex((c) => c.code === code);
      return i < 0 ? 0 : 1 << i;
    };
    const single = (code: string, column: Int32Array, names: (id: number) => string | undefined, size: number) => {
      const bit = bitOf(code);
      const counts = new Int32Array(size * slots);
      rows.forEach((row, i) => {
        const fail = fails[i] as number;
        const id = column[row] as number;
        if (id >= 0 && id < size && (fail === 0 || fail === bit)) counts[id * slots + slotOf(fail)]++;
      });
      return collect(code, counts, names);
    };
    const multi = (code: string, column: ListColumn, dict: Dictionary) => {
      const bit = bitOf(code);
      const counts = new Int32Array(dict.values.length * slots);
      rows.forEach((row, i) => {
        const fail = fails[i] as number;
        if (fail !== 0 && fail !== bit) return;
        const from = column.start[row] as number;
        const to = from + (column.length[row] as number);
        const slot = slotOf(fail);
        for (let k = from; k < to; k++) counts[(column.pool[k] as number) * slots + slot]++;
      });
      return collect(code, counts, (id) => dict.values[id]);
    };
    const collect = (code: string, counts: Int32Array, names: (id: number) => string | undefined) => {
      const groups: FacetGroup[] = [];
      for (let k = 0; k < counts.length; k++) {
        const n = counts[k] as number;
        const value = names(Math.floor(k / slots));
        const slot = k % slots;
        if (n > 0 && value !== undefined) groups.push({ code, value, fail: slot === 0 ? 0 : 1 << (slot - 1), n });
      }
      return groups;
    };
    // Brands are counted by their id; an id outside the reference has no code and is not listed.
    const brandCode = new Map(ref.brands.map((b) => [b.id, b.code]));
    const brandIds = Math.max(0, ...brandCode.keys()) + 1;
    return [
      ...single('brand', this.brand, (id) => brandCode.get(id), brandIds),
      ...single('color', this.color, (id) => this.dict.color.values[id], this.dict.color.values.length),
      ...PROP_CODES.flatMap((code, p) => {
        const dict = this.dict.props[p] as Dictionary;
        return single(code, this.props[p] as Int32Array, (id) => dict.values[id], dict.values.length);
      }),
      ...multi('size', this.sizes, this.dict.size),
      ...multi('shop', this.shops, this.dict.shop),
    ];
  }

  /** Whether the product is listed and has some size in stock. */
  available(productId: number): boolean {
    const row = this.rowOf.get(productId);
    return row !== undefined && this.active[row] === 1 && (this.sizes.length[row] as number) > 0;
  }

  /** The product's section and gender, or null when the index does not hold it. */
  placeOf(productId: number): { sectionId: number; gender: string | null } | null {
    const row = this.rowOf.get(productId);
    if (row === undefined) return null;
    const gender = this.gender[row] as number;
    return {
      sectionId: this.section[row] as number,
      gender: gender === NONE ? null : (this.dict.gender.values[gender] as string),
    };
  }

  /**
   * «Похожие» (issue 44.3): the listed products in stock of the product's own section whose price is within the
   * window of its price, itself and `exclude` left out, closest first (`similarityScore`, then the product id). With
   * `size`, only those holding that size in stock. A pass over the section's rows, no query.
   */
  similar(
    productId: number,
    {
      limit,
      size = null,
      exclude,
      window = PRICE_WINDOW,
    }: {
      limit: number;
      size?: string | null;
      exclude?: ReadonlySet<number>;
      window?: number;
    },
  ): number[] {
    const base = this.rowOf.get(productId);
    if (base === undefined) return [];
    const basePrice = this.minPrice[base] as number;
    const { from, to } = priceWindow(basePrice, window);
    const sizeId = size == null ? undefined : this.dict.size.find(size);
    if (size != null && sizeId === undefined) return [];
    // The base's props, brand, colour and gender as dictionary ids: a candidate is compared id to id.
    const baseProps = this.props.map((column) => column[base] as number);
    const baseGender = this.gender[base] as number;
    const scored: { row: number; score: number }[] = [];
    for (const row of this.sectionRows(this.section[base] as number)) {
      if (row === base || !this.active[row] || (this.sizes.length[row] as number) === 0) continue;
      const price = this.minPrice[row] as number;
      if (price < from || price > to) continue;
      const id = this.productId[row] as number;
      if (exclude?.has(id)) continue;
      if (sizeId !== undefined && !this.holds(this.sizes, row, sizeId)) continue;
      let sharedProps = 0;
      for (let i = 0; i < baseProps.length; i++) {
        const value = baseProps[i] as number;
        if (value !== NONE && (this.props[i] as Int32Array)[row] === value) sharedProps++;
      }
      const gender = this.gender[row] as number;
      const score = scoreParts(
        {
          sharedProps,
          basePrice,
          price,
          sameBrand: this.brand[row] === this.brand[base],
          sameColor: this.color[row] === this.color[base],
          otherGender: baseGender !== NONE && gender !== NONE && gender !== baseGender,
          popularity: this.popularity[row] as number,
        },
        window,
      );
      scored.push({ row, score });
    }
    const byScore = (a: { row: number; score: number }, b: { row: number; score: number }) =>
      b.score - a.score || (this.productId[a.row] as number) - (this.productId[b.row] as number);
    return scored
      .sort(byScore)
      .slice(0, limit)
      .map((s) => this.productId[s.row] as number);
  }

  /**
   * The listed products in stock of `sectionIds` (every section when absent), of `gender` when given, at most
   * `maxPrice` kopecks, `exclude` left out: the most popular first, then the product id.
   */
  popular(
    {
      sectionIds,
      gender,
      maxPrice = Infinity,
      exclude,
    }: { sectionIds?: readonly number[]; gender?: string | null; maxPrice?: number; exclude?: ReadonlySet<number> },
    limit: number,
  ): number[] {
    const genderId = gender == null ? undefined : (this.dict.gender.find(gender) ?? -2);
    const rows = sectionIds
      ? sectionIds.flatMap((id) => this.sectionRows(id))
      : Array.from({ length: this.rows }, (_, row) => row);
    const kept = rows.filter(
      (row) =>
        this.active[row] === 1 &&
        (this.sizes.length[row] as number) > 0 &&
        (this.minPrice[row] as number) <= maxPrice &&
        (genderId === undefined || this.gender[row] === genderId) &&
        !exclude?.has(this.productId[row] as number),
    );
    const order = (a: number, b: number) =>
      (this.popularity[b] as number) - (this.popularity[a] as number) ||
      (this.productId[a] as number) - (this.productId[b] as number);
    return topRows(kept, order, limit).map((row) => this.productId[row] as number);
  }

  private holds(column: ListColumn, row: number, id: number): boolean {
    const from = column.start[row] as number;
    const to = from + (column.length[row] as number);
    for (let i = from; i < to; i++) if (column.pool[i] === id) return true;
    return false;
  }

  /** The sorts of the listing: sold-out products last, then the chosen order, then the product id. */
  private comparator(sort: SortValue): (a: number, b: number) => number {
    const soldOut = (row: number) => ((this.sizes.length[row] as number) === 0 ? 1 : 0);
    const by = (column: Float64Array, direction: 1 | -1) => (a: number, b: number) =>
      direction * ((column[a] as number) - (column[b] as number));
    const keys: ((a: number, b: number) => number)[] = [(a, b) => soldOut(a) - soldOut(b)];
    if (sort === 'price_asc') keys.push(by(this.minPrice, 1));
    if (sort === 'price_desc') keys.push(by(this.minPrice, -1));
    if (sort === 'discount_desc') keys.push(by(this.discount, -1));
    keys.push(sort === 'new_desc' ? by(this.createdAt, -1) : by(this.popularity, -1));
    keys.push((a, b) => (this.productId[a] as number) - (this.productId[b] as number));
    return (a, b) => {
      for (const key of keys) {
        const d = key(a, b);
        if (d !== 0) return d;
      }
      return 0;
    };
  }
}

function passesAll(tests: readonly Test[], row: number): boolean {
  for (const test of tests) if (!test(row)) return false;
  return true;
}

/** The first `k` rows in order: a short sorted list for the usual first pages, a full sort for deep ones. */
function topRows(rows: number[], compare: (a: number, b: number) => number, k: number): number[] {
  if (k * 8 >= rows.length) return rows.sort(compare).slice(0, k);
  const top: number[] = [];
  for (const row of rows) {
    if (top.length === k && compare(row, top[k - 1] as number) >= 0) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(row, top[mid] as number) < 0) hi = mid;
      else lo = mid + 1;
    }
    top.splice(lo, 0, row);
    if (top.length > k) top.pop();
  }
  return top;
}
