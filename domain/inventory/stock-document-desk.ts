import type { RequestContext } from '../context';
import { localMidnight } from '../delivery/schedule';
import { DomainError } from '../errors';
import { can, requirePermission } from '../staff/permissions';
import type { StaffWrite } from '../staff/staff-write';
import {
  documentNotFound,
  type OfferFacts,
  type StockDocumentHead,
  type StockDocumentLine,
  type StockDocumentWrites,
  type StoreRef,
  scopeStore,
} from './stock-documents';
import { MAX_DOCUMENT_LINES, STOCK_DOCUMENT_TITLES, type StockDocumentKind } from './stock-documents.schemas';
import {
  STOCK_DOCUMENT_STATUS_TITLES,
  type StockDocumentStatus,
  type StockDocumentsQuery,
  type StockDraftInput,
  type StockDraftUpdateInput,
  type StockScanInput,
} from './stock-drafts.schemas';
import { applyDocument, checkOffers, checkStores } from './stock-posting';

/**
 * Stock documents as staff make them (issue 47.4): a draft whose lines are scanned (a barcode adds one of its size)
 * or typed (an article adds its product's sizes as a grid), saved, then posted once — the posting locks the
 * document's row, so a second posting (a double click, two tabs, a retry) finds it posted and is refused. A count
 * shows what the store has beside what was counted before it is posted. The list filters by kind, store, author,
 * status and days. A shop's staff see and write only their own shop's documents.
 */

export const DOCUMENTS_PAGE = 50;
const MOSCOW = 'Europe/Moscow';

export interface GridOffer {
  offerId: number;
  productId: number;
  productName: string;
  article: string;
  sizeName: string;
  barcode: string | null;
  ownedBy1C: boolean;
}

export interface StockDocumentListRow {
  head: StockDocumentHead;
  storeName: string;
  toStoreName: string | null;
  lines: number;
  quantity: number;
}

export interface StockDocumentReads {
  list(q: {
    kind?: StockDocumentKind;
    status?: StockDocumentStatus;
    storeId?: number;
    staffId?: number;
    from?: Date;
    to?: Date;
    offset: number;
    limit: number;
  }): Promise<{ items: StockDocumentListRow[]; total: number }>;
  /** The members who made documents (of a store). */
  authors(storeId?: number): Promise<{ id: number; email: string }[]>;
  head(id: number): Promise<StockDocumentHead | null>;
  lines(id: number): Promise<StockDocumentLine[]>;
  /** Every size of the products of these offers, in the products' size order. */
  grid(offerIds: readonly number[]): Promise<GridOffer[]>;
  /** A store's quantities of these offers now (0 where it has none). */
  quantities(storeId: number, offerIds: readonly number[]): Promise<Map<number, number>>;
  stores(): Promise<StoreRef[]>;
  email(staffId: number): Promise<string | null>;
}

export interface StockDocumentSize {
  offerId: number;
  sizeName: string;
  barcode: string | null;
  ownedBy1C: boolean;
  /** In the document: null when the size is not (the grid shows every size of a product). */
  quantity: number | null;
  /** What the store has: now for a draft, when posted for a posted one. */
  expected: number;
  /** A count's difference, counted − expected (null: not counted, or not a count). */
  difference: number | null;
  after: number | null;
  toBefore: number | null;
  toAfter: number | null;
}

export interface StockDocumentCard {
  id: number;
  kind: StockDocumentKind;
  kindTitle: string;
  status: StockDocumentStatus;
  statusTitle: string;
  storeId: number;
  storeName: string;
  toStoreId: number | null;
  toStoreName: string | null;
  reason: string;
  createdAt: string;
  staff: { id: number | null; email: string };
  postedAt: string | null;
  postedBy: { id: number; email: string } | null;
  products: { productId: number; name: string; article: string; sizes: StockDocumentSize[] }[];
  totals: { lines: number; quantity: number; difference: number | null };
}

export interface StockDocumentListItem {
  id: number;
  kind: StockDocumentKind;
  kindTitle: string;
  status: StockDocumentStatus;
  statusTitle: string;
  storeId: number;
  storeName: string;
  toStoreName: string | null;
  reason: string;
  createdAt: string;
  postedAt: string | null;
  staff: { id: number | null; email: string };
  lines: number;
  quantity: number;
}

export interface StockDocumentDesk {
  list(
    ctx: RequestContext,
    q: StockDocumentsQuery,
    timeZone?: string,
  ): Promise<{
    items: StockDocumentListItem[];
    total: number;
    page: number;
    pages: number;
    authors: { id: number; email: string }[];
  }>;
  card(ctx: RequestContext, id: number): Promise<StockDocumentCard>;
  createDraft(ctx: RequestContext, input: StockDraftInput): Promise<StockDocumentCard>;
  updateDraft(ctx: RequestContext, id: number, input: StockDraftUpdateInput): Promise<StockDocumentCard>;
  /** A barcode adds `quantity` (1) of its size; an article adds its product's sizes not yet in the document (0). */
  scan(
    ctx: RequestContext,
    id: number,
    input: StockScanInput,
  ): Promise<{ document: StockDocumentCard; added: { offerId: number; quantity: number }[]; text: string }>;
  deleteDraft(ctx: RequestContext, id: number): Promise<void>;
  /** Posts the draft once; `input` (the form's last reason and quantities) is saved first, in the same write. */
  post(ctx: RequestContext, id: number, input?: StockDraftUpdateInput): Promise<StockDocumentCard>;
}

const alreadyPosted = (head: StockDocumentHead) =>
  new DomainError(
    'conflict',
    `Документ №${head.id} уже проведён — провести, изменить или удалить его нельзя.`,
    'STOCK_DOCUMENT_POSTED',
  );

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const listItem = (r: StockDocumentListRow): StockDocumentListItem => ({
  id: r.head.id,
  kind: r.head.kind,
  kindTitle: STOCK_DOCUMENT_TITLES[r.head.kind] ?? r.head.kind,
  status: r.head.status,
  statusTitle: STOCK_DOCUMENT_STATUS_TITLES[r.head.status],
  storeId: r.head.storeId,
  storeName: r.storeName,
  toStoreName: r.toStoreName,
  reason: r.head.reason,
  createdAt: r.head.createdAt.toISOString(),
  postedAt: r.head.postedAt?.toISOString() ?? null,
  staff: { id: r.head.staffId, email: r.head.staffEmail },
  lines: r.lines,
  quantity: r.quantity,
});

export function createStockDocumentDesk(deps: { reads: StockDocumentReads; write: StaffWrite }): StockDocumentDesk {
  const { reads, write } = deps;

  /** The document a member may see: another shop's is «not found» to a shop's staff. */
  async function visible(ctx: RequestContext, id: number): Promise<StockDocumentHead> {
    const member = requirePermission(ctx, 'stock.adjust');
    const head = await reads.head(id);
    if (!head || !can(member, 'stock.adjust', head.storeId)) throw documentNotFound();
    return head;
  }

  async function cardOf(head: StockDocumentHead): Promise<StockDocumentCard> {
    const lines = await reads.lines(head.id);
    const byOffer = new Map(lines.map((l) => [l.offerId, l]));
    const grid = await reads.grid(lines.map((l) => l.offerId));
    const draft = head.status === 'draft';
    const now = draft
      ? await reads.quantities(
          head.storeId,
          grid.map((g) => g.offerId),
        )
      : new Map<number, number>();
    const stores = new Map((await reads.stores()).map((s) => [s.id, s.name]));
    const counting = head.kind === 'stocktake';
    const products = new Map<number, StockDocumentCard['products'][number]>();
    let difference = 0;
    for (const g of grid) {
      const line = byOffer.get(g.offerId);
      // A posted document is what it posted: the sizes it held, as they were.
      if (!draft && !line) continue;
      const expected = draft ? (now.get(g.offerId) ?? 0) : (line?.before ?? 0);
      const quantity = line?.quantity ?? null;
      const diff = counting && quantity !== null ? quantity - expected : null;
      difference += diff ?? 0;
      let product = products.get(g.productId);
      if (!product) {
        product = { productId: g.productId, name: g.productName, article: g.article, sizes: [] };
        products.set(g.productId, product);
      }
      product.sizes.push({
        offerId: g.offerId,
        sizeName: g.sizeName,
        barcode: g.barcode,
        ownedBy1C: g.ownedBy1C,
        quantity,
        expected,
        difference: diff,
        after: line?.after ?? null,
        toBefore: line?.toBefore ?? null,
        toAfter: line?.toAfter ?? null,
      });
    }
    const postedEmail = head.postedBy === null ? null : await reads.email(head.postedBy);
    return {
      id: head.id,
      kind: head.kind,
      kindTitle: STOCK_DOCUMENT_TITLES[head.kind] ?? head.kind,
      status: head.status,
      statusTitle: STOCK_DOCUMENT_STATUS_TITLES[head.status],
      storeId: head.storeId,
      storeName: stores.get(head.storeId) ?? `№${head.storeId}`,
      toStoreId: head.toStoreId,
      toStoreName: head.toStoreId === null ? null : (stores.get(head.toStoreId) ?? `№${head.toStoreId}`),
      reason: head.reason,
      createdAt: head.createdAt.toISOString(),
      staff: { id: head.staffId, email: head.staffEmail },
      postedAt: head.postedAt?.toISOString() ?? null,
      postedBy: head.postedBy === null ? null : { id: head.postedBy, email: postedEmail ?? '' },
      products: [...products.values()],
      totals: {
        lines: lines.filter((l) => counting || l.quantity > 0).length,
        quantity: lines.reduce((sum, l) => sum + l.quantity, 0),
        difference: counting ? difference : null,
      },
    };
  }

  /** A draft of the member's reach, locked for its edit or posting; a posted one is refused. */
  async function lockedDraft(
    stock: StockDocumentWrites,
    scope: { inShop(shopId: number | null, hidden?: () => DomainError): void },
    id: number,
  ): Promise<StockDocumentHead> {
    const head = await stock.lockDocument(id);
    if (!head) throw documentNotFound();
    scope.inShop(head.storeId, documentNotFound);
    if (head.toStoreId !== null) scope.inShop(head.toStoreId, documentNotFound);
    if (head.status === 'posted') throw alreadyPosted(head);
    return head;
  }

  const cardById = async (id: number) => {
    const head = await reads.head(id);
    if (!head) throw documentNotFound();
    return cardOf(head);
  };

  return {
    async list(ctx, q, timeZone = MOSCOW) {
      const { storeId } = scopeStore(ctx, q.storeId);
      const page = q.page ?? 1;
      const { items, total } = await reads.list({
        kind: q.kind,
        status: q.status,
        storeId,
        staffId: q.staffId,
        from: q.from ? localMidnight(q.from, timeZone) : undefined,
        to: q.to ? localMidnight(nextDay(q.to), timeZone) : undefined,
        offset: (page - 1) * DOCUMENTS_PAGE,
        limit: DOCUMENTS_PAGE,
      });
      return {
        items: items.map(listItem),
        total,
        page,
        pages: Math.max(1, Math.ceil(total / DOCUMENTS_PAGE)),
        authors: await reads.authors(storeId),
      };
    },

    async card(ctx, id) {
      return cardOf(await visible(ctx, id));
    },

    async createDraft(ctx, input) {
      const toStoreId = input.kind === 'transfer' ? (input.toStoreId ?? null) : null;
      const id = await write(
        ctx,
        'stock.draft-create',
        { shopId: input.storeId },
        async ({ stockDocuments: stock }, scope) => {
          if (toStoreId !== null) scope.inShop(toStoreId);
          await checkStores(stock, toStoreId === null ? [input.storeId] : [input.storeId, toStoreId]);
          const doc = await stock.insertDocument({
            kind: input.kind,
            storeId: input.storeId,
            toStoreId,
            reason: input.reason ?? '',
            staffId: scope.member.staffId,
            staffEmail: scope.member.email,
            status: 'draft',
          });
          if (!doc) throw new Error('a draft has no key to conflict on');
          return {
            value: doc.id,
            id: doc.id,
            after: {
              kind: input.kind,
              storeId: input.storeId,
              ...(toStoreId !== null ? { toStoreId } : {}),
              status: 'draft',
            },
          };
        },
      );
      return cardById(id);
    },

    async updateDraft(ctx, id, input) {
      await write(ctx, 'stock.draft-update', { id }, async ({ stockDocuments: stock }, scope) => {
        const head = await lockedDraft(stock, scope, id);
        const set = input.lines.filter((l) => l.quantity !== null).map((l) => l.offerId);
        if (set.length > 0) await checkOffers(stock, set);
        const before = await stock.documentLines(id);
        if (input.reason !== undefined && input.reason !== head.reason) await stock.setReason(id, input.reason);
        await stock.setLines(id, input.lines);
        const after = await stock.documentLines(id);
        if (after.length > MAX_DOCUMENT_LINES)
          throw new DomainError('validation', `В документе — не больше ${MAX_DOCUMENT_LINES} строк.`, 'TOO_MANY_LINES');
        const lines = (ls: StockDocumentLine[]) => ls.map((l) => ({ offerId: l.offerId, quantity: l.quantity }));
        return {
          value: null,
          before: { reason: head.reason, lines: lines(before) },
          after: { reason: input.reason ?? head.reason, lines: lines(after) },
        };
      });
      return cardById(id);
    },

    async scan(ctx, id, input) {
      const result = await write(ctx, 'stock.draft-update', { id }, async ({ stockDocuments: stock }, scope) => {
        await lockedDraft(stock, scope, id);
        const found = await stock.offersByCode(input.code);
        const had = new Map((await stock.documentLines(id)).map((l) => [l.offerId, l.quantity]));
        let added: { offerId: number; quantity: number }[];
        let text: string;
        if (found.byBarcode) {
          const offer = found.byBarcode;
          await checkOffers(stock, [offer.id]);
          const quantity = (had.get(offer.id) ?? 0) + (input.quantity ?? 1);
          added = [{ offerId: offer.id, quantity }];
          text = `«${offer.productName}», размер ${offer.sizeName}: ${quantity} шт.`;
        } else if (found.byArticle.length > 0) {
          const own = found.byArticle.filter((o: OfferFacts) => !o.ownedBy1C);
          if (own.length === 0) await checkOffers(stock, [found.byArticle[0]?.id ?? 0]);
          added = own.filter((o) => !had.has(o.id)).map((o) => ({ offerId: o.id, quantity: 0 }));
          text = `«${own[0]?.productName}»: размеры добавлены, укажите количество.`;
        } else
          throw new DomainError(
            'not_found',
            `Штрихкод или артикул «${input.code}» не найден. Проверьте код или введите артикул товара.`,
            'CODE_NOT_FOUND',
          );
        await stock.setLines(id, added);
        if (had.size + added.filter((a) => !had.has(a.offerId)).length > MAX_DOCUMENT_LINES)
          throw new DomainError('validation', `В документе — не больше ${MAX_DOCUMENT_LINES} строк.`, 'TOO_MANY_LINES');
        return { value: { added, text }, after: { code: input.code, lines: added } };
      });
      return { ...result, document: await cardById(id) };
    },

    async deleteDraft(ctx, id) {
      await write(ctx, 'stock.draft-delete', { id }, async ({ stockDocuments: stock }, scope) => {
        const head = await lockedDraft(stock, scope, id);
        const lines = await stock.documentLines(id);
        await stock.deleteDocument(id);
        return {
          value: null,
          before: {
            kind: head.kind,
            storeId: head.storeId,
            reason: head.reason,
            lines: lines.map((l) => ({ offerId: l.offerId, quantity: l.quantity })),
          },
          after: null,
        };
      });
    },

    async post(ctx, id, input) {
      await write(ctx, 'stock.draft-post', { id }, async ({ stockDocuments: stock }, scope) => {
        const locked = await lockedDraft(stock, scope, id);
        if (input?.reason !== undefined && input.reason !== locked.reason) await stock.setReason(id, input.reason);
        if (input && input.lines.length > 0) await stock.setLines(id, input.lines);
        const head = { ...locked, reason: input?.reason ?? locked.reason };
        if (head.reason.trim() === '')
          throw new DomainError('validation', 'Укажите причину документа и сохраните его.', 'REASON_REQUIRED');
        const lines = (await stock.documentLines(id)).filter((l) => head.kind === 'stocktake' || l.quantity > 0);
        if (lines.length === 0)
          throw new DomainError('validation', 'В документе нет ни одной строки с количеством.', 'EMPTY_DOCUMENT');
        const posted = await applyDocument(stock, scope.member, { ...head, lines });
        await stock.markPosted(id, scope.member.staffId);
        return {
          value: null,
          before: { status: 'draft' },
          after: {
            status: 'posted',
            kind: head.kind,
            storeId: head.storeId,
            ...(head.toStoreId !== null ? { toStoreId: head.toStoreId } : {}),
            reason: head.reason,
            lines: posted,
          },
        };
      });
      return cardById(id);
    },
  };
}
