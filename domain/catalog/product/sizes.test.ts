import { describe, expect, it } from 'vitest';
import { compareSizeNames, sortBySize } from './sizes';

const sorted = (names: string[]) => [...names].sort(compareSizeNames);

describe('size order', () => {
  it('sorts numeric sizes by number, not as text', () => {
    expect(sorted(['52', '100', '44', '9', '48'])).toEqual(['9', '44', '48', '52', '100']);
  });

  it('sorts ranges and fractions by their first number', () => {
    expect(sorted(['48-50', '44,5', '44', '46-48'])).toEqual(['44', '44,5', '46-48', '48-50']);
  });

  it('sorts letter sizes XS < S < M < L < XL < XXL', () => {
    expect(sorted(['XL', 'S', 'XXL', 'M', 'XS', 'L'])).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL']);
  });

  it('reads 3XL as XXXL and ignores case and spaces', () => {
    expect(sorted(['3XL', 'xl', ' m ', 'XXL'])).toEqual([' m ', 'xl', 'XXL', '3XL']);
  });

  it('puts numbers before letters and unknown names last', () => {
    expect(sorted(['ONE SIZE', 'M', '46', 'S', '44'])).toEqual(['44', '46', 'S', 'M', 'ONE SIZE']);
  });

  it('sortBySize returns a sorted copy of the offers', () => {
    const offers = [
      { id: 1, sizeName: '50' },
      { id: 2, sizeName: '42' },
      { id: 3, sizeName: '46' },
    ];
    expect(sortBySize(offers).map((o) => o.id)).toEqual([2, 3, 1]);
    expect(offers.map((o) => o.id)).toEqual([1, 2, 3]);
  });
});
