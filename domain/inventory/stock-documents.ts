import type { RequestContext } from '../context';
import { DomainError } from '../errors';
import { requirePermission, shopScope } from '../staff/permissions';
import type { StaffWrite } from '../staff/staff-write';
import { MOVEMENT_TITLES, type MovementKind, type StockMove } from './movements';
import type { StockDocumentInput, StockDocumentKind } from './stock-documents.schemas';

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

/** What a document writes, inside its one transaction. */
export interface StockDocumentWrites {
  stores(ids: readonly number[]): Promise<StoreRef[]>;
  offers(ids: readonly number[]): Promise<OfferFacts[]>;
  insertDocument(doc: {
    kind: StockDocumentKind;
    storeId: number;
    toStoreId: number | null;
    reason: string;
    staffId: number;
    staffEmail: string;
  }): Promise<{ id: number; createdAt: Date }>;
  /**
   * Takes STOCK_COUNT_LOCK shared, sets `move` for the triggers, inserts the missing rows (0) and locks the cells in
   * (offer, store) order `for update`: their quantities.
   */
  lockCells(cells: readonly { offerId: number; storeId: number }[], move: StockMove): Promise<StockCell[]>;
  /** Sets the quantities in one statement (one movement per changed cell). */
  setQuantities(cells: readonly StockCell[]): Promise<void>;
  insertLines(documentId: number, lines: readonly { offerId: number; quantity: number }[]): Promise<void>;
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

/**
 * The store a reading is limited to: the one asked for, else the member's own under an own-shop grant (every store
 * under any). Asking for another shop than one's own is refused.
 */
function scopeStore(ctx: RequestContext, storeId: number | undefined): { storeId?: number } {
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
      // The scope of both stores before anything is read: a shop member learns nothing of another shop's stock, and
      // cannot make a transfer, which writes two.
      return write(ctx, 'stock.document', { shopId: input.storeId }, async ({ stockDocuments: stock }, scope) => {
        if (input.toStoreId !== undefined) scope.inShop(input.toStoreId);
        const { member } = scope;
        const storeIds = toStoreId === null ? [input.storeId] : [input.storeId, toStoreId];
        const found = await stock.stores(storeIds);
        for (const id of storeIds)
          if (!found.some((s) => s.id === id))
            throw new DomainError('not_found', `Склада №${id} нет.`, 'STORE_NOT_FOUND');
        const offers = await stock.offers(input.lines.map((l) => l.offerId));
        const byId = new Map(offers.map((o) => [o.id, o]));
        for (const line of input.lines) {
          const offer = byId.get(line.offerId);
          if (!offer) throw new DomainError('not_found', `Размера (offerId ${line.offerId}) нет.`, 'OFFER_NOT_FOUND');
          if (offer.ownedBy1C)
            throw new DomainError(
              'conflict',
              `Остатки «${offer.productName}», размер ${offer.sizeName}: ${OWNED_BY_1C_NOTE}`,
              'OWNED_BY_1C',
            );
        }
        const doc = await stock.insertDocument({
          kind: input.kind,
          storeId: input.storeId,
          toStoreId,
          reason: input.reason,
          staffId: member.staffId,
          staffEmail: member.email,
        });
        const cells = input.lines.flatMap((l) => storeIds.map((storeId) => ({ offerId: l.offerId, storeId })));
        const locked = await stock.lockCells(
          [...cells].sort((a, b) => a.offerId - b.offerId || a.storeId - b.storeId),
          { kind: input.kind as MovementKind, reason: input.reason, staffId: member.staffId, documentId: doc.id },
        );
        const now = new Map(locked.map((c) => [key(c.offerId, c.storeId), c.quantity]));
        const at = (offerId: number, storeId: number) => now.get(key(offerId, storeId)) ?? 0;
        const writes: StockCell[] = [];
        const lines: StockDocumentView['lines'] = [];
        for (const line of input.lines) {
          const before = at(line.offerId, input.storeId);
          const after =
            input.kind === 'receipt'
              ? before + line.quantity
              : input.kind === 'stocktake'
                ? line.quantity
                : before - line.quantity;
          if (after < 0) {
            const offer = byId.get(line.offerId);
            throw new DomainError(
              'conflict',
              `Нельзя списать больше, чем есть: «${offer?.productName}», размер ${offer?.sizeName} — на складе ${before} шт., в документе ${line.quantity}.`,
              'NOT_ENOUGH_STOCK',
            );
          }
          writes.push({ offerId: line.offerId, storeId: input.storeId, quantity: after });
          const view: StockDocumentView['lines'][number] = {
            offerId: line.offerId,
            quantity: line.quantity,
            before,
            after,
          };
          if (toStoreId !== null) {
            const toBefore = at(line.offerId, toStoreId);
            view.toBefore = toBefore;
            view.toAfter = toBefore + line.quantity;
            writes.push({ offerId: line.offerId, storeId: toStoreId, quantity: view.toAfter });
          }
          lines.push(view);
        }
        await stock.setQuantities(writes);
        await stock.insertLines(doc.id, input.lines);
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
