/** Stock of one offer as the spec's catalogue state carries it (availabilityOffers). */
export interface AvailabilityOffer {
  id: number;
  /** All units anywhere. */
  quantity: number;
  /** In the online warehouse. */
  quantityOnline: number;
  /** In movement stores (warehouses that ship within days). */
  quantityMovement: number;
  /** In shops. */
  quantityOffline: number;
  /** Store id -> whether it has the offer. */
  stores: Record<number, boolean>;
}

/** Store kinds: shops (stock a shopper can see and reserve), the online warehouse, movement stores (ship in days). */
export type StoreKind = 'shop' | 'online' | 'movement';

/**
 * The store kinds an online order is filled from. The SQL that asks the same question (`db/repositories/
 * availability.ts`) is built from this list, and a test holds the two to the same answers.
 */
export const ONLINE_SOURCE_KINDS: readonly StoreKind[] = ['online', 'movement'];

export interface StockRow {
  offerId: number;
  storeId: number;
  storeType: StoreKind;
  quantity: number;
}

/** Folds stock rows into one AvailabilityOffer per offer id (offers without rows get zeros). */
export function availabilityOf(offerIds: number[], rows: StockRow[]): Map<number, AvailabilityOffer> {
  const map = new Map<number, AvailabilityOffer>(
    offerIds.map((id) => [
      id,
      { id, quantity: 0, quantityOnline: 0, quantityMovement: 0, quantityOffline: 0, stores: {} },
    ]),
  );
  for (const row of rows) {
    const a = map.get(row.offerId);
    if (!a || row.quantity <= 0) continue;
    a.quantity += row.quantity;
    if (row.storeType === 'online') a.quantityOnline += row.quantity;
    else if (row.storeType === 'movement') a.quantityMovement += row.quantity;
    else a.quantityOffline += row.quantity;
    a.stores[row.storeId] = true;
  }
  return map;
}

/** Spec §4: an offer is disabled when its online, movement and offline quantities are all zero. */
export function isOfferDisabled(a: AvailabilityOffer): boolean {
  return a.quantityOnline === 0 && a.quantityMovement === 0 && a.quantityOffline === 0;
}

export interface OnlineStores {
  onlineStoreIds: number[];
  movementStoreIds: number[];
  /** Spec's restrictionOrderShops: offer id -> store ids the offer may not be ordered from. */
  restrictionOrderShops: Record<number, number[]>;
}

/**
 * The spec catalogue state's store model: the online stores with the order restrictions, and the stores whose stock
 * each shop sells (shopIdToStoreIds). A shop here is one store (`stores.type = 'shop'`) selling its own stock, so
 * each shop id maps to itself: a shop's stock is `availabilityOffers.stores[storeId]` for its store ids.
 */
export interface StoreModel extends OnlineStores {
  shopIdToStoreIds: Record<number, number[]>;
}

/** Store ids an online order of this offer can be filled from: online or movement stores with stock, minus restrictions. */
export function onlineSourceStores(a: AvailabilityOffer, stores: OnlineStores): number[] {
  const excluded = new Set(stores.restrictionOrderShops[a.id] ?? []);
  return [...stores.onlineStoreIds, ...stores.movementStoreIds].filter((id) => a.stores[id] && !excluded.has(id));
}

/** Spec §4: buying online needs stock in an allowed online or movement store not excluded by shop restrictions. */
export function canBuyOnline(a: AvailabilityOffer, stores: OnlineStores): boolean {
  return onlineSourceStores(a, stores).length > 0;
}

/** Units of one offer that an online order can take: stock in its allowed online and movement stores. */
export function onlineQuantity(offerId: number, rows: StockRow[], stores: OnlineStores): number {
  const availability = availabilityOf([offerId], rows).get(offerId) as AvailabilityOffer;
  const sources = new Set(onlineSourceStores(availability, stores));
  let sum = 0;
  for (const row of rows)
    if (row.offerId === offerId && row.quantity > 0 && sources.has(row.storeId)) sum += row.quantity;
  return sum;
}

/** One offer's stock in one store, as the repository reads it with the offer. */
export interface OfferStoreStock {
  storeId: number;
  storeType: StockRow['storeType'];
  quantity: number;
}
