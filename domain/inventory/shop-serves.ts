import type { OfferStoreStock, StoreKind } from './availability';

/**
 * Which shop can serve `wanted` units of a size (spec §4: an order collected there, a reservation from the product
 * page): a shop the offer is not restricted from that holds them all (ready at once), or one that holds some, or any
 * such shop when a store of `BRING_TO_SHOP_KINDS` the offer is not restricted from holds it, the rest brought over in
 * a few days (how many units there are in all is the order's stock taking's to check). A shop that holds one of two
 * units does not hold the line: it is ready when the other is brought. This is the one definition: the SQL that asks the same
 * question (`shopSourceSql` in `db/repositories/availability.ts`) is built from this list, and a test holds the two
 * to the same answers.
 */
export const BRING_TO_SHOP_KINDS: readonly StoreKind[] = ['movement'];

/** How a shop gets the units: it holds them all (ready the same day), or a store brings some (ready after the trip). */
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
 * Whether, and how, the shop `shopId` can serve `wanted` units of the offer whose stock rows (every store) and
 * restrictions are given; null when it cannot.
 */
export function shopServes(
  shopId: number,
  stock: readonly OfferStoreStock[],
  restrictedStoreIds: readonly number[],
  wanted = 1,
): ShopSource | null {
  if (restrictedStoreIds.includes(shopId)) return null;
  const units = (rows: readonly OfferStoreStock[]) => rows.reduce((sum, s) => sum + Math.max(s.quantity, 0), 0);
  const here = units(stock.filter((s) => s.storeId === shopId && s.storeType === 'shop'));
  if (here >= wanted) return 'shop';
  return here > 0 || bringingStores(stock, restrictedStoreIds).length > 0 ? 'brought' : null;
}

/** The slower of the sources of an order's lines: one line brought makes the whole order wait for it. */
export const slowestSource = (sources: readonly ShopSource[]): ShopSource =>
  sources.includes('brought') ? 'brought' : 'shop';
