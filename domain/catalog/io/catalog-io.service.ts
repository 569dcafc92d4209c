import type { RequestContext } from '../../context';
import { DomainError } from '../../errors';
import type { PriceRounding } from '../../pricing/price-rounding';
import { requirePermission } from '../../staff/permissions';
import type { StaffWrite } from '../../staff/staff-write';
import {
  AUDIT_OFFERS_CAP,
  CHANGES_SHOWN,
  changeView,
  headerOf,
  type ImportCounts,
  type ImportProblem,
  type IoOffer,
  type IoStore,
  MAX_IMPORT_ROWS,
  type OfferChange,
  offerIdsOf,
  PROBLEMS_SHOWN,
  planImport,
  readHeading,
  rowOf,
} from './catalog-io';

/** A preview is applied within this long of its making; after it the file is read again. */
export const PREVIEW_TTL_MS = 60 * 60 * 1000;
/** Offers an export reads per statement. */
const EXPORT_PAGE = 2_000;

/** The catalogue's reads for the table, and the previews kept until applied. */
export interface CatalogIoReads {
  stores(): Promise<IoStore[]>;
  /** Offers after id `after`, by id, `limit` of them. */
  offers(after: number, limit: number): Promise<IoOffer[]>;
  offersByIds(ids: readonly number[]): Promise<IoOffer[]>;
  savePreview(preview: StoredPreview): Promise<void>;
}

export interface StoredPreview {
  token: string;
  staffId: number;
  fileName: string;
  changes: OfferChange[];
  counts: ImportCounts;
}

/** The values an apply finds under its locks, to compare with what the preview read. */
export interface LockedState {
  prices: Map<number, { price: number; oldPrice: number | null }>;
  /** By product id: not held off sale. */
  published: Map<number, boolean>;
  /** By `offerId:storeId`. */
  stock: Map<string, number>;
}

/** The apply's writes, on the unit of work's transaction. */
export interface CatalogIoWrites {
  /** Marks the member's preview applied and answers it; null when it is not theirs, applied, or too old. */
  claimPreview(token: string, staffId: number, since: Date): Promise<StoredPreview | null>;
  /** Locks the offers, products and stock cells the changes touch (in one order) and reads them. */
  lock(changes: readonly OfferChange[], staffId: number): Promise<LockedState>;
  /** Every change in a few statements: prices, the products' hold, the stock cells (movements `other`). */
  apply(changes: readonly OfferChange[]): Promise<void>;
}

export interface PreviewAnswer {
  token: string | null;
  fileName: string;
  counts: ImportCounts;
  problems: (ImportProblem & { text: string })[];
  problemCount: number;
  changes: ReturnType<typeof changeView>[];
  /** The stores the stock columns name, for the changes' store ids. */
  stores: IoStore[];
}

export interface CatalogIoService {
  /** The heading and the rows, a page at a time (an export streams them). */
  exportRows(ctx: RequestContext): Promise<{ header: string[]; pages: AsyncIterable<(string | number)[][]> }>;
  /** Reads a file's table: every problem, or the changes held under a token for `apply`. Writes nothing of the shop. */
  preview(ctx: RequestContext, fileName: string, table: string[][]): Promise<PreviewAnswer>;
  /** As `preview`, of a file's bytes (CSV or XLSX): what the API and the page are posted. */
  previewFile(ctx: RequestContext, fileName: string, bytes: Uint8Array): Promise<PreviewAnswer>;
  /** Applies a preview: one transaction, one audit entry, all or nothing. */
  apply(ctx: RequestContext, token: string): Promise<{ counts: ImportCounts; fileName: string }>;
}

const key = (offerId: number, storeId: number) => `${offerId}:${storeId}`;

const gone = () =>
  new DomainError(
    'conflict',
    'Этот предпросмотр уже применён или устарел (он действует час): загрузите файл ещё раз.',
    'IMPORT_PREVIEW_GONE',
  );

export function createCatalogIoService(deps: {
  reads: CatalogIoReads;
  write: StaffWrite;
  priceRounding: PriceRounding;
  /** A file's table of text cells (the CSV and XLSX readers: server/catalog-io/sheets.ts); refuses what it cannot read. */
  readTable: (fileName: string, bytes: Uint8Array) => string[][];
  clock?: () => Date;
}): CatalogIoService {
  const { reads, write, priceRounding } = deps;
  const service: CatalogIoService = {
    async exportRows(ctx) {
      requirePermission(ctx, 'catalog.edit');
      const stores = await reads.stores();
      async function* pages() {
        let after = 0;
        for (;;) {
          const offers = await reads.offers(after, EXPORT_PAGE);
          if (offers.length === 0) return;
          yield offers.map((o) => rowOf(o, stores));
          after = (offers[offers.length - 1] as IoOffer).offerId;
          if (offers.length < EXPORT_PAGE) return;
        }
      }
      return { header: headerOf(stores), pages: pages() };
    },

    async preview(ctx, fileName, table) {
      const member = requirePermission(ctx, 'catalog.edit');
      if (table.length - 1 > MAX_IMPORT_ROWS)
        throw new DomainError(
          'validation',
          `В файле больше ${MAX_IMPORT_ROWS.toLocaleString('ru-RU')} строк: разделите его на части.`,
          'IMPORT_TOO_MANY_ROWS',
        );
      const stores = await reads.stores();
      const heading = readHeading(table, stores);
      const empty: ImportCounts = {
        rows: Math.max(0, table.length - 1),
        changed: 0,
        unchanged: 0,
        prices: 0,
        oldPrices: 0,
        published: 0,
        stock: 0,
        products: 0,
      };
      const answer = (
        problems: ImportProblem[],
        counts: ImportCounts,
        changes: OfferChange[],
        token: string | null,
      ) => ({
        token,
        fileName,
        counts,
        problems: problems.slice(0, PROBLEMS_SHOWN).map((p) => ({
          ...p,
          text: p.row === 1 ? `Заголовок: ${p.message}` : `Строка ${p.row}, «${p.column}»: ${p.message}`,
        })),
        problemCount: problems.length,
        changes: changes.slice(0, CHANGES_SHOWN).map(changeView),
        stores,
      });
      if (heading.problems.length > 0) return answer(heading.problems, empty, [], null);
      const offers = await reads.offersByIds(offerIdsOf(table, heading.columns));
      const plan = planImport(table, heading.columns, new Map(offers.map((o) => [o.offerId, o])), priceRounding);
      if (plan.problems.length > 0) return answer(plan.problems, plan.counts, [], null);
      if (plan.changes.length === 0) return answer([], plan.counts, [], null);
      const token = crypto.randomUUID();
      await reads.savePreview({ token, staffId: member.staffId, fileName, changes: plan.changes, counts: plan.counts });
      return answer([], plan.counts, plan.changes, token);
    },

    async previewFile(ctx, fileName, bytes) {
      requirePermission(ctx, 'catalog.edit');
      return service.preview(ctx, fileName, deps.readTable(fileName, bytes));
    },

    async apply(ctx, token) {
      const now = (deps.clock ?? ctx.now)();
      return write(ctx, 'catalog.import', { id: token }, async ({ catalogIo, catalog }, scope) => {
        const member = scope.member;
        const preview = await catalogIo.claimPreview(token, member.staffId, new Date(now.getTime() - PREVIEW_TTL_MS));
        if (!preview) throw gone();
        const { changes } = preview;
        const state = await catalogIo.lock(changes, member.staffId);
        let moved = 0;
        for (const c of changes) {
          const prices = state.prices.get(c.offerId);
          if (!prices) {
            moved++;
            continue;
          }
          if (c.price && prices.price !== c.price.before) moved++;
          else if (c.oldPrice && prices.oldPrice !== c.oldPrice.before) moved++;
          else if (c.published && state.published.get(c.productId) !== c.published.before) moved++;
          else if (c.stock.some((s) => (state.stock.get(key(c.offerId, s.storeId)) ?? 0) !== s.before)) moved++;
        }
        if (moved > 0)
          throw new DomainError(
            'conflict',
            `С предпросмотра изменились цены или остатки ${moved} размеров (продажи, обмен с 1С): загрузите файл ещё раз — ничего не изменено.`,
            'IMPORT_CHANGED',
          );
        await catalogIo.apply(changes);
        const repriced = changes.filter((c) => c.price || c.oldPrice || c.published).map((c) => c.productId);
        await catalog.refreshPrices([...new Set(repriced)]);
        const capped = changes.slice(0, AUDIT_OFFERS_CAP);
        const rub = (k: number | null) => (k === null ? null : k / 100);
        const side = (which: 'before' | 'after') =>
          capped.map((c) => ({
            id: c.offerId,
            ...(c.price && { price: rub(c.price[which]) }),
            ...(c.oldPrice && { oldPrice: rub(c.oldPrice[which]) }),
            ...(c.published && { published: c.published[which] }),
            ...(c.stock.length > 0 && {
              stock: Object.fromEntries(c.stock.map((s) => [String(s.storeId), s[which]])),
            }),
          }));
        return {
          value: { counts: preview.counts, fileName: preview.fileName },
          before: { offers: side('before') },
          after: {
            file: preview.fileName,
            ...preview.counts,
            products: [...new Set(changes.map((c) => c.productId))],
            offers: side('after'),
          },
        };
      });
    },
  };
  return service;
}
