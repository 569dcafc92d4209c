import { describe, expect, it } from 'vitest';
import { Random } from '../../../db/seed/random';
import {
  type FilterState,
  formatFilterPath,
  normalizeFilter,
  parseFilterSegments,
  setRange,
  splitFilterPath,
  toggleValue,
} from './filter';

const parsePath = (path: string) => {
  const split = splitFilterPath(path);
  if (!split?.segments) return null;
  return parseFilterSegments(split.segments);
};

describe('filter URL', () => {
  it('writes the spec form: -is-, -or-, -from-…-to-, then apply/', () => {
    const state: FilterState = {
      lists: { color: ['black', 'navy'], brand: ['arctic-line'], hood: ['yes'] },
      ranges: { price: { from: 5000, to: 20000 } },
    };
    expect(formatFilterPath(state)).toBe(
      'filter/brand-is-arctic-line/color-is-black-or-navy/hood-is-yes/price-from-5000-to-20000/apply/',
    );
  });

  it('puts codes in the fixed order and values in numeric-then-word order', () => {
    const a = formatFilterPath({
      lists: { size: ['xl', '48', '100', '46', 'l'], brand: ['taiga', 'nordvik'] },
      ranges: {},
    });
    expect(a).toBe('filter/brand-is-nordvik-or-taiga/size-is-46-or-48-or-100-or-l-or-xl/apply/');
  });

  it('drops numbers of 0 or less, empty lists, duplicates and ranges with both ends empty (spec §5)', () => {
    const state: FilterState = {
      lists: { size: ['0', '46', '46'], color: [], brand: ['NORDVIK'] },
      ranges: { price: { from: null, to: null } },
    };
    expect(formatFilterPath(state)).toBe('filter/brand-is-nordvik/size-is-46/apply/');
    expect(formatFilterPath({ lists: {}, ranges: { price: { from: 0, to: -5 } } })).toBe('');
    expect(formatFilterPath({ lists: { size: ['0'] }, ranges: {} })).toBe('');
  });

  it('writes half-open ranges and swaps reversed ends', () => {
    expect(formatFilterPath({ lists: {}, ranges: { price: { from: 0, to: 9000 } } })).toBe(
      'filter/price-to-9000/apply/',
    );
    expect(formatFilterPath({ lists: {}, ranges: { price: { from: 9000, to: null } } })).toBe(
      'filter/price-from-9000/apply/',
    );
    expect(formatFilterPath({ lists: {}, ranges: { price: { from: 9000, to: 3000 } } })).toBe(
      'filter/price-from-3000-to-9000/apply/',
    );
  });

  it('leaves saved filters out of the URL', () => {
    const state: FilterState = { lists: { brand: ['nordvik'], color: ['red'] }, ranges: {} };
    expect(formatFilterPath(state, ['brand'])).toBe('filter/color-is-red/apply/');
    expect(formatFilterPath({ lists: { brand: ['nordvik'] }, ranges: {} }, ['brand'])).toBe('');
  });

  it('reads a filter path back, whatever the order it was written in', () => {
    const a = parsePath('/catalog/man/filter/price-from-100-to-900/color-is-red-or-black/brand-is-sever/apply/');
    const b = parsePath('/catalog/man/filter/brand-is-sever/color-is-black-or-red/price-from-100-to-900/apply/');
    expect(a && normalizeFilter(a)).toEqual(b && normalizeFilter(b));
    expect(b && formatFilterPath(b)).toBe('filter/brand-is-sever/color-is-black-or-red/price-from-100-to-900/apply/');
  });

  it('merges one code written twice', () => {
    const a = parsePath('/catalog/filter/color-is-red/color-is-black/apply/');
    expect(a && formatFilterPath(a)).toBe('filter/color-is-black-or-red/apply/');
  });

  it('splits the listing path from its filter part', () => {
    expect(splitFilterPath('/catalog/women/puhoviki/')).toEqual({ base: '/catalog/women/puhoviki/', segments: null });
    expect(splitFilterPath('/catalog/women/puhoviki/filter/hood-is-yes/apply/')).toEqual({
      base: '/catalog/women/puhoviki/',
      segments: ['hood-is-yes'],
    });
    expect(splitFilterPath('/brands/nordvik/man/filter/size-is-50/apply')).toEqual({
      base: '/brands/nordvik/man/',
      segments: ['size-is-50'],
    });
  });

  it.each([
    '/catalog/women/filter/hood-is-yes/',
    '/catalog/women/filter/hood-is-yes/apply/more/',
    '/catalog/women/filter//apply/',
  ])('refuses a broken filter path: %s', (path) => {
    expect(splitFilterPath(path)).toBeNull();
  });

  it.each([
    ['hood-yes'],
    ['hood-is-'],
    ['hood-is-yes-or-'],
    ['hood-is-ye$'],
    ['price-from-abc'],
    ['price-from-1.5-to-3'],
    ['price-from-10-to-20', 'price-to-30'],
    ['-is-x'],
  ])('refuses segments that are not a filter: %s', (...segments) => {
    expect(parseFilterSegments(segments)).toBeNull();
  });

  it('toggles values and sets ranges in canonical form', () => {
    let state: FilterState = { lists: {}, ranges: {} };
    state = toggleValue(state, 'color', 'red');
    state = toggleValue(state, 'color', 'black');
    state = toggleValue(state, 'brand', 'sever');
    expect(formatFilterPath(state)).toBe('filter/brand-is-sever/color-is-black-or-red/apply/');
    state = toggleValue(state, 'color', 'red');
    state = setRange(state, 'price', { from: 1000, to: null });
    expect(formatFilterPath(state)).toBe('filter/brand-is-sever/color-is-black/price-from-1000/apply/');
    state = toggleValue(toggleValue(state, 'color', 'black'), 'brand', 'sever');
    expect(formatFilterPath(setRange(state, 'price', { from: null, to: null }))).toBe('');
  });
});

describe('filter URL round trips over random filter sets', () => {
  const rnd = new Random(20261121);
  const words = ['a', 'b2', 'nord', 'vik', 'x', 'down', 'feather', '46', '0', '100', '7', 'xl', 'line', 'q9'];
  const codes = ['brand', 'size', 'color', 'material', 'insulation', 'length', 'season', 'hood', 'extra', 'zeta_1'];
  const randomValue = () => rnd.sample(words, rnd.int(1, 3)).join('-');
  const randomState = (): FilterState => {
    const lists: Record<string, string[]> = {};
    for (const code of rnd.sample(codes, rnd.int(0, 6)))
      lists[code] = Array.from({ length: rnd.int(0, 4) }, randomValue);
    const ranges: Record<string, { from: number | null; to: number | null }> = {};
    for (const code of rnd.sample(['price', 'weight'], rnd.int(0, 2))) {
      const end = () => (rnd.chance(0.3) ? null : rnd.int(-10, 200000));
      ranges[code] = { from: end(), to: end() };
    }
    return { lists, ranges };
  };
  const shuffled = <T>(items: T[]): T[] => rnd.sample(items, items.length).sort(() => (rnd.chance(0.5) ? 1 : -1));

  it('parse(format(x)) is the normal form of x, for 3000 random sets', () => {
    for (let i = 0; i < 3000; i++) {
      const state = randomState();
      const path = `/catalog/women/${formatFilterPath(state)}`;
      const normal = normalizeFilter(state);
      const emptyNormal = Object.keys(normal.lists).length + Object.keys(normal.ranges).length === 0;
      if (emptyNormal) {
        expect(path).toBe('/catalog/women/');
        continue;
      }
      const parsed = parsePath(path);
      expect(parsed).not.toBeNull();
      expect(normalizeFilter(parsed as FilterState)).toEqual(normal);
      // The canonical URL is a fixed point.
      expect(formatFilterPath(parsed as FilterState)).toBe(path.slice('/catalog/women/'.length));
    }
  });

  it('every order of the same segments and values gives the same canonical URL', () => {
    for (let i = 0; i < 1000; i++) {
      const canonical = formatFilterPath(randomState());
      if (!canonical) continue;
      const segments = canonical.slice('filter/'.length, -'/apply/'.length).split('/');
      const reordered = shuffled(segments).map((seg) => {
        const m = /^([a-z0-9_]+)-is-(.+)$/.exec(seg);
        return m ? `${m[1]}-is-${shuffled((m[2] as string).split('-or-')).join('-or-')}` : seg;
      });
      const parsed = parseFilterSegments(reordered);
      expect(parsed && formatFilterPath(parsed)).toBe(canonical);
    }
  });
});
