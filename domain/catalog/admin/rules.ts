/**
 * The catalogue desk's pure rules (issue 28.1): prices typed in roubles, an offer's price and old price, and the
 * bulk change of many offers' prices. Money is kopecks inside.
 */

/** The lowest price an offer may have: 1 ₽. */
export const MIN_PRICE = 100;
/** The highest: 10 million roubles, far above any coat, and well inside the column. */
export const MAX_PRICE = 1_000_000_000;
/** The bulk change's bounds: a percent from −90 to +300, an amount up to ±1 million roubles. */
export const PERCENT_RANGE = [-90, 300] as const;
export const MAX_AMOUNT = 100_000_000;

/** Kopecks from roubles typed as a number or a string: `1990`, `1990.5`, `1 990,50`; null when it is not money. */
export function kopecksOf(value: unknown): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'string') text = value.replace(/[\s\u00a0]/g, '').replace(',', '.');
  else return null;
  const match = /^(-?)(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const kopecks = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -kopecks : kopecks;
}

/** Roubles as the API answers them: a number, with kopecks after the point when there are any. */
export const roublesOf = (kopecks: number) => kopecks / 100;

/** Whether a price and old price may stand: the price at least 1 ₽, the old price above the price, or none. */
export function priceProblem(price: number, oldPrice: number | null): string | null {
  if (price < MIN_PRICE) return 'Цена — не меньше 1 ₽.';
  if (price > MAX_PRICE) return 'Цена — не больше 10 000 000 ₽.';
  if (oldPrice !== null && oldPrice <= price) return 'Старая цена должна быть больше цены — или оставьте её пустой.';
  if (oldPrice !== null && oldPrice > MAX_PRICE) return 'Старая цена — не больше 10 000 000 ₽.';
  return null;
}

/** A bulk change: a percent of each price, or an amount (kopecks) added to it; negative lowers. */
export type PriceRule = { kind: 'percent'; value: number } | { kind: 'amount'; value: number };

/** A price rounded to whole roubles, never below 1 ₽ nor above the ceiling. */
export const wholeRoubles = (kopecks: number) =>
  Math.min(MAX_PRICE, Math.max(MIN_PRICE, Math.round(kopecks / 100) * 100));

/**
 * An offer's price and old price after a bulk change. The new price is rounded to whole roubles (never below 1 ₽).
 * With `keepOld`, a lowered price keeps the previous one as its old (crossed-out) price; otherwise the old price stays
 * as it was — and is dropped when it would no longer be above the price.
 */
export function changedPrice(
  offer: { price: number; oldPrice: number | null },
  rule: PriceRule,
  keepOld: boolean,
): { price: number; oldPrice: number | null } {
  const raw = rule.kind === 'percent' ? offer.price * (1 + rule.value / 100) : offer.price + rule.value;
  const price = wholeRoubles(raw);
  let oldPrice = keepOld && price < offer.price ? offer.price : offer.oldPrice;
  if (oldPrice !== null && oldPrice <= price) oldPrice = null;
  return { price, oldPrice };
}

/** Text of a rule for the audit log and the page: «−10 %», «+500 ₽». */
export function ruleText(rule: PriceRule): string {
  const sign = rule.value < 0 ? '−' : '+';
  const abs = Math.abs(rule.value);
  return rule.kind === 'percent' ? `${sign}${abs} %` : `${sign}${abs / 100} ₽`;
}

/**
 * The sane bounds of one packed unit (issue 42.6): up to 100 kg, and 3 m a side (well over any carrier's limit, so a
 * typo of a zero too many is refused, a long ski bag is not).
 */
export const PARCEL_LIMITS = {
  weight: { name: 'Вес', unit: 'граммов', max: 100_000 },
  length: { name: 'Длина', unit: 'сантиметров', max: 300 },
  width: { name: 'Ширина', unit: 'сантиметров', max: 300 },
  height: { name: 'Высота', unit: 'сантиметров', max: 300 },
} as const;
