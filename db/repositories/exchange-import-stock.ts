import { type SQL, sql } from 'drizzle-orm';
import type { OfferInput } from '../../domain/exchange/catalogue-mapping';
import {
  HOLDS_STOCK_1C_DOES_NOT_KNOW,
  issue,
  STOCK_COUNTING,
  STOCK_FACTS,
  type StockFacts,
  UNKNOWN_WAREHOUSE,
  warehouseStore,
} from '../../domain/exchange/import-rules';
import type { ImportCounts, ImportIssue } from '../../domain/exchange/ports';
import { queryRows } from '../client';
import { json, textSet, type Tx } from './exchange-import-sql';
import { STOCK_COUNT_LOCK } from './stock';
import { stockMoveSetting } from './stock-moves';

/** `HOLDS_STOCK_1C_DOES_NOT_KNOW` over the order `order` (an alias of `orders`). */
export const heldByOrderSql = (order: SQL): SQL =>
  sql`((${order}.exported_at is not null) is ${HOLDS_STOCK_1C_DOES_NOT_KNOW.exported ? sql`true` : sql`false`}
    and ${order}.status not in ${textSet(HOLDS_STOCK_1C_DOES_NOT_KNOW.releasedStatuses)})`;

/** `STOCK_COUNTING` over the given facts: the kind of count as text, null for no change (the row is not written). */
export function stockCountSql(facts: { readonly [K in keyof StockFacts]: SQL }): SQL {
  const cases = STOCK_COUNTING.map((line) => {
    const holds = STOCK_FACTS.filter((f) => line.when[f] !== undefined).map(
      (f) => sql`(${facts[f]}) is ${line.when[f] ? sql`true` : sql`false`}`,
    );
    return sql`when ${holds.length > 0 ? sql.join(holds, sql` and `) : sql`true`} then ${line.count}::text`;
  });
  return sql`(case ${sql.join(cases, sql` `)} end)`;
}

/**
 * Stock of each offer in each store: 1C's count by the warehouses' stores, less what the shop's orders 1C does not
 * know yet hold there. Stores the warehouses give stock to but the offer's list omits go to zero; a total with no
 * warehouses goes to the web warehouse; a size not sold (no price) has none.
 */
export async function writeStock(
  tx: Tx,
  logId: number,
  offers: OfferInput[],
  offerIds: Map<string, number>,
  unsold: ReadonlySet<string>,
  counts: ImportCounts,
  errors: ImportIssue[],
) {
  const withStock = offers.filter((o) => o.stock || o.deleted);
  if (withStock.length === 0) return;
  const mapping = new Map(
    (
      await queryRows<{ onec_id: string; store_id: number | null }>(
        tx,
        sql`select onec_id, store_id from exchange_warehouses`,
      )
    ).map((r) => [r.onec_id, r.store_id === null ? null : Number(r.store_id)]),
  );
  const [online] = await queryRows<{ id: number }>(
    tx,
    sql`select id from stores where type = 'online' order by sort, id limit 1`,
  );
  const onlineId = online ? Number(online.id) : null;
  // The stores the warehouses give stock to: an offer's list that omits one has none there.
  const owned = new Set(
    [...mapping.values()].map((s) => warehouseStore(s, onlineId)).filter((s): s is number => s !== null),
  );
  const unknown = new Set<string>();
  const rows: { o: number; s: number; q: number }[] = [];
  for (const offer of withStock) {
    const offerId = offerIds.get(offer.onecId) as number;
    const want = new Map<number, number>();
    const stores = new Set(owned);
    if (offer.stock && !offer.deleted) {
      for (const w of offer.stock.warehouses) {
        const mapped = mapping.get(w.warehouseId);
        if (mapped === undefined) unknown.add(w.warehouseId);
        const store = warehouseStore(mapped, onlineId);
        if (store === null) continue;
        want.set(store, (want.get(store) ?? 0) + w.quantity);
      }
      if (offer.stock.warehouses.length === 0 && offer.stock.total !== null && onlineId !== null) {
        want.set(onlineId, offer.stock.total);
        stores.add(onlineId);
      }
    } else if (onlineId !== null) stores.add(onlineId);
    const sold = !unsold.has(offer.onecId);
    for (const store of stores) rows.push({ o: offerId, s: store, q: sold ? (want.get(store) ?? 0) : 0 });
  }
  for (const id of unknown) errors.push(issue(id, UNKNOWN_WAREHOUSE));
  if (rows.length > 0) {
    // Alone against orders taking stock: the held units read below are all that are committed (see stock.ts).
    await tx.execute(
      sql`select pg_advisory_xact_lock(${STOCK_COUNT_LOCK}), ${stockMoveSetting({ kind: 'import', reason: 'Обмен с 1С' })}`,
    );
    rows.sort((x, y) => x.o - y.o || x.s - y.s);
    const changed = await queryRows<{ count: keyof ImportCounts['stock'] }>(
      tx,
      sql`with x as (select * from jsonb_to_recordset(${json(rows)}) as x(o int, s int, q int)),
        held as (select os.offer_id, os.store_id, sum(os.quantity)::int as q
          from order_stock os join orders r on r.id = os.order_id
          where ${heldByOrderSql(sql`r`)} and os.offer_id in (select distinct o from x)
          group by os.offer_id, os.store_id),
        want as (select x.o, x.s, greatest(x.q - coalesce(h.q, 0), 0) as q
          from x left join held h on h.offer_id = x.o and h.store_id = x.s),
        counted as (select w.o, w.s, w.q, ${stockCountSql({
          existed: sql`t.offer_id is not null`,
          empty: sql`w.q = 0`,
          same: sql`t.quantity is not distinct from w.q`,
        })} as count
          from want w left join stock t on t.offer_id = w.o and t.store_id = w.s),
        written as (insert into stock as k (offer_id, store_id, quantity)
          select c.o, c.s, c.q from counted c where c.count is not null order by c.o, c.s
          on conflict (offer_id, store_id) do update set quantity = excluded.quantity
            where k.quantity <> excluded.quantity
          returning k.offer_id, k.store_id)
        select c.count from counted c join written w on w.offer_id = c.o and w.store_id = c.s`,
    );
    for (const r of changed) counts.stock[r.count]++;
  }
  await tx.execute(sql`update exchange_offers set stock_seen_log = ${logId}
    where onec_id in ${textSet(withStock.map((o) => o.onecId))}`);
}
