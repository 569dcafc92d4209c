/** Money is integer kopecks everywhere; these turn it into what a shopper reads. */

const NBSP = '\u00a0';

/** Roubles rounded down to tens, thousands separated by (non-breaking) spaces: 1299990 kopecks -> "12 990". */
export function formatRoubles(kopecks: number): string {
  const tens = Math.floor(kopecks / 1000) * 10;
  return String(tens).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
}

/** "12 990 руб." with non-breaking spaces inside the price and before the unit. */
export function formatPrice(kopecks: number): string {
  return `${formatRoubles(kopecks)}${NBSP}руб.`;
}

/** Discount percent rounded from the old and the new price; 0 when there is no real discount. */
export function discountPercent(price: number, oldPrice: number | null | undefined): number {
  if (!oldPrice || oldPrice <= price) return 0;
  return Math.round(((oldPrice - price) / oldPrice) * 100);
}
