import { bigint, bigserial, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Every change of a store's stock of an offer (issue 28.2): an order took units, a cancel gave them back, a
 * reservation, an import from 1C, a staff document. Written by the `stock` table's triggers in the transaction of
 * the change (migration 0029), so the quantity in `stock` always equals the sum of its movements. What the change
 * was comes from the transaction's `shop.stock_move` setting (db/repositories/stock-moves.ts).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    offerId: integer('offer_id').notNull(),
    storeId: integer('store_id').notNull(),
    /** Signed: units the store gained (negative: lost). */
    delta: integer('delta').notNull(),
    /** The store's quantity after the change. */
    quantity: integer('quantity').notNull(),
    /** domain/inventory/movements.ts `MovementKind`. */
    kind: text('kind').notNull(),
    reason: text('reason').notNull().default(''),
    staffId: integer('staff_id'),
    orderId: integer('order_id'),
    documentId: integer('document_id'),
    /** The transaction that made it: an order's own movements get its id once the order row exists. */
    xact: bigint('xact', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('stock_movements_offer_store_idx').on(t.offerId, t.storeId, t.id),
    index('stock_movements_store_idx').on(t.storeId, t.id),
    index('stock_movements_order_idx').on(t.orderId),
  ],
);

/** A staff stock document: a receipt, a write-off, a stock-take or a transfer between stores, with its reason. */
export const stockDocuments = pgTable(
  'stock_documents',
  {
    id: serial('id').primaryKey(),
    /** `receipt`, `writeoff`, `stocktake` or `transfer`. */
    kind: text('kind').notNull(),
    storeId: integer('store_id').notNull(),
    /** A transfer's receiving store. */
    toStoreId: integer('to_store_id'),
    reason: text('reason').notNull(),
    staffId: integer('staff_id'),
    staffEmail: text('staff_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** `draft` (lines being entered, no stock changed) or `posted` (stock changed, once). Issue 47.4. */
    status: text('status').notNull().default('posted'),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    postedBy: integer('posted_by'),
    /** The caller's key of a document posted at once: the same key posts one document. */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    index('stock_documents_store_idx').on(t.storeId, t.createdAt),
    uniqueIndex('stock_documents_idempotency_key_idx').on(t.idempotencyKey),
    index('stock_documents_created_idx').on(t.createdAt),
  ],
);

/** A document's lines: the quantity received, written off, counted (a stock-take) or moved. */
export const stockDocumentLines = pgTable(
  'stock_document_lines',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id').notNull(),
    offerId: integer('offer_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** The store's quantity when the document was posted, and after (null on a draft). */
    before: integer('before'),
    after: integer('after'),
    /** A transfer's receiving store, before and after. */
    toBefore: integer('to_before'),
    toAfter: integer('to_after'),
  },
  (t) => [index('stock_document_lines_document_idx').on(t.documentId)],
);
