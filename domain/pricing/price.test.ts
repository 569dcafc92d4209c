import { describe, expect, it } from 'vitest';
import { discountPercent, formatAmount, formatPrice, formatRoubles } from './price';

describe('formatRoubles', () => {
  it.each([
    [0, '0'],
    [990, '9,90'],
    [1000, '10'],
    [171900, '1\u00a0719'],
    [499500, '4\u00a0995'],
    [1299990, '12\u00a0999,90'],
    [9000000, '90\u00a0000'],
    [123456789, '1\u00a0234\u00a0567,89'],
  ])('%i kopecks -> %s, as charged', (kopecks, text) => {
    expect(formatRoubles(kopecks)).toBe(text);
  });

  it('adds the unit after a non-breaking space', () => {
    expect(formatPrice(459000)).toBe('4\u00a0590\u00a0руб.');
  });
});

describe('formatAmount', () => {
  it.each([
    [0, '0\u00a0₽'],
    [1, '0,01\u00a0₽'],
    [50, '0,50\u00a0₽'],
    [375550, '3\u00a0755,50\u00a0₽'],
    [375505, '3\u00a0755,05\u00a0₽'],
    [375500, '3\u00a0755\u00a0₽'],
    [1299999, '12\u00a0999,99\u00a0₽'],
    [123456789, '1\u00a0234\u00a0567,89\u00a0₽'],
    [-37550, '−375,50\u00a0₽'],
  ])('%i kopecks -> %s, to the kopeck', (kopecks, text) => {
    expect(formatAmount(kopecks)).toBe(text);
  });
});

describe('discountPercent', () => {
  it('rounds from the old and the new price', () => {
    expect(discountPercent(700000, 1000000)).toBe(30);
    expect(discountPercent(669000, 1000000)).toBe(33);
    expect(discountPercent(665000, 1000000)).toBe(34);
  });
  it('is zero without a higher old price', () => {
    expect(discountPercent(1000, null)).toBe(0);
    expect(discountPercent(1000, 1000)).toBe(0);
    expect(discountPercent(1000, 900)).toBe(0);
  });
});
