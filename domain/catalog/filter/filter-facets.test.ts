import { describe, expect, it } from 'vitest';
import {
  buildFacets,
  combineCounts,
  describeFilter,
  type FacetCounts,
  type Facet,
  type FilterDef,
  filterParams,
  type ScopeTotals,
  topValues,
  unknownFilterPart,
} from './filter-facets';

const defs: FilterDef[] = [
  { code: 'price', name: 'Цена', kind: 'range', values: [] },
  {
    code: 'hood',
    name: 'Капюшон',
    kind: 'list',
    values: [
      { value: 'yes', name: 'С капюшоном' },
      { value: 'no', name: 'Без капюшона' },
    ],
  },
  {
    code: 'color',
    name: 'Цвет',
    kind: 'list',
    values: [
      { value: 'black', name: 'Чёрный', hex: '#111' },
      { value: 'red', name: 'Красный', hex: '#b00' },
      { value: 'pink', name: 'Розовый', hex: '#fcc' },
    ],
  },
  {
    code: 'brand',
    name: 'Бренд',
    kind: 'list',
    values: [
      { value: 'nordvik', name: 'Nordvik' },
      { value: 'taiga', name: 'Taiga' },
    ],
  },
];
const counts: FacetCounts = {
  count: 7,
  minPrice: 399000,
  values: {
    color: { black: { count: 5, total: 20 }, red: { count: 0, total: 4 } },
    brand: { nordvik: { count: 7, total: 30 } },
    hood: { yes: { count: 4, total: 10 }, no: { count: 3, total: 14 } },
  },
  ranges: { price: { min: 3990, max: 89990 } },
};

describe('facets', () => {
  it('lists values present in the scope in code order, disabling the ones that would give nothing', () => {
    const facets = buildFacets(defs, counts, {
      lists: { color: ['black'] },
      ranges: { price: { from: 5000, to: null } },
    });
    expect(facets.map((f) => f.code)).toEqual(['color', 'hood', 'price']);
    expect(facets[0]?.values).toEqual([
      { value: 'black', name: 'Чёрный', hex: '#111', count: 5, selected: true, disabled: false },
      { value: 'red', name: 'Красный', hex: '#b00', count: 0, selected: false, disabled: true },
    ]);
    expect(facets[2]?.range).toEqual({ min: 3990, max: 89990, from: 5000, to: null });
  });

  it('drops a filter with a single possible value unless it is chosen, and leaves out saved codes', () => {
    expect(buildFacets(defs, counts, { lists: {}, ranges: {} }).map((f) => f.code)).not.toContain('brand');
    expect(buildFacets(defs, counts, { lists: { brand: ['nordvik'] }, ranges: {} }).map((f) => f.code)).toContain(
      'brand',
    );
    expect(
      buildFacets(defs, counts, { lists: { brand: ['nordvik'] }, ranges: {} }, ['brand']).map((f) => f.code),
    ).not.toContain('brand');
  });

  it('names unknown codes and values', () => {
    expect(unknownFilterPart({ lists: { color: ['black'] }, ranges: {} }, defs)).toBeNull();
    expect(unknownFilterPart({ lists: { colour: ['black'] }, ranges: {} }, defs)).toBe('colour');
    expect(unknownFilterPart({ lists: { color: ['gold'] }, ranges: {} }, defs)).toBe('color-is-gold');
    expect(unknownFilterPart({ lists: { price: ['1'] }, ranges: {} }, defs)).toBe('price');
    expect(unknownFilterPart({ lists: {}, ranges: { color: { from: 1, to: 2 } } }, defs)).toBe('color');
  });

  it('says the chosen filters in words', () => {
    const text = describeFilter(
      {
        lists: { color: ['black', 'red'], brand: ['taiga'], hood: ['yes'] },
        ranges: { price: { from: 5000, to: 20000 } },
      },
      defs,
    );
    expect(text).toBe('Taiga; цвет: чёрный, красный; с капюшоном; цена: от 5\u00a0000 до 20\u00a0000\u00a0руб.');
    expect(describeFilter({ lists: { brand: ['taiga'] }, ranges: {} }, defs, ['brand'])).toBe('');
  });
});

describe('filter params', () => {
  const list = (code: string, n: number): Facet => ({
    code,
    name: code,
    kind: 'list',
    values: Array.from({ length: n }, (_, i) => ({
      value: `v${i}`,
      name: `v${i}`,
      count: 1,
      selected: false,
      disabled: false,
    })),
  });

  it('shows a list of up to nine values in full and the first eight of a longer one; sizes always in full', () => {
    expect(topValues(list('color', 9))).toHaveLength(9);
    expect(topValues(list('color', 10)).map((v) => v.value)).toEqual(['v0', 'v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7']);
    expect(topValues(list('size', 14))).toHaveLength(14);
  });

  it('hides the codes the panel leaves out, gives the open values of each list, and keeps the saved filters', () => {
    const facets = buildFacets(defs, counts, { lists: {}, ranges: {} }, ['hood']);
    expect(filterParams(defs, facets, { hood: ['yes'] })).toEqual({
      hidden: ['brand', 'hood'],
      top: { color: ['black', 'red'] },
      saved: { hood: ['yes'] },
    });
  });
});

describe('combining scope totals with live counts', () => {
  const totals: ScopeTotals = {
    count: 10,
    values: { color: { black: 6, red: 4 }, brand: { nordvik: 5, taiga: 5 }, size: { '46': 8, '48': 3 } },
    price: { min: 399050, max: 899000 },
  };

  it('uses the totals when nothing is chosen', () => {
    const c = combineCounts(totals, null);
    expect(c.count).toBe(10);
    expect(c.minPrice).toBe(399050);
    expect(c.values.color).toEqual({ black: { count: 6, total: 6 }, red: { count: 4, total: 4 } });
    expect(c.ranges.price).toEqual({ min: 3990, max: 8990 });
  });

  it('counts a value with the other chosen codes: groups failing nothing or only its own code', () => {
    // color (bit 1) and brand (bit 2) chosen.
    const c = combineCounts(totals, {
      bits: { color: 1, brand: 2 },
      count: 3,
      minPrice: 450000,
      groups: [
        { code: 'color', value: 'black', fail: 0, n: 3 },
        { code: 'color', value: 'red', fail: 1, n: 2 },
        { code: 'brand', value: 'nordvik', fail: 0, n: 3 },
        { code: 'brand', value: 'taiga', fail: 2, n: 1 },
        { code: 'brand', value: 'nordvik', fail: 1, n: 2 },
        { code: 'size', value: '46', fail: 0, n: 3 },
        { code: 'size', value: '48', fail: 2, n: 1 },
      ],
    });
    expect(c.count).toBe(3);
    expect(c.minPrice).toBe(450000);
    expect(c.values.color).toEqual({ black: { count: 3, total: 6 }, red: { count: 2, total: 4 } });
    expect(c.values.brand).toEqual({ nordvik: { count: 3, total: 5 }, taiga: { count: 1, total: 5 } });
    // size is not chosen: only products failing nothing count.
    expect(c.values.size).toEqual({ '46': { count: 3, total: 8 }, '48': { count: 0, total: 3 } });
  });

  it('gives the only chosen code its totals', () => {
    const c = combineCounts(totals, {
      bits: { color: 1 },
      count: 6,
      minPrice: 1,
      groups: [{ code: 'brand', value: 'taiga', fail: 0, n: 6 }],
    });
    expect(c.values.color).toEqual({ black: { count: 6, total: 6 }, red: { count: 4, total: 4 } });
    expect(c.values.brand).toEqual({ nordvik: { count: 0, total: 5 }, taiga: { count: 6, total: 5 } });
  });
});
