import { ONLINE_SOURCE_KINDS, type StoreKind } from './availability';
import type { StockMove } from './movements';

/** A store row an online order may take units from, as read under its lock. */
export interface SourceStock {
  storeId: number;
  kind: StoreKind;
  quantity: number;
}

/** Units of one offer taken from one store. */
export interface Allocation {
  offerId: number;
  storeId: number;
  quantity: number;
}

/**
 * Which stores an order line takes its units from: the shop the order is collected in first when there is one (the
 * item is already there), then the online warehouse (it ships today), then movement stores, each kind by store id;
 * null when they hold too few. No other shop's stock is ever taken.
 */
export function planAllocation(
  offerId: number,
  quantity: number,
  sources: SourceStock[],
  shopId?: number,
): Allocation[] | null {
  const rank = (s: SourceStock) =>
    s.kind === 'shop' ? (s.storeId === shopId ? -1 : Number.NaN) : ONLINE_SOURCE_KINDS.indexOf(s.kind);
  const ordered = sources
    .filter((s) => rank(s) >= -1 && s.quantity > 0)
    .sort((a, b) => rank(a) - rank(b) || a.storeId - b.storeId);
  const plan: Allocation[] = [];
  let left = quantity;
  for (const source of ordered) {
    if (left === 0) break;
    const take = Math.min(left, source.quantity);
    plan.push({ offerId, storeId: source.storeId, quantity: take });
    left -= take;
  }
  return left === 0 ? plan : null;
}

/** Takes stock inside the order's transaction (`db/repositories/stock.ts`). */
export interface StockRepository {
  /**
   * `move` labels the stock movements (default kind `order`; a shop reservation's `reservation`).
   * Locks the offer's source rows (those it is not restricted from; `shopId`'s too for an order collected there),
   * plans with `planAllocation` and takes the units
   * with conditional updates that never go below zero; null, taking nothing, when there are too few. Callers take
   * the lines of one order in ascending offer id, so two orders never wait on each other's rows in a circle.
   */
  take(offerId: number, quantity: number, shopId?: number, move?: StockMove): Promise<Allocation[] | null>;
  /**
   * Puts units back (a cancelled order, a reservation not collected); `move` labels the stock movements (kind
   * `cancel` with the order id).
   */
  release(allocations: Allocation[], move: StockMove): Promise<void>;
}
