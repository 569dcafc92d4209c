/** Money is integer kopecks everywhere; these turn it into what a shopper reads. */

const NBSP = '\u00a0';

/** Digits in groups of three, separated by non-breaking spaces: 1234560 -> "1 234 560". */
const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);

/**
 * A catalogue price: roubles rounded down to tens (spec §9, the shop's pricing rule), thousands separated by
 * (non-breaking) spaces: 1299990 kopecks -> "12 990".
 */
export function formatRoubles(kopecks: number): string {
  return grouped(Math.floor(kopecks / 1000) * 10);
}

/** A catalogue price with its unit: "12 990 руб.", non-breaking spaces inside the price and before the unit. */
export function formatPrice(kopecks: number): string {
  return `${formatRoubles(kopecks)}${NBSP}руб.`;
}

/**
 * An exact amount, what a shopper owes or is given off: roubles and, when there are any, kopecks —
 * 375550 -> "3 755,50 ₽", 375500 -> "3 755 ₽". Totals, discounts and delivery on every page, letter and SMS use it;
 * rounding them like catalogue prices would announce a sum other than the one charged.
 */
export function formatAmount(kopecks: number): string {
  const sign = kopecks < 0 ? '−' : '';
  const abs = Math.abs(Math.round(kopecks));
  const rest = abs % 100;
  const fraction = rest === 0 ? '' : `,${String(rest).padStart(2, '0')}`;
  return `${sign}${grouped(Math.floor(abs / 100))}${fraction}${NBSP}₽`;
}

/** Discount percent rounded from the old and the new price; 0 when there is no real discount. */
export function discountPercent(price: number, oldPrice: number | null | undefined): number {
  if (!oldPrice || oldPrice <= price) return 0;
  return Math.round(((oldPrice - price) / oldPrice) * 100);
}
