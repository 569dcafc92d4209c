import { describe, expect, it } from 'vitest';
import { changedPrice, kopecksOf, priceProblem } from './rules';

describe('the catalogue desk rules', () => {
  it('reads roubles typed as numbers and strings', () => {
    expect(kopecksOf(1990)).toBe(199_000);
    expect(kopecksOf('1 990,5')).toBe(199_050);
    expect(kopecksOf(19.99)).toBe(1999);
    expect(kopecksOf('-5')).toBe(-500);
    for (const bad of ['abc', '1.234', '', '1e3', null, true, Number.NaN]) expect(kopecksOf(bad)).toBeNull();
  });

  it('wants a price of at least 1 ₽ and an old price above it', () => {
    expect(priceProblem(99, null)).toMatch(/не меньше 1/);
    expect(priceProblem(1000, 1000)).toMatch(/больше цены/);
    expect(priceProblem(1000, 2000)).toBeNull();
  });

  it('changes a price by a percent or an amount, rounded to roubles, never below 1 ₽', () => {
    expect(changedPrice({ price: 199_000, oldPrice: null }, { kind: 'percent', value: -10 }, false)).toEqual({
      price: 179_100,
      oldPrice: null,
    });
    expect(changedPrice({ price: 199_050, oldPrice: null }, { kind: 'percent', value: -10 }, true)).toEqual({
      price: 179_100,
      oldPrice: 199_050,
    });
    expect(changedPrice({ price: 500, oldPrice: null }, { kind: 'amount', value: -10_000 }, false).price).toBe(100);
    // Raised above the old price: the old price goes.
    expect(changedPrice({ price: 1000_00, oldPrice: 1100_00 }, { kind: 'percent', value: 20 }, true)).toEqual({
      price: 1200_00,
      oldPrice: null,
    });
  });
});
