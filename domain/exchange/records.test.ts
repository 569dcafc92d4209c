import { describe, expect, it } from 'vitest';
import { parseKopecks, parseQuantity, splitOfferId } from './records';

describe('CommerceML numbers and offer ids', () => {
  it.each([
    ['1990', 199_000],
    ['3159.00', 315_900],
    ['1 990,50', 199_050],
    ['0.29', 29],
    ['1990,005', 199_001],
    ['1990.5', 199_050],
    ['-5', -500],
    ['12р', null],
    ['', null],
    ['1.2.3', null],
  ])('reads the price %j as %j kopecks', (text, kopecks) => {
    expect(parseKopecks(text)).toBe(kopecks);
  });

  it('reads quantities with a decimal comma and keeps a negative one for the importer to judge', () => {
    expect([parseQuantity('5'), parseQuantity('5,000'), parseQuantity('-2'), parseQuantity('пять')]).toEqual([
      5,
      5,
      -2,
      null,
    ]);
  });

  it('splits an offer Ид at its first #', () => {
    expect(splitOfferId('p#c#x')).toEqual({ productId: 'p', characteristicId: 'c#x' });
    expect(splitOfferId('p')).toEqual({ productId: 'p', characteristicId: null });
    expect(splitOfferId('p#')).toEqual({ productId: 'p', characteristicId: null });
  });
});
