import { describe, expect, it } from 'vitest';
import { type TryOnLine, tryOnSums } from './try-on';

const line = (id: number, price: number, total = price, oldPrice: number | null = null): TryOnLine => ({
  id,
  offerId: id,
  name: `Вещь ${id}`,
  price,
  oldPrice,
  quantity: 1,
  total,
  returned: false,
});

describe('a try-on at the door', () => {
  it('charges the kept lines with their discounts, a share of the sum off, and delivery as agreed', () => {
    // Two lines of 10 000 ₽ and 5 000 ₽ after a 10 % code, 1 000 ₽ off the order, no bonuses, delivery 390 ₽.
    const lines = [line(1, 1_000_000, 900_000, 1_200_000), line(2, 500_000, 450_000)];
    const order = {
      items: 1_500_000,
      discount: 0,
      bonusesUsed: 0,
      deliveryPrice: 39_000,
      total: 1_350_000 - 100_000 + 39_000,
    };
    const sums = tryOnSums(order, lines, new Set([1]));
    // 900 000 kept of 1 350 000: two thirds of the 100 000 off.
    expect(sums.total).toBe(900_000 - 66_666 + 39_000);
    expect(sums.items).toBe(1_000_000);
    expect(sums.discount).toBe(1_200_000 - (900_000 - 66_666));
    expect(sums.bonusesBack).toBe(0);
  });

  it('keeps the bonuses spent up to 30 % of what was kept and gives the rest back', () => {
    const lines = [line(1, 1_000_000), line(2, 1_000_000)];
    const order = { items: 2_000_000, discount: 0, bonusesUsed: 600_000, deliveryPrice: 0, total: 1_400_000 };
    const sums = tryOnSums(order, lines, new Set([2]));
    expect(sums.bonusesUsed).toBe(300_000);
    expect(sums.bonusesBack).toBe(300_000);
    expect(sums.total).toBe(700_000);
  });

  it('changes nothing when everything is kept', () => {
    const lines = [line(1, 1_000_000), line(2, 500_000)];
    const order = { items: 1_500_000, discount: 0, bonusesUsed: 100_000, deliveryPrice: 0, total: 1_400_000 };
    expect(tryOnSums(order, lines, new Set([1, 2]))).toMatchObject({
      total: 1_400_000,
      bonusesUsed: 100_000,
      bonusesBack: 0,
    });
  });
});
