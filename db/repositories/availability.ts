import { inArray, sql } from 'drizzle-orm';
import {
  availabilityOf,
  type AvailabilityOffer,
  type OnlineStores,
  type StockRow,
} from '../../domain/inventory/availability';
import type { Db } from '../client';
import { offerRestrictions, stock, stores } from '../schema';

/** Stock of the given offers, folded into the spec's availabilityOffers. */
export async function loadAvailability(db: Db, offerIds: number[]): Promise<Map<number, AvailabilityOffer>> {
  if (offerIds.length === 0) return new Map();
  const rows = await db
    .select({ offerId: stock.offerId, storeId: stock.storeId, storeType: stores.type, quantity: stock.quantity })
    .from(stock)
    .innerJoin(stores, sql`${stores.id} = ${stock.storeId}`)
    .where(inArray(stock.offerId, offerIds));
  return availabilityOf(offerIds, rows as StockRow[]);
}

/** Online and movement store ids, and the order restrictions of the given offers. */
export async function loadOnlineStores(db: Db, offerIds: number[]): Promise<OnlineStores> {
  const [storeRows, restrictions] = await Promise.all([
    db.select({ id: stores.id, type: stores.type }).from(stores),
    offerIds.length
      ? db.select().from(offerRestrictions).where(inArray(offerRestrictions.offerId, offerIds))
      : Promise.resolve([]),
  ]);
  const restrictionOrderShops: Record<number, number[]> = {};
  for (const r of restrictions) {
    const shops = restrictionOrderShops[r.offerId] ?? [];
    shops.push(r.storeId);
    restrictionOrderShops[r.offerId] = shops;
  }
  return {
    onlineStoreIds: storeRows.filter((s) => s.type === 'online').map((s) => s.id),
    movementStoreIds: storeRows.filter((s) => s.type === 'movement').map((s) => s.id),
    restrictionOrderShops,
  };
}
