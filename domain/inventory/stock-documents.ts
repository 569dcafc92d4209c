import type { RequestContext } from '../context';
import { DomainError } from '../errors';
import { requirePermission, shopScope } from '../staff/permissions';
import type { StaffWrite } from '../staff/staff-write';
import { MOVEMENT_TITLES, type MovementKind, type StockMove } from './movements';
import type { StockDocumentInput, StockDocumentKind } from './stock-documents.schemas';
import { applyDocument } from './stock-posting';

/**
 * The back office's stock (issue 28.2): quantities by size and store, staff documents (receipt, write-off,
 * stock-take, transfer) and the movement history. The `stock` triggers write each movement (migration 0029).
 */

export const OWNED_BY_1C_NOTE = 'Это поле ведёт 1С: изменения вносите в 1С, иначе следующий обмен их перезапишет.';
export const MOVEMENTS_PAGE = 100;

export interface StoreRef {
  id: number;
  name: string;
  kind: string;
}

export interface OfferFacts {
  id: number;
  productId: number;
  productName: string;
  sizeName: string;
  ownedBy1C: boolean;
}

/** One (offer, store) quantity as read under its row lock. */
export interface StockCell {
  offerId: number;
  storeId: number;
  quantity: number;
}

/** A document's head as stored (issue 47.4: a draft, or posted once). */
export interface StockDocumentHead {
  id: number;
  kind: StockDocumentKind;
  status: 'draft' | 'posted';
  storeId: number;
  toStoreId: number | null;
  reason: string;
  staffId: number | null;
  staffEmail: string;
  createdAt: Date;
  postedAt: Date | null;
  postedBy: number | null;
}

/** A stored line, with its quantities before and after once posted. */
export interface StockDocumentLine {
  offerId: number;
  quantity: number;
  before?: number | null;
  after?: number | null;
  toBefore?: number | null;
  toAfter?: number | null;
}

/** What a document writes, inside its one transaction. */
export interface StockDocumentWrites {
  stores(ids: readonly number[]): Promise<StoreRef[]>;
  offers(ids: readonly number[]): Promise<OfferFacts[]>;
  /** The new document; null when `idempotencyKey` is another's already (the insert waited for it to commit). */
  insertDocument(doc: {
    kind: StockDocumentKind;
    storeId: number;
    toStoreId: number | null;
    reason: string;
    staffId: number;
    staffEmail: string;
    status: 'draft' | 'posted';
    idempotencyKey?: string | null;
  }): Promise<{ id: number; createdAt: Date } | null>;
  /** The document posted under a key. */
  documentIdByKey(idempotencyKey: string): Promise<number | null>;
  /** The document's row, locked `for update` (its drafts' edits and its posting wait for each other). */
  lockDocument(id: number): Promise<StockDocumentHead | null>;
  documentLines(id: number): Promise<StockDocumentLine[]>;
  setReason(id: number, reason: string): Promise<void>;
  /** Sets a draft's quantities of these sizes (null: the size leaves the document). */
  setLines(id: number, lines: readonly { offerId: number; quantity: number | null }[]): Promise<void>;
  /** The offer of a barcode, else the sizes of a product of that article (the shop's only, not 1C's). */
  offersByCode(code: string): Promise<{ byBarcode: OfferFacts | null; byArticle: OfferFacts[] }>;
  deleteDocument(id: number): Promise<void>;
  /** Marks the document posted by `staffId`: when. */
  markPosted(id: number, staffId: number): Promise<Date>;
  /**
   * Takes STOCK_COUNT_LOCK shared, sets `move` for the triggers, inserts the missing rows (0) and locks the cells in
   * (offer, store) order `for update`: their quantities.
   */
  lockCells(cells: readonly { offerId: number; storeId: number }[], move: StockMove): Promise<StockCell[]>;
  /** Sets the quantities in one statement (one movement per changed cell). */
  setQuantities(cells: readonly StockCell[]): Promise<void>;
  deleteLines(documentId: number): Promise<void>;
  insertLines(documentId: number, lines: readonly StockDocumentLine[]): Promise<void>;
}

export interface ProductStockFacts {
  product: { id: number; name: string; article: string; ownedBy1C: boolean };
  offers: { id: number; sizeName: string; ownedBy1C: boolean }[];
  stores: StoreRef[];
  cells: StockCell[];
}

export interface MovementRow {
  id: number;
  at: Date;
  offerId: number;
  storeId: number;
  storeName: string;
  delta: number;
  quantity: number;
  kind: string;
  reason: string;
  staffEmail: string | null;
  orderId: number | null;
  documentId: number | null;
}

export interface StockAdminReads {
  /** The product of `productId`, or of `offerId`. */
  productStock(by: { productId?: number; offerId?: number }): Promise<ProductStockFacts | null>;
  findProducts(q: string, limit: number): Promise<{ id: number; name: string; article: string }[]>;
  allStores(): Promise<StoreRef[]>;
  movements(q: { offerId?: number; storeId?: number; before?: number; limit: number }): Promise<MovementRow[]>;
  offer(id: number): Promise<OfferFacts | null>;
}

export interface StockDocumentView {
  id: number;
  kind: StockDocumentKind;
  storeId: number;
  toStoreId: number | null;
  reason: string;
  createdAt: string;
  staff: { id: number; email: string };
  lines: {
    offerId: number;
    quantity: number;
    before: number;
    after: number;
    /** A transfer's receiving store. */
    toBefore?: number;
    toAfter?: number;
  }[];
}

export interface StockTable {
  product: ProductStockFacts['product'];
  stores: StoreRef[];
  sizes: { offerId: number; sizeName: string; ownedBy1C: boolean; quantities: Record<string, number> }[];
}

export interface MovementView {
  id: number;
  at: string;
  offerId: number;
  storeId: number;
  storeName: string;
  delta: number;
  quantity: number;
  kind: string;
  kindTitle: string;
  reason: string;
  staff: string | null;
  orderId: number | null;
  documentId: number | null;
}

export interface StockAdminService {
  /** Sizes × stores; a `shop` member sees their own shop's column only. */
  table(ctx: RequestContext, by: { productId?: number; offerId?: number; storeId?: number }): Promise<StockTable>;
  find(ctx: RequestContext, q: string): Promise<{ id: number; name: string; article: string }[]>;
  /** The stores the member may write to. */
  stores(ctx: RequestContext): Promise<StoreRef[]>;
  document(ctx: RequestContext, input: StockDocumentInput): Promise<StockDocumentView>;
  movements(
    ctx: RequestContext,
    q: { offerId?: number; storeId?: number; before?: number; limit?: number },
  ): Promise<{ items: MovementView[]; next: number | null }>;
}

const key = (offerId: number, storeId: number) => `${offerId}:${storeId}`;

export const documentNotFound = () => new DomainError('not_found', 'Такого документа нет.', 'STOCK_DOCUMENT_NOT_FOUND');

/** A posted document as the API answers it: its lines with the quantities before and after. */
export function postedView(head: StockDocumentHead, lines: readonly StockDocumentLine[]): StockDocumentView {
  return {
    id: head.id,
    kind: head.kind,
    storeId: head.storeId,
    toStoreId: head.toStoreId,
    reason: head.reason,
    createdAt: head.createdAt.toISOString(),
    staff: { id: head.staffId ?? 0, email: head.staffEmail },
    lines: lines.map((l) => ({
      offerId: l.offerId,
      quantity: l.quantity,
      before: l.before ?? 0,
      after: l.after ?? 0,
      ...(head.toStoreId !== null ? { toBefore: l.toBefore ?? 0, toAfter: l.toAfter ?? 0 } : {}),
    })),
  };
}

/**
 * The store a reading is limited to: the one asked for, else the member's own under an own-shop grant (every store
 * under any). Asking for another shop than one's own is refused.
 */
export function scopeStore(ctx: RequestContext, storeId: number | undefined): { storeId?: number } {
  const member = requirePermission(ctx, 'stock.adjust');
  const own = shopScope(member, 'stock.adjust');
  if (own !== undefined && storeId !== undefined && storeId !== own)
    throw new DomainError('forbidden', 'Недостаточно прав для этого действия.', 'FORBIDDEN');
  return { storeId: storeId ?? own };
}

export function createStockAdminService(deps: { reads: StockAdminReads; write: StaffWrite }): StockAdminService {
  const { reads, write } = deps;
  return {
    async table(ctx, by) {
      const { storeId } = scopeStore(ctx, by.storeId);
      const facts = await reads.productStock(by);
      if (!facts) throw new DomainError('not_found', 'Такого товара нет.', 'PRODUCT_NOT_FOUND');
      const stores = storeId === undefined ? facts.stores : facts.stores.filter((s) => s.id === storeId);
      if (stores.length === 0) throw new DomainError('not_found', 'Такого склада нет.', 'STORE_NOT_FOUND');
      const cells = new Map(facts.cells.map((c) => [key(c.offerId, c.storeId), c.quantity]));
      return {
        product: facts.product,
        stores,
        sizes: facts.offers
          .filter((o) => by.offerId === undefined || o.id === by.offerId)
          .map((o) => ({
            offerId: o.id,
            sizeName: o.sizeName,
            ownedBy1C: o.ownedBy1C,
            quantities: Object.fromEntries(stores.map((s) => [String(s.id), cells.get(key(o.id, s.id)) ?? 0])),
          })),
      };
    },

    async find(ctx, q) {
      scopeStore(ctx, undefined);
      const text = q.trim();
      return text === '' ? [] : reads.findProducts(text, 20);
    },

    async stores(ctx) {
      const { storeId } = scopeStore(ctx, undefined);
      const all = await reads.allStores();
      return storeId === undefined ? all : all.filter((s) => s.id === storeId);
    },

    async document(ctx, input) {
      const toStoreId = input.kind === 'transfer' ? (input.toStoreId ?? null) : null;
      const key = input.idempotencyKey ?? null;
      // The scope of both stores before anything is read: a shop member learns nothing of another shop's stock, and
      // cannot make a transfer, which writes two.
      return write(ctx, 'stock.document', { shopId: input.storeId }, async ({ stockDocuments: stock }, scope) => {
        if (input.toStoreId !== undefined) scope.inShop(input.toStoreId);
        const { member } = scope;
        // The same key again (or at once: the insert waits for the first to commit) answers the document it posted.
        const again = async (id: number | null) => {
          const head = id === null ? null : await stock.lockDocument(id);
          if (!head) throw new Error(`stock document of key ${key} vanished`);
          scope.inShop(head.storeId, documentNotFound);
          return { value: postedView(head, await stock.documentLines(head.id)), unchanged: true as const };
        };
        if (key !== null) {
          const known = await stock.documentIdByKey(key);
          if (known !== null) return again(known);
        }
        const doc = await stock.insertDocument({
          kind: input.kind,
          storeId: input.storeId,
          toStoreId,
          reason: input.reason,
          staffId: member.staffId,
          staffEmail: member.email,
          status: 'posted',
          idempotencyKey: key,
        });
        if (doc === null) return again(await stock.documentIdByKey(key ?? ''));
        const lines = await applyDocument(stock, member, {
          id: doc.id,
          kind: input.kind,
          storeId: input.storeId,
          toStoreId,
          reason: input.reason,
          lines: input.lines,
        });
        return {
          value: {
            id: doc.id,
            kind: input.kind,
            storeId: input.storeId,
            toStoreId,
            reason: input.reason,
            createdAt: doc.createdAt.toISOString(),
            staff: { id: member.staffId, email: member.email },
            lines,
          },
          id: doc.id,
          after: {
            kind: input.kind,
            storeId: input.storeId,
            ...(toStoreId !== null ? { toStoreId } : {}),
            reason: input.reason,
            lines,
          },
        };
      });
    },

    async movements(ctx, q) {
      const { storeId } = scopeStore(ctx, q.storeId);
      const limit = Math.min(q.limit ?? MOVEMENTS_PAGE, MOVEMENTS_PAGE);
      const rows = await reads.movements({ offerId: q.offerId, storeId, before: q.before, limit: limit + 1 });
      const page = rows.slice(0, limit);
      return {
        items: page.map((r) => ({
          id: r.id,
          at: r.at.toISOString(),
          offerId: r.offerId,
          storeId: r.storeId,
          storeName: r.storeName,
          delta: r.delta,
          quantity: r.quantity,
          kind: r.kind,
          kindTitle: MOVEMENT_TITLES[r.kind as MovementKind] ?? r.kind,
          reason: r.reason,
          staff: r.staffEmail,
          orderId: r.orderId,
          documentId: r.documentId,
        })),
        next: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
      };
    },
  };
}
