import { describe, expect, it } from 'vitest';
import { type BasketRow, buildBasket, MAX_BASKET_LINES, mergeLines } from './basket';

function row(over: Partial<BasketRow>): BasketRow {
  return {
    id: 1,
    offerId: 1,
    delay: false,
    quantity: 1,
    productId: 10,
    productName: 'Пуховик',
    brandName: 'Норд',
    category: 'пуховик',
    colorName: 'Чёрный',
    url: '/product/x/',
    image: 'x.jpg',
    sizeName: '48',
    price: 1_000_000,
    oldPrice: null,
    stock: 1,
    ...over,
  };
}

describe('buildBasket', () => {
  const basket = buildBasket([
    row({ id: 1, offerId: 1, quantity: 2, price: 1_299_000, oldPrice: 1_999_000, stock: 8 }),
    row({ id: 2, offerId: 2, quantity: 1, price: 500_000, stock: 3 }),
    row({ id: 3, offerId: 3, delay: true, price: 700_000, stock: 0 }),
    row({ id: 4, offerId: 4, quantity: 1, price: 900_000, stock: 0 }),
  ]);

  it('splits the cart from the wishlist and counts units in the cart, lines in the wishlist', () => {
    expect(basket.available.map((l) => l.id)).toEqual([1, 2, 4]);
    expect(basket.delay.map((l) => l.id)).toEqual([3]);
    expect(basket.availableCount).toBe(4);
    expect(basket.delayCount).toBe(1);
    expect(basket).toMatchObject({ delayUrl: '/lk/like/', cartUrl: '/basket/' });
  });

  it('prices a line as the offer price times the quantity and caps it at the online stock', () => {
    expect(basket.available[0]).toMatchObject({ lineTotal: 2_598_000, quantity: 2, maxQuantity: 8, canBuy: true });
    expect(basket.available[0]?.offer).toEqual({
      id: 1,
      sizeId: '48',
      sizeName: '48',
      price: 1_299_000,
      oldPrice: 1_999_000,
      colorName: 'Чёрный',
    });
    expect(basket.available[2]).toMatchObject({ maxQuantity: 0, canBuy: false });
  });

  it('totals only what can be bought, with the discount from old prices', () => {
    expect(basket.totals).toEqual({
      quantity: 3,
      base: 2 * 1_999_000 + 500_000,
      total: 2 * 1_299_000 + 500_000,
      discount: 2 * 700_000,
      discountPercent: 31,
    });
  });

  it('drops an old price that is not above the price', () => {
    const b = buildBasket([row({ oldPrice: 1_000_000 })]);
    expect(b.available[0]?.offer.oldPrice).toBeNull();
    expect(b.totals.discount).toBe(0);
  });
});

describe('mergeLines', () => {
  const caps = new Map([
    [1, 5],
    [2, 10],
    [3, 0],
  ]);

  it('sums cart quantities of the same offer, capped at stock', () => {
    expect(
      mergeLines([{ offerId: 1, delay: false, quantity: 4 }], [{ offerId: 1, delay: false, quantity: 3 }], caps),
    ).toEqual([{ offerId: 1, delay: false, quantity: 5 }]);
    expect(
      mergeLines([{ offerId: 2, delay: false, quantity: 4 }], [{ offerId: 2, delay: false, quantity: 3 }], caps),
    ).toEqual([{ offerId: 2, delay: false, quantity: 7 }]);
  });

  it('keeps a sold-out line at one unit rather than dropping it', () => {
    expect(mergeLines([{ offerId: 3, delay: false, quantity: 2 }], [], caps)).toEqual([
      { offerId: 3, delay: false, quantity: 1 },
    ]);
  });

  it('unions wishlists and treats cart and wishlist lines of one offer apart', () => {
    const merged = mergeLines(
      [
        { offerId: 1, delay: true, quantity: 1 },
        { offerId: 2, delay: false, quantity: 1 },
      ],
      [
        { offerId: 1, delay: true, quantity: 1 },
        { offerId: 1, delay: false, quantity: 2 },
      ],
      caps,
    );
    expect(merged).toEqual([
      { offerId: 1, delay: true, quantity: 1 },
      { offerId: 2, delay: false, quantity: 1 },
    ]);
  });

  it('leaves the user lines the visitor did not touch out of the result', () => {
    expect(mergeLines([], [{ offerId: 2, delay: false, quantity: 9 }], caps)).toEqual([]);
  });

  it('adds offers new to the user only while each list stays within the line cap, the visitor’s first lines first', () => {
    const lines = (from: number, count: number, delay: boolean) =>
      Array.from({ length: count }, (_, i) => ({ offerId: from + i, delay, quantity: 1 }));
    const user = [...lines(1000, MAX_BASKET_LINES - 2, false), ...lines(1000, MAX_BASKET_LINES, true)];
    const visitor = [{ offerId: 1000, delay: false, quantity: 1 }, ...lines(1, 5, false), ...lines(1, 5, true)];
    const merged = mergeLines(visitor, user, new Map(visitor.map((l) => [l.offerId, 10])));
    // The offer the user already has still merges; two new cart lines fit; the full wishlist takes none.
    expect(merged).toEqual([
      { offerId: 1000, delay: false, quantity: 2 },
      { offerId: 1, delay: false, quantity: 1 },
      { offerId: 2, delay: false, quantity: 1 },
    ]);
  });
});
