import { describe, expect, it } from 'vitest';
import { type Adjustment, BONUS_ACCRUAL, BONUS_MAX_SHARE_PERCENT, basketTotals, computeTotals } from './totals';

// 12 990 ₽ at full price, and 9 990 ₽ down from 14 990 ₽: kopecks throughout.
const coat = { price: 1_299_000, oldPrice: null, quantity: 1 };
const parka = { price: 999_000, oldPrice: 1_499_000, quantity: 2 };

describe('computeTotals', () => {
  it('is zero for no lines', () => {
    expect(computeTotals({ lines: [] })).toMatchObject({ quantity: 0, base: 0, items: 0, discount: 0, total: 0 });
  });

  it('counts sale prices as a discount from the crossed-out prices', () => {
    const t = computeTotals({ lines: [coat, parka] });
    expect(t).toMatchObject({ quantity: 3, base: 4_297_000, items: 3_297_000, discount: 1_000_000, total: 3_297_000 });
    expect(t.discountPercent).toBe(23);
    expect(t.lines.map((l) => l.total)).toEqual([1_299_000, 1_998_000]);
  });

  it('gives each line the larger of a card and a promo percent, never both', () => {
    const t = computeTotals({
      lines: [coat],
      adjustments: [
        { source: 'card', code: '1234', percent: 5 },
        { source: 'promo', code: 'ZIMA10', percent: 10 },
      ],
    });
    expect(t.adjustments).toEqual([
      { source: 'card', code: '1234', amount: 0 },
      { source: 'promo', code: 'ZIMA10', amount: 129_900 },
    ]);
    expect(t.total).toBe(1_169_100);
    expect(t.discount).toBe(129_900);
  });

  it('applies a card only to lines without their own discount, a promo code only to its sections and brands', () => {
    const t = computeTotals({
      lines: [
        { ...coat, sectionPath: [5, 1], brandId: 7 },
        { ...parka, sectionPath: [5, 2], brandId: 7 },
      ],
      adjustments: [
        { source: 'card', code: '2000000000015', percent: 5, fullPriceOnly: true },
        { source: 'promo', code: 'PARKI', percent: 3, sectionIds: [2] },
      ],
    });
    // The coat gets the card (5 %); the parka is on sale, so only the promo code for its section (3 %).
    expect(t.lines.map((l) => l.adjustment)).toEqual([64_950, 59_940]);
    expect(t.adjustments.map((a) => a.amount)).toEqual([64_950, 59_940]);
    const brandOnly = computeTotals({
      lines: [{ ...coat, brandId: 7 }],
      adjustments: [{ source: 'promo', code: 'B', percent: 10, brandIds: [8] }],
    });
    expect(brandOnly.total).toBe(1_299_000);
    // A code for a parent section covers the sections below it.
    const parent = computeTotals({
      lines: [{ ...coat, sectionPath: [5, 1] }],
      adjustments: [{ source: 'promo', code: 'ZIMA', percent: 10, sectionIds: [5] }],
    });
    expect(parent.total).toBe(1_169_100);
  });

  it('rounds a percent down to the kopeck per line, so the lines add up to the total', () => {
    const t = computeTotals({
      lines: [
        { price: 333, oldPrice: null, quantity: 1 },
        { price: 333, oldPrice: null, quantity: 1 },
      ],
      adjustments: [{ source: 'card', code: 'c', percent: 3 }],
    });
    expect(t.lines.map((l) => l.adjustment)).toEqual([9, 9]);
    expect(t.total).toBe(t.lines.reduce((s, l) => s + l.total, 0));
  });

  it('takes a sum off after the percent and never below zero', () => {
    const t = computeTotals({
      lines: [{ price: 100_000, oldPrice: null, quantity: 1 }],
      adjustments: [
        { source: 'promo', code: 'MINUS', amount: 500_000 },
        { source: 'card', code: 'c', percent: 10 },
      ],
    });
    expect(t.adjustments.map((a) => a.amount)).toEqual([90_000, 10_000]);
    expect(t.total).toBe(0);
  });

  it('takes a brand’s or a section’s sum off only the lines it covers, no more than they still cost', () => {
    const theirs = { price: 300_000, oldPrice: null, quantity: 1, brandId: 7, sectionPath: [12, 3] };
    const other = { price: 500_000, oldPrice: null, quantity: 1, brandId: 8, sectionPath: [14, 3] };
    const off = (adjustment: Adjustment, lines = [theirs, other]) =>
      computeTotals({ lines, adjustments: [{ source: 'card', code: 'c', percent: 10 }, adjustment] });
    // Not a kopeck off another brand's coat.
    expect(off({ source: 'promo', code: 'B', amount: 100_000, brandIds: [7] }, [other]).total).toBe(450_000);
    // Its own coat after the card's 10 %: 270 000 left, all of it and no more.
    const big = off({ source: 'promo', code: 'B', amount: 1_000_000, brandIds: [7] });
    expect(big.adjustments.map((a) => a.amount)).toEqual([80_000, 270_000]);
    expect(big.total).toBe(450_000);
    expect(off({ source: 'promo', code: 'S', amount: 100_000, sectionIds: [14] }).total).toBe(620_000);
    // Unlimited, it comes off the whole goods.
    expect(off({ source: 'promo', code: 'A', amount: 100_000 }).total).toBe(620_000);
  });

  it(`lets bonuses pay at most ${BONUS_MAX_SHARE_PERCENT}% of the goods, in whole roubles, within the balance`, () => {
    const lines = [coat];
    const cap = Math.floor((1_299_000 * BONUS_MAX_SHARE_PERCENT) / 100 / 100) * 100;
    expect(computeTotals({ lines, bonuses: { requested: 10_000_000, balance: 10_000_000 } }).bonusesUsed).toBe(cap);
    expect(computeTotals({ lines, bonuses: { requested: 50_050, balance: 10_000_000 } }).bonusesUsed).toBe(50_000);
    expect(computeTotals({ lines, bonuses: { requested: 100_000, balance: 20_000 } }).bonusesUsed).toBe(20_000);
    const t = computeTotals({ lines, bonuses: { requested: 20_000, balance: 20_000 } });
    expect(t.total).toBe(1_279_000);
    // Bonuses are a payment, not a discount.
    expect(t.discount).toBe(0);
    // Earned only while something credits them (BONUS_ACCRUAL).
    expect(t.bonusesEarned).toBe(
      BONUS_ACCRUAL.credited ? Math.floor((1_279_000 * BONUS_ACCRUAL.percent) / 100 / 100) * 100 : 0,
    );
  });

  it('adds delivery after every discount and bonus', () => {
    const t = computeTotals({
      lines: [coat],
      adjustments: [{ source: 'promo', code: 'ALL', amount: 10_000_000 }],
      bonuses: { requested: 100_000, balance: 100_000 },
      delivery: 49_000,
    });
    expect(t).toMatchObject({ bonusesUsed: 0, delivery: 49_000, total: 49_000 });
  });
});

describe('basketTotals', () => {
  const line = (canBuy: boolean, price: number, oldPrice: number | null, quantity: number) => ({
    canBuy,
    quantity,
    offer: { price, oldPrice },
  });

  it('is zero for an empty cart', () => {
    expect(basketTotals([])).toEqual({ quantity: 0, base: 0, discount: 0, discountPercent: 0, total: 0 });
  });

  it('sums only the lines that can be bought', () => {
    expect(basketTotals([line(true, 999_000, 1_499_000, 2), line(false, 500_000, null, 1)])).toEqual({
      quantity: 2,
      base: 2_998_000,
      discount: 1_000_000,
      discountPercent: 33,
      total: 1_998_000,
    });
  });
});
