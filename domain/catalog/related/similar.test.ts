import { describe, expect, it } from 'vitest';
import { isAccessorySection, priceWindow, type SimilarTraits, similarityScore, sizeKey } from './similar';

const base: SimilarTraits = {
  price: 1_000_000,
  brandId: 1,
  colorCode: 'black',
  gender: 'woman',
  props: { material: 'down', hood: 'yes', length: 'long' },
  popularity: 10,
};
const like = (change: Partial<SimilarTraits>): SimilarTraits => ({ ...base, ...change });

describe('similarityScore', () => {
  it('counts each shared prop more than anything else', () => {
    const twoProps = like({ props: { material: 'down', hood: 'yes' }, brandId: 2, colorCode: 'red' });
    const oneProp = like({ props: { material: 'down' } });
    expect(similarityScore(base, twoProps)).toBeGreaterThan(similarityScore(base, oneProp));
  });

  it('prefers a closer price, and gives nothing for the price at the window’s edge', () => {
    const near = like({ price: 1_050_000 });
    const far = like({ price: 1_250_000 });
    const edge = like({ price: 1_300_000 });
    expect(similarityScore(base, near)).toBeGreaterThan(similarityScore(base, far));
    expect(similarityScore(base, far)).toBeGreaterThan(similarityScore(base, edge));
    // Below or above by the same amount is the same.
    expect(similarityScore(base, like({ price: 900_000 }))).toBeCloseTo(
      similarityScore(base, like({ price: 1_100_000 })),
    );
  });

  it('adds for the same brand and colour, takes off for another gender', () => {
    expect(similarityScore(base, like({}))).toBeGreaterThan(similarityScore(base, like({ brandId: 2 })));
    expect(similarityScore(base, like({}))).toBeGreaterThan(similarityScore(base, like({ colorCode: 'red' })));
    expect(similarityScore(base, like({ gender: 'man' }))).toBeLessThan(similarityScore(base, like({ brandId: 2 })));
  });

  it('lets popularity only break ties', () => {
    const popular = like({ popularity: 1_000_000, props: { material: 'down' } });
    const plain = like({ popularity: 0 });
    expect(similarityScore(base, plain)).toBeGreaterThan(similarityScore(base, popular));
    expect(similarityScore(base, like({ popularity: 500 }))).toBeGreaterThan(
      similarityScore(base, like({ popularity: 5 })),
    );
  });
});

describe('priceWindow', () => {
  it('is ±30 % of the price in whole kopecks', () => {
    expect(priceWindow(1_000_000)).toEqual({ from: 700_000, to: 1_300_000 });
    expect(priceWindow(333)).toEqual({ from: 233, to: 433 });
  });
});

describe('helpers', () => {
  it('knows accessory sections by their address', () => {
    expect(isAccessorySection('/catalog/women/aksessuary/shapki/')).toBe(true);
    expect(isAccessorySection('/catalog/women/verkhnyaya-odezhda/puhoviki/')).toBe(false);
  });

  it('reads a size code or refuses it', () => {
    expect(sizeKey(' M ')).toBe('m');
    expect(sizeKey('48')).toBe('48');
    expect(sizeKey('<script>')).toBeNull();
    expect(sizeKey('')).toBeNull();
  });
});
