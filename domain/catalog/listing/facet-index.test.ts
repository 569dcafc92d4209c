import { describe, expect, it } from 'vitest';
import type { FilterState } from '../filter/filter';
import { combineCounts } from '../filter/filter-facets';
import { FacetIndex, type FacetRow } from './facet-index';
import type { ListingReference, ListingScope } from './listing.service';
import { SORT_LIST, type SortValue } from './sort';

/** A small deterministic generator, so a failing case can be replayed. */
function random(seed: number) {
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const some = <T>(list: readonly T[]) => list.filter(() => next() < 0.4);
  return { next, pick, some };
}

const SIZES = ['44', '46', '48', '50', 's', 'm'];
const SHOPS = ['shop-a', 'shop-b', 'shop-c'];
const COLORS = ['black', 'navy', 'red'];

const ref: ListingReference = {
  sections: [
    {
      id: 1,
      parentId: null,
      name: 'Женщинам',
      url: '/w/',
      depth: 1,
      sort: 1,
      gender: 'woman',
      count: 0,
      minPrice: null,
      hasNew: false,
    },
    {
      id: 2,
      parentId: 1,
      name: 'Пуховики',
      url: '/w/p/',
      depth: 2,
      sort: 1,
      gender: 'woman',
      count: 0,
      minPrice: null,
      hasNew: false,
    },
    {
      id: 3,
      parentId: null,
      name: 'Мужчинам',
      url: '/m/',
      depth: 1,
      sort: 2,
      gender: 'man',
      count: 0,
      minPrice: null,
      hasNew: false,
    },
  ],
  brands: [
    { id: 10, code: 'alpha', name: 'Alpha', text: '', count: 0, menCount: 0 },
    { id: 11, code: 'beta', name: 'Beta', text: '', count: 0, menCount: 0 },
  ],
  filters: ['brand', 'size', 'color', 'material', 'insulation', 'length', 'season', 'hood', 'shop', 'price'].map(
    (code) => ({ code, name: code, kind: code === 'price' ? 'range' : 'list', values: [] }),
  ),
};

function rows(count: number, seed: number): FacetRow[] {
  const r = random(seed);
  return Array.from({ length: count }, (_, i) => ({
    productId: 1000 - i * 3,
    sectionId: r.pick([1, 2, 2, 3]),
    brandId: r.pick([10, 11]),
    gender: r.pick(['woman', 'man']),
    colorCode: r.pick(COLORS),
    sizeCodes: r.some(SIZES),
    shopCodes: r.some(SHOPS),
    props: (r.next() < 0.8 ? { material: r.pick(['nylon', 'wool']), hood: r.pick(['yes', 'no']) } : {}) as Record<
      string,
      string
    >,
    minPrice: r.pick([100_000, 250_000, 250_000, 990_000]),
    popularity: r.pick([1, 5, 5, 9]),
    discountPercent: r.pick([0, 10, 30]),
    createdAt: r.pick([1, 2, 3]) * 86_400_000,
    active: r.next() < 0.9,
    article: `NO${String(i).padStart(5, '0')}-01`,
    articleWords: i % 50 === 0 ? ['куртк'] : [],
    titleWords: r.pick([
      ['пуховик', 'женск'],
      ['парк', 'мужск'],
      ['пуховик', 'мужск'],
    ]),
  }));
}

/** What a product shows for a filter code, and whether it passes the chosen filters but `except`. */
const valuesOf = (row: FacetRow, code: string): string[] =>
  code === 'brand'
    ? [ref.brands.find((b) => b.id === row.brandId)?.code ?? '']
    : code === 'color'
      ? [row.colorCode]
      : code === 'size'
        ? row.sizeCodes
        : code === 'shop'
          ? row.shopCodes
          : row.props[code] == null
            ? []
            : [row.props[code] as string];

function passes(row: FacetRow, filter: FilterState, except?: string) {
  for (const [code, values] of Object.entries(filter.lists))
    if (code !== except && !valuesOf(row, code).some((v) => values.includes(v))) return false;
  const price = filter.ranges.price;
  if (price && except !== 'price') {
    if (price.from != null && row.minPrice < price.from * 100) return false;
    if (price.to != null && row.minPrice > price.to * 100 + 99) return false;
  }
  return true;
}

/** The listing's order written out plainly: sold-out last, then the sort's keys, then the product id. */
function plainOrder(sort: SortValue) {
  const keys: ((r: FacetRow) => number)[] = [(r) => (r.sizeCodes.length === 0 ? 1 : 0)];
  if (sort === 'price_asc') keys.push((r) => r.minPrice);
  if (sort === 'price_desc') keys.push((r) => -r.minPrice);
  if (sort === 'discount_desc') keys.push((r) => -r.discountPercent);
  keys.push(sort === 'new_desc' ? (r) => -r.createdAt : (r) => -r.popularity);
  keys.push((r) => r.productId);
  return (a: FacetRow, b: FacetRow) => {
    for (const key of keys) if (key(a) !== key(b)) return key(a) - key(b);
    return 0;
  };
}

const women: ListingScope = { kind: 'section', sectionId: 1 };
const none: FilterState = { lists: {}, ranges: {} };
const nothing = { text: [], brandIds: [], colorCodes: [], props: {}, articles: [] };
const below = (row: FacetRow) => row.active && (row.sectionId === 1 || row.sectionId === 2);

describe('FacetIndex', () => {
  const data = rows(400, 7);
  const index = new FacetIndex();
  index.upsert(data);

  it('counts every value as the products passing the other chosen filters, for random filter sets', () => {
    const r = random(11);
    for (let round = 0; round < 40; round++) {
      const filter: FilterState = { lists: {}, ranges: {} };
      for (const code of r.some(['brand', 'size', 'color', 'material', 'hood', 'shop'])) {
        const values = [...new Set(data.flatMap((row) => valuesOf(row, code)))];
        filter.lists[code] = r.some(values).slice(0, 2);
        if (!filter.lists[code]?.length) delete filter.lists[code];
      }
      if (r.next() < 0.3) filter.ranges.price = { from: 2000, to: 5000 };
      const scoped = data.filter(below);
      const counts = combineCounts(
        index.scopeTotals(women, ref),
        index.listing({ scope: women, filter, sort: 'default_desc', limit: 1, offset: 0 }, ref).live,
      );
      expect(counts.count).toBe(scoped.filter((row) => passes(row, filter)).length);
      for (const [code, byValue] of Object.entries(counts.values))
        for (const [value, { count, total }] of Object.entries(byValue)) {
          expect({ code, value, count }).toEqual({
            code,
            value,
            count: scoped.filter((row) => valuesOf(row, code).includes(value) && passes(row, filter, code)).length,
          });
          expect(total).toBe(scoped.filter((row) => valuesOf(row, code).includes(value)).length);
        }
    }
  });

  it('pages every sort in the plain order, sold-out products last, on the first and on deep pages', () => {
    const filter: FilterState = { lists: { color: ['black', 'navy'] }, ranges: {} };
    const expected = data.filter((row) => below(row) && passes(row, filter));
    for (const { value: sort } of SORT_LIST) {
      const order = [...expected].sort(plainOrder(sort)).map((row) => row.productId);
      for (const [limit, offset] of [
        [5, 0],
        [24, 24],
        [24, order.length - 10],
      ] as const)
        expect(index.listing({ scope: women, filter, sort, limit, offset }, ref).ids).toEqual(
          order.slice(offset, offset + limit),
        );
    }
  });

  it('finds a search by all its lexemes, an article by its prefix, a brand with its gender', () => {
    const search = (match: Partial<Extract<ListingScope, { kind: 'search' }>['match']>, lexemes: string[] = []) =>
      index.scopeTotals({ kind: 'search', match: { ...nothing, ...match } }, ref, lexemes).count;
    const active = data.filter((row) => row.active);
    const withWords = (...words: string[]) =>
      active.filter((row) => words.every((w) => [...row.titleWords, ...row.articleWords].includes(w)));
    expect(search({ text: ['пуховики', 'мужские'] }, ['пуховик', 'мужск'])).toBe(withWords('пуховик', 'мужск').length);
    expect(search({ text: ['пуховики'] }, ['пуховик'])).toBe(withWords('пуховик').length);
    // A word of the article counts as the name's do.
    expect(search({ text: ['куртка', 'мужская'] }, ['куртк', 'мужск'])).toBe(withWords('куртк', 'мужск').length);
    expect(withWords('куртк', 'мужск').length).toBeGreaterThan(0);
    // A word that no product has, and words that are all stop words, find nothing.
    expect(search({ text: ['шуба'] }, ['шуб'])).toBe(0);
    expect(search({ text: ['и'] }, [])).toBe(0);
    expect(search({ articles: ['NO0001'] })).toBe(active.filter((row) => row.article.startsWith('NO0001')).length);
    expect(search({})).toBe(0);
    expect(index.scopeTotals({ kind: 'brand', brandId: 10, gender: 'man' }, ref).count).toBe(
      active.filter((row) => row.brandId === 10 && row.gender === 'man').length,
    );
  });

  it('keeps a rewritten product once, with its new values, however often it is rewritten', () => {
    const small = new FacetIndex();
    const first = rows(50, 3).map((row) => ({ ...row, active: true, sectionId: 2 }));
    small.upsert(first);
    const target = first[0] as FacetRow;
    for (let i = 0; i < 2000; i++)
      small.upsert([{ ...target, sizeCodes: i % 2 ? ['44'] : ['m', 's'], shopCodes: ['shop-c'] }]);
    small.upsert([{ ...target, sizeCodes: ['50'], shopCodes: ['shop-a'], minPrice: 1 }]);
    expect(small.size).toBe(50);
    expect(small.listing({ scope: women, filter: none, sort: 'price_asc', limit: 1, offset: 0 }, ref).ids).toEqual([
      target.productId,
    ]);
    const totals = small.scopeTotals(women, ref);
    expect(totals.count).toBe(50);
    expect(totals.values.size?.['50']).toBe(
      first.filter((row) => row.sizeCodes.includes('50')).length + (target.sizeCodes.includes('50') ? 0 : 1),
    );
    // Moved to another section, it leaves this one's listing.
    small.upsert([{ ...target, sectionId: 3 }]);
    expect(small.scopeTotals(women, ref).count).toBe(49);
    expect(small.scopeTotals({ kind: 'section', sectionId: 3 }, ref).count).toBe(1);
    // Every other product's lists survived the pool being packed: its own sizes and shops find it, the others don't.
    const byArticle = (row: FacetRow, lists: FilterState['lists']) =>
      small.listing(
        {
          scope: { kind: 'search', match: { ...nothing, articles: [row.article] } },
          filter: { lists, ranges: {} },
          sort: 'default_desc',
          limit: 5,
          offset: 0,
        },
        ref,
      ).ids;
    for (const row of first.slice(1)) {
      expect(byArticle(row, { size: row.sizeCodes, shop: row.shopCodes })).toEqual([row.productId]);
      const otherSizes = SIZES.filter((s) => !row.sizeCodes.includes(s));
      if (otherSizes.length) expect(byArticle(row, { size: otherSizes })).toEqual([]);
      const otherShops = SHOPS.filter((s) => !row.shopCodes.includes(s));
      if (otherShops.length) expect(byArticle(row, { shop: otherShops })).toEqual([]);
    }
  });
});
