import { describe, expect, it } from 'vitest';
import { cardMarkers, catalogMarkers } from './markers';

describe('cardMarkers', () => {
  it('gives a new product «Новинка» and one on sale its discount, in the card’s order', () => {
    expect(cardMarkers({ isNew: true, discountPercent: 30 })).toEqual([
      { code: 'new', text: 'Новинка' },
      { code: 'sale', text: '−30\u00a0%' },
    ]);
    expect(cardMarkers({ isNew: false, discountPercent: 0 })).toEqual([]);
  });
});

describe('catalogMarkers', () => {
  it('keys the badges by item and the discounts by offer, leaving out what has none', () => {
    const items = [
      { id: 1, isNew: true, discountPercent: 0 },
      { id: 2, isNew: false, discountPercent: 0 },
    ];
    const offers = [
      { id: 10, price: 700_000, oldPrice: 1_000_000 },
      { id: 11, price: 1_000_000, oldPrice: null },
      { id: 12, price: 1_000_000, oldPrice: 900_000 },
    ];
    expect(catalogMarkers(items, offers)).toEqual({
      markers: { 1: [{ code: 'new', text: 'Новинка' }] },
      discounts: { 10: 30 },
      discountViews: { 10: '−30\u00a0%' },
    });
  });
});
