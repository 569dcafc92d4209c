import { describe, expect, it } from 'vitest';
import { FacetIndex, type FacetRow } from '../listing/facet-index';

const row = (productId: number, change: Partial<FacetRow> = {}): FacetRow => ({
  productId,
  sectionId: 10,
  brandId: 1,
  gender: 'woman',
  colorCode: 'black',
  sizeCodes: ['44', '46'],
  shopCodes: [],
  props: { material: 'down', hood: 'yes' },
  minPrice: 1_000_000,
  popularity: 0,
  discountPercent: 0,
  createdAt: 0,
  active: true,
  article: `A${productId}`,
  titleWords: [],
  articleWords: [],
  ...change,
});

function index(rows: FacetRow[]) {
  const i = new FacetIndex();
  i.upsert(rows);
  return i;
}

describe('FacetIndex.similar', () => {
  const rows = [
    row(1),
    row(2, { props: { material: 'down', hood: 'yes' }, minPrice: 1_050_000 }),
    row(3, { props: { material: 'down' }, minPrice: 1_000_000 }),
    row(4, { minPrice: 1_400_000 }), // beyond +30 %
    row(5, { sectionId: 11 }), // another section
    row(6, { sizeCodes: [] }), // sold out
    row(7, { active: false }),
    row(8, { props: {}, minPrice: 720_000, sizeCodes: ['48'] }),
  ];

  it('keeps the section, the price window and the stock, best score first, never the product itself', () => {
    expect(index(rows).similar(1, { limit: 10 })).toEqual([2, 3, 8]);
  });

  it('narrows to a size, and knows no product it does not hold', () => {
    expect(index(rows).similar(1, { limit: 10, size: '48' })).toEqual([8]);
    expect(index(rows).similar(1, { limit: 10, size: 'xxl' })).toEqual([]);
    expect(index(rows).similar(99, { limit: 10 })).toEqual([]);
  });

  it('leaves out what it is told to, and stops at the limit', () => {
    expect(index(rows).similar(1, { limit: 1 })).toEqual([2]);
    expect(index(rows).similar(1, { limit: 10, exclude: new Set([2]) })).toEqual([3, 8]);
  });

  it('popular: in stock, of a gender and price, most popular first', () => {
    const i = index([
      row(1, { popularity: 5 }),
      row(2, { popularity: 9, gender: 'man' }),
      row(3, { popularity: 7, minPrice: 900_000 }),
      row(4, { popularity: 8, sizeCodes: [] }),
    ]);
    expect(i.popular({ sectionIds: [10], gender: 'woman' }, 10)).toEqual([3, 1]);
    expect(i.popular({ sectionIds: [10], maxPrice: 950_000 }, 10)).toEqual([3]);
    expect(i.popular({ sectionIds: [10], exclude: new Set([3]) }, 1)).toEqual([2]);
  });
});
