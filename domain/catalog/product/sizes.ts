/**
 * Spec §4: sizes are sorted by their numeric size name. Russian sizes are numbers ("44", "46"), sometimes
 * a range ("46-48") or a fraction ("44.5"); accessories use letter sizes, which have their own order.
 */
const LETTER_ORDER = ['XXXS', 'XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL', 'XXXXL'];
/** "3XL" is written for XXXL too. */
const MULTI_X = /^(\d)X([SL])$/;

type SizeKey = [group: number, value: number, name: string];

function sizeKey(sizeName: string): SizeKey {
  const name = sizeName.trim().toUpperCase();
  const multi = name.match(MULTI_X);
  const numeric = multi ? null : name.replace(',', '.').match(/^\d+(\.\d+)?/);
  if (numeric) return [0, Number(numeric[0]), name];
  const letters = multi ? `${'X'.repeat(Number(multi[1]))}${multi[2]}` : name;
  const letter = LETTER_ORDER.indexOf(letters);
  if (letter >= 0) return [1, letter, name];
  // Anything else ("ONE SIZE", "универсальный") goes last, alphabetically.
  return [2, 0, name];
}

/** Numeric sizes by number, then letter sizes XS < S < M < L < XL < XXL, then the rest by name. */
export function compareSizeNames(a: string, b: string): number {
  const [ga, va, na] = sizeKey(a);
  const [gb, vb, nb] = sizeKey(b);
  if (ga !== gb) return ga - gb;
  if (va !== vb) return va - vb;
  return na.localeCompare(nb, 'ru');
}

/** A sorted copy; the input is left as it was. */
export function sortBySize<T extends { sizeName: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => compareSizeNames(a.sizeName, b.sizeName));
}

/**
 * The spec Offer's sizeId: the size's id in the shop's data, which is the size filter's value code (the lower-case
 * size name, as `lower(size_name)` makes the filter's values and the facet index's size codes). `size-is-{sizeId}`
 * lists the products that have the size in stock.
 */
export const sizeCode = (sizeName: string): string => sizeName.toLowerCase();
