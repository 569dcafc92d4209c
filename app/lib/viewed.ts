import { readEntry, writeEntry } from './storage';

/** The visitor's last viewed products (issue 44.3), newest first, kept in this browser for 90 days. */
const KEY = 'viewed-products';
const LIFETIME_S = 90 * 86400;
export const MAX_VIEWED = 12;

export function viewedProducts(): number[] {
  const ids = readEntry<unknown>(KEY);
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isSafeInteger(id) && id > 0) : [];
}

/** Puts the product first in the list (once), the oldest beyond twelve falling out. */
export function rememberViewed(productId: number): void {
  const ids = [productId, ...viewedProducts().filter((id) => id !== productId)].slice(0, MAX_VIEWED);
  writeEntry(KEY, ids, LIFETIME_S);
}
