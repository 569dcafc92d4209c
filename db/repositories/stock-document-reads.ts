import { sql } from 'drizzle-orm';
import type { GridOffer, StockDocumentReads } from '../../domain/inventory/stock-document-desk';
import { type Db, queryRows } from '../client';
import { HEAD_COLUMNS, type HeadRow, headOf, linesOf } from './stock-document-rows';

/** Issue 47.4: the stock documents' list (kind, store, author, status, days) and a document's grid. */

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export function stockDocumentReads(db: Db): StockDocumentReads {
  return {
    async list(q) {
      const where = sql`where true
        ${q.kind !== undefined ? sql`and d.kind = ${q.kind}` : sql``}
        ${q.status !== undefined ? sql`and d.status = ${q.status}` : sql``}
        ${q.storeId !== undefined ? sql`and d.store_id = ${q.storeId}` : sql``}
        ${q.staffId !== undefined ? sql`and d.staff_id = ${q.staffId}` : sql``}
        ${q.from !== undefined ? sql`and d.created_at >= ${q.from.toISOString()}` : sql``}
        ${q.to !== undefined ? sql`and d.created_at < ${q.to.toISOString()}` : sql``}`;
      const [count] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from stock_documents d ${where}`,
      );
      const rows = await queryRows<
        HeadRow & { store_name: string | null; to_store_name: string | null; lines: number; quantity: number }
      >(
        db,
        sql`select ${HEAD_COLUMNS}, s.name as store_name, t.name as to_store_name,
            (select count(*)::int from stock_document_lines l where l.document_id = d.id) as lines,
            (select coalesce(sum(l.quantity), 0)::int from stock_document_lines l where l.document_id = d.id) as quantity
          from stock_documents d left join stores s on s.id = d.store_id left join stores t on t.id = d.to_store_id
          ${where}
          order by d.created_at desc, d.id desc limit ${q.limit} offset ${q.offset}`,
      );
      return {
        total: Number(count?.n ?? 0),
        items: rows.map((r) => ({
          head: headOf(r),
          storeName: r.store_name ?? `№${r.store_id}`,
          toStoreName: r.to_store_id === null ? null : (r.to_store_name ?? `№${r.to_store_id}`),
          lines: Number(r.lines),
          quantity: Number(r.quantity),
        })),
      };
    },
    async authors(storeId) {
      const rows = await queryRows<{ id: number; email: string }>(
        db,
        sql`select distinct on (d.staff_id) d.staff_id as id, coalesce(s.email, d.staff_email) as email
          from stock_documents d left join staff s on s.id = d.staff_id
          where d.staff_id is not null ${storeId !== undefined ? sql`and d.store_id = ${storeId}` : sql``}
          order by d.staff_id`,
      );
      return rows.map((r) => ({ id: Number(r.id), email: r.email })).sort((a, b) => a.email.localeCompare(b.email));
    },
    async head(id) {
      const [row] = await queryRows<HeadRow>(db, sql`select ${HEAD_COLUMNS} from stock_documents d where d.id = ${id}`);
      return row ? headOf(row) : null;
    },
    lines: (id) => linesOf(db, id),
    async grid(offerIds) {
      if (offerIds.length === 0) return [];
      const rows = await queryRows<{
        id: number;
        product_id: number;
        name: string;
        article: string;
        size_name: string;
        barcode: string | null;
        owned: boolean;
      }>(
        db,
        sql`select o.id, o.product_id, p.name, p.article, o.size_name, o.barcode,
            exists (select 1 from exchange_offers x where x.offer_id = o.id) as owned
          from offers o join products p on p.id = o.product_id
          where o.product_id in (select product_id from offers
            where id in (select (jsonb_array_elements_text(${json(offerIds)}))::int))
          order by p.name, p.id, o.size_sort, o.id`,
      );
      return rows.map(
        (r): GridOffer => ({
          offerId: Number(r.id),
          productId: Number(r.product_id),
          productName: r.name,
          article: r.article,
          sizeName: r.size_name,
          barcode: r.barcode,
          ownedBy1C: r.owned === true,
        }),
      );
    },
    async quantities(storeId, offerIds) {
      if (offerIds.length === 0) return new Map();
      const rows = await queryRows<{ offer_id: number; quantity: number }>(
        db,
        sql`select offer_id, quantity from stock where store_id = ${storeId}
          and offer_id in (select (jsonb_array_elements_text(${json(offerIds)}))::int)`,
      );
      return new Map(rows.map((r) => [Number(r.offer_id), Number(r.quantity)]));
    },
    async stores() {
      const rows = await queryRows<{ id: number; name: string; type: string }>(
        db,
        sql`select id, name, type from stores order by id`,
      );
      return rows.map((r) => ({ id: Number(r.id), name: r.name, kind: r.type }));
    },
    async email(staffId) {
      const [row] = await queryRows<{ email: string }>(db, sql`select email from staff where id = ${staffId}`);
      return row?.email ?? null;
    },
  };
}
