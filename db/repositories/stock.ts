import { sql } from 'drizzle-orm';
import { type Allocation, planAllocation, type StockRepository } from '../../domain/inventory/allocation';
import { ONLINE_SOURCE_KINDS, type StoreKind } from '../../domain/inventory/availability';
import type { StockMove } from '../../domain/inventory/movements';
import { type Db, queryRows } from '../client';
import { stockMoveSetting } from './stock-moves';

/**
 * Orders take and give back stock under this lock shared; the 1C import writes its counts under it alone, so the
 * units it subtracts for the shop's orders are exactly those committed (a take committed after the import read them
 * would be overwritten, and the unit sold twice).
 */
export const STOCK_COUNT_LOCK = 2_026_027;

/** Stock taking on whatever it is given: use it on the order's transaction (the unit of work's repositories). */
export function stockRepository(db: Db): StockRepository {
  // The lock's select also tells the stock triggers what the following writes are (migration 0029).
  const shared = (move: StockMove) =>
    db.execute(sql`select pg_advisory_xact_lock_shared(${STOCK_COUNT_LOCK}), ${stockMoveSetting(move)}`);
  return {
    async take(offerId, quantity, shopId, move = { kind: 'order' }) {
      await shared(move);
      // The rows are locked in store order, the same in every transaction (Saleor's allocate_stocks).
      const rows = await queryRows<{ store_id: number; kind: StoreKind; quantity: number }>(
        db,
        sql`
        select s.store_id, st.type as kind, s.quantity from stock s join stores st on st.id = s.store_id
        where s.offer_id = ${offerId} and (st.type in ${[...ONLINE_SOURCE_KINDS]} or st.id = ${shopId ?? 0})
          and not exists (select 1 from offer_restrictions r where r.offer_id = s.offer_id and r.store_id = s.store_id)
        order by s.store_id
        for update of s`,
      );
      const plan = planAllocation(
        offerId,
        quantity,
        rows.map((r) => ({ storeId: Number(r.store_id), kind: r.kind, quantity: Number(r.quantity) })),
        shopId,
      );
      if (!plan) return null;
      for (const a of plan) {
        const taken = await queryRows<{ store_id: number }>(
          db,
          sql`
          update stock set quantity = quantity - ${a.quantity}
          where offer_id = ${a.offerId} and store_id = ${a.storeId} and quantity >= ${a.quantity}
          returning store_id`,
        );
        // Under the row lock this cannot miss; if it ever does, the transaction must not go on.
        if (taken.length === 0) throw new Error(`stock: offer ${a.offerId} in store ${a.storeId} changed under lock`);
      }
      return plan;
    },

    async release(allocations: Allocation[], move: StockMove) {
      if (allocations.length > 0) await shared(move);
      for (const a of [...allocations].sort((x, y) => x.offerId - y.offerId || x.storeId - y.storeId))
        await db.execute(sql`
          update stock set quantity = quantity + ${a.quantity} where offer_id = ${a.offerId} and store_id = ${a.storeId}`);
    },
  };
}
