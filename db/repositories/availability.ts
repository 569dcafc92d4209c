import { inArray, type SQL, sql } from 'drizzle-orm';
import {
  availabilityOf,
  type AvailabilityOffer,
  ONLINE_SOURCE_KINDS,
  type StockRow,
  type StoreModel,
} from '../../domain/inventory/availability';
import { BRING_TO_SHOP_KINDS } from '../../domain/inventory/shop-serves';
import type { Db } from '../client';
import { offerRestrictions, stock, stores } from '../schema';

/**
 * The offer's stock rows an online order can be filled from: units in a store of an online source kind that the offer
 * is not restricted from (`onlineSourceStores`), aliased `s`; the FROM and WHERE of the two questions below.
 */
const onlineSourceRows = (offerId: SQL): SQL => sql`from stock s join stores st on st.id = s.store_id
    where s.offer_id = ${offerId} and s.quantity > 0 and st.type in ${[...ONLINE_SOURCE_KINDS]}
      and not exists (select 1 from offer_restrictions r where r.offer_id = s.offer_id and r.store_id = s.store_id)`;

/**
 * SQL for `canBuyOnline` of the offer whose id is `offerId`. For queries that filter many products at once (the home
 * shelves); a test holds it to the domain's answer offer by offer.
 */
export function orderableOnlineSql(offerId: SQL): SQL {
  return sql`exists (select 1 ${onlineSourceRows(offerId)})`;
}

/**
 * SQL for `onlineQuantity` of the offer whose id is `offerId`: the units of its online source rows. The basket's stock
 * column; a test holds it to the domain's answer offer by offer.
 */
export function onlineStockSql(offerId: SQL): SQL {
  return sql`(select coalesce(sum(s.quantity), 0)::int ${onlineSourceRows(offerId)})`;
}

/** Whether any offer of the product whose id is `productId` can be bought online. */
export function productOrderableOnlineSql(productId: SQL): SQL {
  return sql`exists (select 1 from offers o where o.product_id = ${productId} and ${orderableOnlineSql(sql`o.id`)})`;
}

/**
 * SQL for `shopServes`: 'shop' when the shop `shopId` holds `wanted` units of the offer `offerId`, 'brought' when it
 * holds some or a store of `BRING_TO_SHOP_KINDS` can bring it there, null when the shop cannot serve it; restricted
 * stores never count. A test holds it to the domain's answer over generated stock.
 */
export function shopSourceSql(offerId: SQL, shopId: SQL, wanted: SQL = sql`1`): SQL {
  const held = (where: SQL) => sql`(
    select coalesce(sum(k.quantity), 0) from stock k join stores st on st.id = k.store_id
    where k.offer_id = ${offerId} and k.quantity > 0 and ${where}
      and not exists (select 1 from offer_restrictions r where r.offer_id = k.offer_id and r.store_id = k.store_id))`;
  const here = held(sql`k.store_id = ${shopId} and st.type = 'shop'`);
  return sql`case
    when exists (select 1 from offer_restrictions r where r.offer_id = ${offerId} and r.store_id = ${shopId}) then null
    when ${here} >= ${wanted} then 'shop'
    when ${here} > 0 or ${held(sql`st.type in ${[...BRING_TO_SHOP_KINDS]}`)} > 0 then 'brought'
  end`;
}

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

/** Online and movement store ids, the shops' stores, and the order restrictions of the given offers. */
export async function loadOnlineStores(db: Db, offerIds: number[]): Promise<StoreModel> {
  const [storeRows, restrictions] = await Promise.all([
    db.select({ id: stores.id, type: stores.type }).from(stores).orderBy(stores.id),
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
    shopIdToStoreIds: Object.fromEntries(storeRows.filter((s) => s.type === 'shop').map((s) => [s.id, [s.id]])),
  };
}
