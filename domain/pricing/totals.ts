import { discountPercent } from './price';

/**
 * The one computation of what a cart or an order costs, in integer kopecks, shaped like Medusa's
 * `decorateCartTotals`: lines in, every line decorated and the sums out. The basket page, the order page and order
 * saving all call it, so the amount a shopper sees is the amount the order stores.
 */

/** A line as pricing sees it: per-unit prices. `oldPrice` is the crossed-out price, when above `price`. */
export interface PricedLine {
  price: number;
  oldPrice: number | null;
  quantity: number;
  /** What a promo code may be limited to: the product's section and its ancestors, its brand. */
  sectionPath?: readonly number[];
  brandId?: number;
}

/** The lines a discount covers: a promo code may name its sections or brands; a card skips lines on sale. */
interface Reach {
  fullPriceOnly?: boolean;
  sectionIds?: readonly number[];
  brandIds?: readonly number[];
}

/**
 * A discount the order carries: a discount card or a promo code, in percent of the lines it applies to or a sum off
 * them. A card's percent applies to lines without their own discount (`fullPriceOnly`); a promo code may name the
 * sections or brands it is for.
 */
export type Adjustment =
  | ({ source: 'card' | 'promo'; code: string; percent: number } & Reach)
  | ({ source: 'promo'; code: string; amount: number } & Omit<Reach, 'fullPriceOnly'>);

type PercentAdjustment = Extract<Adjustment, { percent: number }>;

/** Whether a discount covers the line. */
export function appliesTo(a: Reach, line: PricedLine): boolean {
  if (a.fullPriceOnly && line.oldPrice !== null && line.oldPrice > line.price) return false;
  // A code for «Женщинам» covers every section below it.
  if (a.sectionIds && !a.sectionIds.some((id) => line.sectionPath?.includes(id))) return false;
  if (a.brandIds && !(line.brandId !== undefined && a.brandIds.includes(line.brandId))) return false;
  return true;
}

export interface TotalsInput {
  lines: PricedLine[];
  adjustments?: Adjustment[];
  /** The delivery price of the chosen way, already decided by the delivery rules. */
  delivery?: number;
  /** Bonuses the shopper wants to spend and has (kopecks, one bonus = one rouble = 100). */
  bonuses?: { requested: number; balance: number };
}

export interface LineTotals {
  /** Units × the crossed-out price where there is one, else the price. */
  base: number;
  /** Units × the price. */
  subtotal: number;
  /** This line's share of the percent adjustments. */
  adjustment: number;
  total: number;
}

export interface Totals {
  lines: LineTotals[];
  quantity: number;
  /** The lines at their crossed-out prices. */
  base: number;
  /** The lines at their prices. */
  items: number;
  /** Every discount: sale prices, cards and promo codes. */
  discount: number;
  /** Each adjustment with what it took off; a percent that another beats takes 0. */
  adjustments: { source: Adjustment['source']; code: string; amount: number }[];
  discountPercent: number;
  delivery: number;
  bonusesUsed: number;
  total: number;
  /** Bonuses the order earns once it is completed (none while `BONUS_ACCRUAL` says nothing credits them). */
  bonusesEarned: number;
}

/** Bonuses may pay at most this share of the goods after discounts (the bonus programme page quotes it). */
export const BONUS_MAX_SHARE_PERCENT = 30;
/**
 * Bonuses an order earns: `percent` of what the goods cost after discounts and bonuses, credited to the shopper's card
 * when the back office completes the order and taken back by its return. `credited: false` would stop accrual, and
 * every text about earning bonuses reads this (domain/content/bonus-promises.ts), so none would promise it.
 */
export const BONUS_ACCRUAL: { credited: boolean; percent: number } = { credited: true, percent: 5 };

/** Whole roubles in kopecks, rounded down: bonuses are spent and earned in roubles. */
export const wholeRoubles = (kopecks: number) => Math.floor(kopecks / 100) * 100;

/** What goods costing `goods` kopecks (after discounts and bonuses) earn by `BONUS_ACCRUAL`: the one rule. */
export const bonusesEarnedOn = (goods: number) =>
  BONUS_ACCRUAL.credited ? wholeRoubles((Math.max(goods, 0) * BONUS_ACCRUAL.percent) / 100) : 0;

/**
 * The order of application, in one place: a line's own sale price first; then percents, which do not add up — each
 * line gets the largest percent that covers it (a card and a promo code give the better of the two, and a card skips
 * lines already on sale); then sums off, from the goods that remain, never below zero. Bonuses pay
 * up to `BONUS_MAX_SHARE_PERCENT` of the goods after discounts, in whole roubles. Delivery is added last: no
 * discount or bonus touches it.
 */
export function computeTotals(input: TotalsInput): Totals {
  const adjustments = input.adjustments ?? [];
  const percents = adjustments.filter((a): a is PercentAdjustment => 'percent' in a && a.percent > 0);
  const taken = new Map<Adjustment, number>(adjustments.map((a) => [a, 0]));

  const lines = input.lines.map((line): LineTotals => {
    const subtotal = line.price * line.quantity;
    const base = Math.max(line.oldPrice ?? 0, line.price) * line.quantity;
    // The line's best percent among those that cover it; the first listed wins a tie.
    let best: PercentAdjustment | undefined;
    for (const a of percents) if (appliesTo(a, line) && a.percent > (best?.percent ?? 0)) best = a;
    const adjustment = best ? Math.floor((subtotal * Math.min(100, best.percent)) / 100) : 0;
    if (best) taken.set(best, (taken.get(best) ?? 0) + adjustment);
    return { base, subtotal, adjustment, total: subtotal - adjustment };
  });
  const sum = (pick: (l: LineTotals) => number) => lines.reduce((s, l) => s + pick(l), 0);
  const items = sum((l) => l.subtotal);
  const base = sum((l) => l.base);
  let afterDiscounts = sum((l) => l.total);
  // A sum off comes from the lines it covers, no more than they still cost: a brand's code takes nothing off others.
  const left = lines.map((l) => l.total);
  for (const a of adjustments) {
    if ('percent' in a) continue;
    let amount = 0;
    let wanted = Math.max(0, a.amount);
    input.lines.forEach((line, i) => {
      if (wanted === 0 || !appliesTo(a, line)) return;
      const off = Math.min(wanted, left[i] ?? 0);
      left[i] = (left[i] ?? 0) - off;
      wanted -= off;
      amount += off;
    });
    afterDiscounts -= amount;
    taken.set(a, amount);
  }

  const bonusCap = wholeRoubles((afterDiscounts * BONUS_MAX_SHARE_PERCENT) / 100);
  const bonuses = input.bonuses;
  const bonusesUsed = bonuses
    ? Math.max(0, Math.min(wholeRoubles(bonuses.requested), wholeRoubles(bonuses.balance), bonusCap))
    : 0;
  const goods = afterDiscounts - bonusesUsed;
  const delivery = Math.max(0, input.delivery ?? 0);
  const discount = base - afterDiscounts;
  return {
    lines,
    quantity: input.lines.reduce((s, l) => s + l.quantity, 0),
    base,
    items,
    discount,
    adjustments: adjustments.map((a) => ({ source: a.source, code: a.code, amount: taken.get(a) ?? 0 })),
    discountPercent: discountPercent(base - discount, base),
    delivery,
    bonusesUsed,
    total: goods + delivery,
    bonusesEarned: bonusesEarnedOn(goods),
  };
}

/** The basket's sums (spec §3 Basket, plus the server's totals): only lines that can be bought count. */
export interface BasketTotals {
  quantity: number;
  base: number;
  discount: number;
  discountPercent: number;
  total: number;
}

/** A basket line as the totals read it. */
export interface BasketTotalsLine {
  canBuy: boolean;
  quantity: number;
  offer: { price: number; oldPrice: number | null };
}

export function basketTotals(lines: BasketTotalsLine[]): BasketTotals {
  const priced = lines
    .filter((l) => l.canBuy)
    .map((l) => ({ price: l.offer.price, oldPrice: l.offer.oldPrice, quantity: l.quantity }));
  const t = computeTotals({ lines: priced });
  return {
    quantity: t.quantity,
    base: t.base,
    discount: t.discount,
    discountPercent: t.discountPercent,
    total: t.total,
  };
}
