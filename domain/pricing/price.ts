/** Money is integer kopecks everywhere; these turn it into what a shopper reads. */

const NBSP = '\u00a0';

/** Digits in groups of three, separated by non-breaking spaces: 1234560 -> "1 234 560". */
const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);

/** Kopecks (not negative) as roubles to the kopeck: 171900 -> "1 719", 375550 -> "3 755,50". */
const exactRoubles = (kopecks: number) => {
  const rest = kopecks % 100;
  return `${grouped(Math.floor(kopecks / 100))}${rest === 0 ? '' : `,${String(rest).padStart(2, '0')}`}`;
};

/**
 * A catalogue price exactly as it is charged, thousands separated by (non-breaking) spaces: 171900 kopecks ->
 * "1 719", 75050 -> "750,50". Never rounded for display (decision 0030): a shop that wants round prices sets them
 * round (`PRICE_ROUNDING`, domain/pricing/price-rounding.ts).
 */
export function formatRoubles(kopecks: number): string {
  return exactRoubles(Math.max(0, Math.round(kopecks)));
}

/** A catalogue price with its unit: "12 990 руб.", non-breaking spaces inside the price and before the unit. */
export function formatPrice(kopecks: number): string {
  return `${formatRoubles(kopecks)}${NBSP}руб.`;
}

/**
 * An exact amount, what a shopper owes or is given off: roubles and, when there are any, kopecks —
 * 375550 -> "3 755,50 ₽", 375500 -> "3 755 ₽". Totals, discounts and delivery on every page, letter and SMS use it.
 */
export function formatAmount(kopecks: number): string {
  const sign = kopecks < 0 ? '−' : '';
  return `${sign}${exactRoubles(Math.abs(Math.round(kopecks)))}${NBSP}₽`;
}

/** Discount percent rounded from the old and the new price; 0 when there is no real discount. */
export function discountPercent(price: number, oldPrice: number | null | undefined): number {
  if (!oldPrice || oldPrice <= price) return 0;
  return Math.round(((oldPrice - price) / oldPrice) * 100);
}

/** A discount's badge as the cards, the product page and the basket show it: 30 -> "−30 %". */
export const discountView = (percent: number): string => `−${percent}${NBSP}%`;
