/**
 * The shop's pricing rule (decision 0030): how a price is made round when it is set — by the 1C import and by the back
 * office's price changes — never when it is shown. What is stored is what the pages show and what an order charges.
 */

/** `none`: prices stay as given; `roubles-down`: kopecks dropped (1 719,50 → 1 719); `tens-down`: 1 719 → 1 710. */
export const PRICE_ROUNDINGS = ['none', 'roubles-down', 'tens-down'] as const;
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number];

const STEP: Record<PriceRounding, number> = { none: 1, 'roubles-down': 100, 'tens-down': 1000 };

/**
 * A price (kopecks) under the rule. A price below one step stays as it is: rounding must not make an offer free
 * (a 7,50 ₽ price under `tens-down` is not 0).
 */
export function roundPrice(kopecks: number, rounding: PriceRounding): number {
  const step = STEP[rounding];
  const rounded = Math.floor(kopecks / step) * step;
  return rounded > 0 ? rounded : kopecks;
}

/**
 * A price and its old (crossed-out) price under the rule; an old price that is no longer above the price is dropped,
 * as a sale of nothing would be a lie too.
 */
export function roundPrices(
  prices: { price: number; oldPrice: number | null },
  rounding: PriceRounding,
): { price: number; oldPrice: number | null } {
  const price = roundPrice(prices.price, rounding);
  const oldPrice = prices.oldPrice === null ? null : roundPrice(prices.oldPrice, rounding);
  return { price, oldPrice: oldPrice !== null && oldPrice > price ? oldPrice : null };
}
