import { sql } from 'drizzle-orm';
import type { StockMove } from '../../domain/inventory/movements';
import type {
  MovementRow,
  OfferFacts,
  StockAdminReads,
  StockCell,
  StockDocumentWrites,
  StoreRef,
} from '../../domain/inventory/stock-documents';
import { type Db, queryRows } from '../client';
import { STOCK_COUNT_LOCK } from './stock';
import { stockDocumentRows } from './stock-document-rows';
import { stockMoveSetting } from './stock-moves';

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

type OfferRow = { id: number; product_id: number; product_name: string; size_name: string; owned: boolean };
const offerFacts = (r: OfferRow): OfferFacts => ({
  id: Number(r.id),
  productId: Number(r.product_id),
  productName: r.product_name,
  sizeName: r.size_name,
  ownedBy1C: r.owned === true,
});
const store = (r: { id: number; name: string; type: string }): StoreRef => ({
  id: Number(r.id),
  name: r.name,
  kind: r.type,
});

export async function offersOf(db: Db, ids: readonly number[]): Promise<OfferFacts[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<OfferRow>(
    db,
    sql`select o.id, o.product_id, p.name as product_name, o.size_name,
        exists (select 1 from exchange_offers x where x.offer_id = o.id) as owned
      from offers o join products p on p.id = o.product_id
      where o.id in (select (jsonb_array_elements_text(${json(ids)}))::int)`,
  );
  return rows.map(offerFacts);
}

/** A stock document's writes, on the document's transaction. */
export function stockDocumentWrites(db: Db): StockDocumentWrites {
  return {
    async stores(ids) {
      const rows = await queryRows<{ id: number; name: string; type: string }>(
        db,
        sql`select id, name, type from stores where id in (select (jsonb_array_elements_text(${json(ids)}))::int)`,
      );
      return rows.map(store);
    },
    offers: (ids) => offersOf(db, ids),
    ...stockDocumentRows(db, (ids) => offersOf(db, ids)),
    async lockCells(cells, move: StockMove) {
      // Shared with orders taking stock (stock.ts); the 1C import waits for it alone.
      await db.execute(sql`select pg_advisory_xact_lock_shared(${STOCK_COUNT_LOCK}), ${stockMoveSetting(move)}`);
      const wanted = json(cells.map((c) => ({ o: c.offerId, s: c.storeId })));
      await db.execute(sql`insert into stock (offer_id, store_id, quantity)
        select x.o, x.s, 0 from jsonb_to_recordset(${wanted}) as x(o int, s int) order by x.o, x.s
        on conflict (offer_id, store_id) do nothing`);
      const rows = await queryRows<{ offer_id: number; store_id: number; quantity: number }>(
        db,
        sql`select k.offer_id, k.store_id, k.quantity from stock k
          join jsonb_to_recordset(${wanted}) as x(o int, s int) on k.offer_id = x.o and k.store_id = x.s
          order by k.offer_id, k.store_id for update of k`,
      );
      return rows.map((r) => ({
        offerId: Number(r.offer_id),
        storeId: Number(r.store_id),
        quantity: Number(r.quantity),
      }));
    },
    async setQuantities(cells: readonly StockCell[]) {
      if (cells.length === 0) return;
      await db.execute(sql`update stock k set quantity = x.q
        from jsonb_to_recordset(${json(cells.map((c) => ({ o: c.offerId, s: c.storeId, q: c.quantity })))})
          as x(o int, s int, q int)
        where k.offer_id = x.o and k.store_id = x.s and k.quantity <> x.q`);
    },
  };
}

export function stockAdminReads(db: Db): StockAdminReads {
  return {
    async productStock(by) {
      const [product] = await queryRows<{ id: number; name: string; article: string; owned: boolean }>(
        db,
        by.productId !== undefined
          ? sql`select p.id, p.name, p.article,
              exists (select 1 from exchange_variants v where v.product_id = p.id) as owned
              from products p where p.id = ${by.productId}`
          : sql`select p.id, p.name, p.article,
              exists (select 1 from exchange_variants v where v.product_id = p.id) as owned
              from products p join offers o on o.product_id = p.id where o.id = ${by.offerId ?? 0}`,
      );
      if (!product) return null;
      const productId = Number(product.id);
      const offers = await queryRows<{ id: number; size_name: string; owned: boolean }>(
        db,
        sql`select o.id, o.size_name, exists (select 1 from exchange_offers x where x.offer_id = o.id) as owned
          from offers o where o.product_id = ${productId} order by o.size_sort, o.id`,
      );
      const stores = await this.allStores();
      const cells = await queryRows<{ offer_id: number; store_id: number; quantity: number }>(
        db,
        sql`select k.offer_id, k.store_id, k.quantity from stock k join offers o on o.id = k.offer_id
          where o.product_id = ${productId}`,
      );
      return {
        product: { id: productId, name: product.name, article: product.article, ownedBy1C: product.owned === true },
        offers: offers.map((o) => ({ id: Number(o.id), sizeName: o.size_name, ownedBy1C: o.owned === true })),
        stores,
        cells: cells.map((c) => ({
          offerId: Number(c.offer_id),
          storeId: Number(c.store_id),
          quantity: Number(c.quantity),
        })),
      };
    },
    async findProducts(q, limit) {
      const like = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
      const rows = await queryRows<{ id: number; name: string; article: string }>(
        db,
        sql`select id, name, article from products
          where name ilike ${like} or article ilike ${like} or code = ${q}
          order by (article = ${q}) desc, name, id limit ${limit}`,
      );
      return rows.map((r) => ({ id: Number(r.id), name: r.name, article: r.article }));
    },
    async allStores() {
      const rows = await queryRows<{ id: number; name: string; type: string }>(
        db,
        sql`select id, name, type from stores order by case type when 'online' then 0 when 'movement' then 1 else 2 end, id`,
      );
      return rows.map(store);
    },
    async movements(q) {
      const rows = await queryRows<{
        id: number;
        at: Date | string;
        offer_id: number;
        store_id: number;
        store_name: string | null;
        delta: number;
        quantity: number;
        kind: string;
        reason: string;
        email: string | null;
        order_id: number | null;
        document_id: number | null;
      }>(
        db,
        sql`select m.id, m.at, m.offer_id, m.store_id, st.name as store_name, m.delta, m.quantity, m.kind, m.reason,
            s.email, m.order_id, m.document_id
          from stock_movements m left join staff s on s.id = m.staff_id left join stores st on st.id = m.store_id
          where true
            ${q.offerId !== undefined ? sql`and m.offer_id = ${q.offerId}` : sql``}
            ${q.storeId !== undefined ? sql`and m.store_id = ${q.storeId}` : sql``}
            ${q.before !== undefined ? sql`and m.id < ${q.before}` : sql``}
          order by m.id desc limit ${q.limit}`,
      );
      return rows.map(
        (r): MovementRow => ({
          id: Number(r.id),
          at: new Date(r.at),
          offerId: Number(r.offer_id),
          storeId: Number(r.store_id),
          storeName: r.store_name ?? `№${r.store_id}`,
          delta: Number(r.delta),
          quantity: Number(r.quantity),
          kind: r.kind,
          reason: r.reason,
          staffEmail: r.email,
          orderId: r.order_id === null ? null : Number(r.order_id),
          documentId: r.document_id === null ? null : Number(r.document_id),
        }),
      );
    },
    async offer(id) {
      return (await offersOf(db, [id]))[0] ?? null;
    },
  };
}
