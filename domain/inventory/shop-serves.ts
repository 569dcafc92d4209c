import type { OfferStoreStock, StoreKind } from './availability';

/**
 * Which shop can serve a size (spec §4: an order collected there, a reservation from the product page): a shop the
 * offer is not restricted from that holds it, or any such shop when a store of `BRING_TO_SHOP_KINDS` the offer is not
 * restricted from holds it and brings it over in a few days. This is the one definition: the SQL that asks the same
 * question (`shopSourceSql` in `db/repositories/availability.ts`) is built from this list, and a test holds the two
 * to the same answers.
 */
export const BRING_TO_SHOP_KINDS: readonly StoreKind[] = ['movement'];

/** How a shop gets the size: it holds it (ready the same day), or a store brings it (ready after the trip). */
export type ShopSource = 'shop' | 'brought';

/** Stores of `BRING_TO_SHOP_KINDS` that hold the offer and that it is not restricted from. */
export function bringingStores(stock: readonly OfferStoreStock[], restrictedStoreIds: readonly number[]): number[] {
  return stock
    .filter(
      (s) => BRING_TO_SHOP_KINDS.includes(s.storeType) && s.quantity > 0 && !restrictedStoreIds.includes(s.storeId),
    )
    .map((s) => s.storeId);
}

/**
 * Whether, and how, the shop `shopId` can serve the offer whose stock rows (every store) and restrictions are given;
 * null when it cannot.
 */
export function shopServes(
  shopId: number,
  stock: readonly OfferStoreStock[],
  restrictedStoreIds: readonly number[],
): ShopSource | null {
  if (restrictedStoreIds.includes(shopId)) return null;
  if (stock.some((s) => s.storeId === shopId && s.storeType === 'shop' && s.quantity > 0)) return 'shop';
  return bringingStores(stock, restrictedStoreIds).length > 0 ? 'brought' : null;
}

/** The slower of the sources of an order's lines: one line brought makes the whole order wait for it. */
export const slowestSource = (sources: readonly ShopSource[]): ShopSource =>
  sources.includes('brought') ? 'brought' : 'shop';
