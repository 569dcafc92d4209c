import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, parseSort, SORT_LIST, sortState } from './sort';

describe('sort', () => {
  it('offers popularity (the default), price both ways, newest and biggest discount', () => {
    expect(SORT_LIST.map((s) => s.value)).toEqual([
      'default_desc',
      'price_asc',
      'price_desc',
      'new_desc',
      'discount_desc',
    ]);
    expect(sortState('price_asc')).toMatchObject({ value: 'price_asc', default: 'default_desc' });
    expect(sortState('price_asc').list).toHaveLength(5);
  });

  it('reads ?sort=: absent or empty is the default, unknown is refused', () => {
    expect(parseSort(undefined)).toBe(DEFAULT_SORT);
    expect(parseSort('')).toBe(DEFAULT_SORT);
    expect(parseSort('new_desc')).toBe('new_desc');
    expect(parseSort('PRICE_ASC')).toBeNull();
    expect(parseSort('name_asc')).toBeNull();
  });
});
