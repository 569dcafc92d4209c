import { DomainError } from '../errors';
import type { StaffMember } from '../staff/staff-member';
import type { MovementKind } from './movements';
import { OWNED_BY_1C_NOTE, type StockCell, type StockDocumentView, type StockDocumentWrites } from './stock-documents';
import type { StockDocumentKind } from './stock-documents.schemas';

/** A document as it is posted: its head and its lines (offer, quantity). */
export interface PostingDocument {
  id: number;
  kind: StockDocumentKind;
  storeId: number;
  toStoreId: number | null;
  reason: string;
  lines: readonly { offerId: number; quantity: number }[];
}

const key = (offerId: number, storeId: number) => `${offerId}:${storeId}`;

/** The stores of a document exist (a store gone since a draft was begun is «not found»). */
export async function checkStores(stock: StockDocumentWrites, storeIds: readonly number[]): Promise<void> {
  const found = await stock.stores(storeIds);
  for (const id of storeIds)
    if (!found.some((s) => s.id === id)) throw new DomainError('not_found', `Склада №${id} нет.`, 'STORE_NOT_FOUND');
}

/** The offers of the lines exist and are the shop's (not 1C's): their facts. */
export async function checkOffers(stock: StockDocumentWrites, offerIds: readonly number[]) {
  const offers = await stock.offers(offerIds);
  const byId = new Map(offers.map((o) => [o.id, o]));
  for (const offerId of offerIds) {
    const offer = byId.get(offerId);
    if (!offer) throw new DomainError('not_found', `Размера (offerId ${offerId}) нет.`, 'OFFER_NOT_FOUND');
    if (offer.ownedBy1C)
      throw new DomainError(
        'conflict',
        `Остатки «${offer.productName}», размер ${offer.sizeName}: ${OWNED_BY_1C_NOTE}`,
        'OWNED_BY_1C',
      );
  }
  return byId;
}

/**
 * Changes the stock of a document's lines, in the caller's transaction: the cells locked in (offer, store) order,
 * each quantity computed from the locked one (a write-off never below zero), set in one statement, and the lines
 * stored with their quantities before and after. The document row exists (id).
 */
export async function applyDocument(
  stock: StockDocumentWrites,
  member: StaffMember,
  doc: PostingDocument,
): Promise<StockDocumentView['lines']> {
  const { toStoreId } = doc;
  const storeIds = toStoreId === null ? [doc.storeId] : [doc.storeId, toStoreId];
  await checkStores(stock, storeIds);
  const byId = await checkOffers(
    stock,
    doc.lines.map((l) => l.offerId),
  );
  const cells = doc.lines.flatMap((l) => storeIds.map((storeId) => ({ offerId: l.offerId, storeId })));
  const locked = await stock.lockCells(
    [...cells].sort((a, b) => a.offerId - b.offerId || a.storeId - b.storeId),
    { kind: doc.kind as MovementKind, reason: doc.reason, staffId: member.staffId, documentId: doc.id },
  );
  const now = new Map(locked.map((c) => [key(c.offerId, c.storeId), c.quantity]));
  const at = (offerId: number, storeId: number) => now.get(key(offerId, storeId)) ?? 0;
  const writes: StockCell[] = [];
  const lines: StockDocumentView['lines'] = [];
  for (const line of doc.lines) {
    const before = at(line.offerId, doc.storeId);
    const after =
      doc.kind === 'receipt'
        ? before + line.quantity
        : doc.kind === 'stocktake'
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
    writes.push({ offerId: line.offerId, storeId: doc.storeId, quantity: after });
    const view: StockDocumentView['lines'][number] = { offerId: line.offerId, quantity: line.quantity, before, after };
    if (toStoreId !== null) {
      const toBefore = at(line.offerId, toStoreId);
      view.toBefore = toBefore;
      view.toAfter = toBefore + line.quantity;
      writes.push({ offerId: line.offerId, storeId: toStoreId, quantity: view.toAfter });
    }
    lines.push(view);
  }
  await stock.setQuantities(writes);
  await stock.deleteLines(doc.id);
  await stock.insertLines(doc.id, lines);
  return lines;
}
