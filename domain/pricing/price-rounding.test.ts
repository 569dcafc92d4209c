import { describe, expect, it } from 'vitest';
import { roundPrice, roundPrices } from './price-rounding';

describe('the pricing rule', () => {
  it.each([
    ['none', 171_950, 171_950],
    ['roubles-down', 171_950, 171_900],
    ['tens-down', 171_950, 171_000],
    ['tens-down', 499_500, 499_000],
    ['tens-down', 499_000, 499_000],
  ] as const)('%s makes %i kopecks %i', (rounding, kopecks, rounded) => {
    expect(roundPrice(kopecks, rounding)).toBe(rounded);
  });

  it('never makes a price below one step free', () => {
    expect(roundPrice(750, 'tens-down')).toBe(750);
    expect(roundPrice(50, 'roubles-down')).toBe(50);
  });

  it('rounds the old price too, and drops it when it is no longer above the price', () => {
    expect(roundPrices({ price: 171_900, oldPrice: 599_900 }, 'tens-down')).toEqual({
      price: 171_000,
      oldPrice: 599_000,
    });
    expect(roundPrices({ price: 171_500, oldPrice: 171_900 }, 'tens-down')).toEqual({
      price: 171_000,
      oldPrice: null,
    });
    expect(roundPrices({ price: 171_900, oldPrice: null }, 'none')).toEqual({ price: 171_900, oldPrice: null });
  });
});
