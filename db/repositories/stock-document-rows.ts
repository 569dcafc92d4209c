import { sql } from 'drizzle-orm';
import type {
  OfferFacts,
  StockDocumentHead,
  StockDocumentLine,
  StockDocumentWrites,
} from '../../domain/inventory/stock-documents';
import type { StockDocumentKind } from '../../domain/inventory/stock-documents.schemas';
import { type Db, queryRows } from '../client';

/** Issue 47.4: a stock document's own rows — the head (draft or posted, its key) and its lines. */

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export type HeadRow = {
  id: number;
  kind: string;
  status: string;
  store_id: number;
  to_store_id: number | null;
  reason: string;
  staff_id: number | null;
  staff_email: string;
  created_at: Date | string;
  posted_at: Date | string | null;
  posted_by: number | null;
};

export const HEAD_COLUMNS = sql`d.id, d.kind, d.status, d.store_id, d.to_store_id, d.reason, d.staff_id, d.staff_email,
  d.created_at, d.posted_at, d.posted_by`;

export const headOf = (r: HeadRow): StockDocumentHead => ({
  id: Number(r.id),
  kind: r.kind as StockDocumentKind,
  status: r.status === 'draft' ? 'draft' : 'posted',
  storeId: Number(r.store_id),
  toStoreId: num(r.to_store_id),
  reason: r.reason,
  staffId: num(r.staff_id),
  staffEmail: r.staff_email,
  createdAt: new Date(r.created_at),
  postedAt: r.posted_at === null ? null : new Date(r.posted_at),
  postedBy: num(r.posted_by),
});

type LineRow = {
  offer_id: number;
  quantity: number;
  before: number | null;
  after: number | null;
  to_before: number | null;
  to_after: number | null;
};

export async function linesOf(db: Db, id: number): Promise<StockDocumentLine[]> {
  const rows = await queryRows<LineRow>(
    db,
    sql`select offer_id, quantity, before, after, to_before, to_after from stock_document_lines
      where document_id = ${id} order by id`,
  );
  return rows.map((r) => ({
    offerId: Number(r.offer_id),
    quantity: Number(r.quantity),
    before: num(r.before),
    after: num(r.after),
    toBefore: num(r.to_before),
    toAfter: num(r.to_after),
  }));
}

type Own = Pick<
  StockDocumentWrites,
  | 'insertDocument'
  | 'documentIdByKey'
  | 'lockDocument'
  | 'documentLines'
  | 'setReason'
  | 'setLines'
  | 'offersByCode'
  | 'deleteDocument'
  | 'markPosted'
  | 'deleteLines'
  | 'insertLines'
>;

export function stockDocumentRows(db: Db, offersOf: (ids: readonly number[]) => Promise<OfferFacts[]>): Own {
  return {
    async insertDocument(doc) {
      const [row] = await queryRows<{ id: number; created_at: Date | string }>(
        db,
        sql`insert into stock_documents
            (kind, store_id, to_store_id, reason, staff_id, staff_email, status, posted_at, posted_by, idempotency_key)
          values (${doc.kind}, ${doc.storeId}, ${doc.toStoreId}, ${doc.reason}, ${doc.staffId}, ${doc.staffEmail},
            ${doc.status}, ${doc.status === 'posted' ? sql`now()` : null},
            ${doc.status === 'posted' ? doc.staffId : null}, ${doc.idempotencyKey ?? null})
          on conflict (idempotency_key) do nothing
          returning id, created_at`,
      );
      return row ? { id: Number(row.id), createdAt: new Date(row.created_at) } : null;
    },
    async documentIdByKey(key) {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`select id from stock_documents where idempotency_key = ${key}`,
      );
      return row ? Number(row.id) : null;
    },
    async lockDocument(id) {
      const [row] = await queryRows<HeadRow>(
        db,
        sql`select ${HEAD_COLUMNS} from stock_documents d where d.id = ${id} for update`,
      );
      return row ? headOf(row) : null;
    },
    documentLines: (id) => linesOf(db, id),
    async setReason(id, reason) {
      await db.execute(sql`update stock_documents set reason = ${reason} where id = ${id}`);
    },
    async setLines(id, lines) {
      if (lines.length === 0) return;
      const wanted = json(lines.map((l) => ({ o: l.offerId, q: l.quantity })));
      await db.execute(sql`delete from stock_document_lines l using jsonb_to_recordset(${wanted}) as x(o int, q int)
        where l.document_id = ${id} and l.offer_id = x.o`);
      await db.execute(sql`insert into stock_document_lines (document_id, offer_id, quantity)
        select ${id}, x.o, x.q from jsonb_to_recordset(${wanted}) as x(o int, q int) where x.q is not null`);
    },
    async offersByCode(code) {
      const [barcode] = await queryRows<{ id: number }>(
        db,
        sql`select id from offers where barcode = ${code} order by id limit 1`,
      );
      if (barcode) return { byBarcode: (await offersOf([Number(barcode.id)]))[0] ?? null, byArticle: [] };
      const ids = await queryRows<{ id: number }>(
        db,
        sql`select o.id from offers o join products p on p.id = o.product_id
          where lower(p.article) = lower(${code}) order by o.size_sort, o.id limit 100`,
      );
      const offers = await offersOf(ids.map((r) => Number(r.id)));
      const order = new Map(ids.map((r, i) => [Number(r.id), i]));
      return {
        byBarcode: null,
        byArticle: offers.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)),
      };
    },
    async deleteDocument(id) {
      await db.execute(sql`delete from stock_document_lines where document_id = ${id}`);
      await db.execute(sql`delete from stock_documents where id = ${id}`);
    },
    async markPosted(id, staffId) {
      const [row] = await queryRows<{ posted_at: Date | string }>(
        db,
        sql`update stock_documents set status = 'posted', posted_at = now(), posted_by = ${staffId}
          where id = ${id} returning posted_at`,
      );
      return new Date(row?.posted_at ?? Date.now());
    },
    async deleteLines(id) {
      await db.execute(sql`delete from stock_document_lines where document_id = ${id}`);
    },
    async insertLines(documentId, lines) {
      if (lines.length === 0) return;
      await db.execute(sql`insert into stock_document_lines (document_id, offer_id, quantity, before, after, to_before, to_after)
        select ${documentId}, x.o, x.q, x.b, x.a, x.tb, x.ta
        from jsonb_to_recordset(${json(
          lines.map((l) => ({ o: l.offerId, q: l.quantity, b: l.before, a: l.after, tb: l.toBefore, ta: l.toAfter })),
        )}) as x(o int, q int, b int, a int, tb int, ta int)`);
    },
  };
}
