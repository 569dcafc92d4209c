import type { RequestContext } from '../../context';
import { DomainError } from '../../errors';
import type { PriceRounding } from '../../pricing/price-rounding';
import { type AuditEntry, auditEntry } from '../../staff/audit';
import { requirePermission } from '../../staff/permissions';
import type { StaffWrite } from '../../staff/staff-write';
import { STAFF_WRITES } from '../../staff/writes';
import type { TransactionRepositories } from '../../uow';
import { sizeSort } from '../../exchange/catalogue-mapping';
import { roublesOf } from '../admin/rules';
import { newProductRows } from '../admin/product-making';
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
  clean,
} from './catalog-io';
import {
  BARCODE,
  barcodeCell,
  type NewModel,
  type NewProductRefs,
  newColumnsOf,
  newProductsView,
  planNewProducts,
} from './catalog-io-new';

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
  /** The sections, brands and colours a new product's cells name. */
  newProductRefs(): Promise<NewProductRefs>;
  /** Which of `articles` the shop's products have, lower-cased. */
  articlesTaken(articles: readonly string[]): Promise<string[]>;
  /** Which of `barcodes` offers have, with an offer of each. */
  barcodesTaken(barcodes: readonly string[]): Promise<{ barcode: string; offerId: number }[]>;
}

export interface StoredPreview {
  token: string;
  staffId: number;
  fileName: string;
  changes: OfferChange[];
  /** The models the rows without an offer id create (catalog-io-new.ts). */
  created: NewModel[];
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
  /**
   * Locks the offers, products and stock cells the changes touch (in one order) and reads them; `newStock`: new
   * offers get stock too (the stock lock and the movements' reason are taken first all the same).
   */
  lock(changes: readonly OfferChange[], staffId: number, newStock?: boolean): Promise<LockedState>;
  /** Every change in a few statements: prices, the products' hold, the stock cells (movements `other`). */
  apply(changes: readonly OfferChange[]): Promise<void>;
  /**
   * Which of `articles` the shop's products have, lower-cased (read in the apply's transaction, which from here holds
   * the shop's one lock on making products until it commits).
   */
  articlesTaken(articles: readonly string[]): Promise<string[]>;
  /** Which of `barcodes` offers have (read after `articlesTaken`, under its lock). */
  barcodesTaken(barcodes: readonly string[]): Promise<{ barcode: string; offerId: number }[]>;
  /** The stock of new offers, found by product and size name (after `lock(…, true)`). */
  insertNewStock(
    cells: readonly { productId: number; size: string; storeId: number; quantity: number }[],
  ): Promise<void>;
  /** Audit entries besides the write's own, in one statement (the import's, one per product). */
  recordAudit(entries: readonly AuditEntry[]): Promise<void>;
}

export interface PreviewAnswer {
  token: string | null;
  fileName: string;
  counts: ImportCounts;
  problems: (ImportProblem & { text: string })[];
  problemCount: number;
  changes: ReturnType<typeof changeView>[];
  /** The first products the import creates (a colour of an article each); the counts cover them all. */
  created: ReturnType<typeof newProductsView>;
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
  /**
   * Applies a preview: one transaction, all or nothing — the import's audit entry and one per product it creates or
   * changes.
   */
  apply(
    ctx: RequestContext,
    token: string,
  ): Promise<{ counts: ImportCounts; fileName: string; created: { id: number; url: string }[] }>;
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
        newProducts: 0,
        newOffers: 0,
      };
      const answer = (
        problems: ImportProblem[],
        counts: ImportCounts,
        changes: OfferChange[],
        token: string | null,
        created: ReturnType<typeof newProductsView> = [],
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
        created,
        stores,
      });
      if (heading.problems.length > 0) return answer(heading.problems, empty, [], null);
      const offers = await reads.offersByIds(offerIdsOf(table, heading.columns));
      const plan = planImport(table, heading.columns, new Map(offers.map((o) => [o.offerId, o])), priceRounding, true);
      // Rows with no offer id: new products, grouped by article.
      const isNew = (row: readonly string[]) =>
        clean(row[heading.columns.offerId]) === '' && row.some((c) => clean(c) !== '');
      const newRows = table.slice(1).filter(isNew);
      let created: NewModel[] = [];
      let refs: NewProductRefs = { sections: [], brands: [], colours: [] };
      const problems = [...plan.problems];
      if (newRows.length > 0) {
        const columns = newColumnsOf(table, heading.columns.stock, clean);
        const articles = columns.article < 0 ? [] : newRows.map((r) => clean(r[columns.article])).filter(Boolean);
        refs = await reads.newProductRefs();
        const codes = columns.barcode < 0 ? [] : newRows.map((r) => barcodeCell(clean(r[columns.barcode])));
        const [articlesTaken, barcodesTaken] = await Promise.all([
          reads.articlesTaken([...new Set(articles)]),
          reads.barcodesTaken([...new Set(codes.filter((c) => BARCODE.test(c)))]),
        ]);
        const taken = {
          articles: new Set(articlesTaken),
          barcodes: new Map(barcodesTaken.map((b) => [b.barcode, b.offerId])),
        };
        const fresh = planNewProducts(table, columns, isNew, refs, taken, priceRounding, clean);
        problems.push(...fresh.problems);
        problems.sort((a, b) => a.row - b.row);
        created = fresh.models;
        plan.counts.newProducts = fresh.products;
        plan.counts.newOffers = fresh.offers;
      }
      if (problems.length > 0) return answer(problems, plan.counts, [], null);
      if (plan.changes.length === 0 && created.length === 0) return answer([], plan.counts, [], null);
      const token = crypto.randomUUID();
      await reads.savePreview({
        token,
        staffId: member.staffId,
        fileName,
        changes: plan.changes,
        created,
        counts: plan.counts,
      });
      return answer([], plan.counts, plan.changes, token, newProductsView(created, refs, CHANGES_SHOWN));
    },

    async previewFile(ctx, fileName, bytes) {
      requirePermission(ctx, 'catalog.edit');
      return service.preview(ctx, fileName, deps.readTable(fileName, bytes));
    },

    async apply(ctx, token) {
      const now = (deps.clock ?? ctx.now)();
      return write(ctx, 'catalog.import', { id: token }, async (repos, scope) => {
        const { catalogIo, catalog } = repos;
        const member = scope.member;
        const preview = await catalogIo.claimPreview(token, member.staffId, new Date(now.getTime() - PREVIEW_TTL_MS));
        if (!preview) throw gone();
        const { changes, created } = preview;
        const newStock = created.some((m) => m.colours.some((c) => c.sizes.some((s) => s.stock.length > 0)));
        const state = await catalogIo.lock(changes, member.staffId, newStock);
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
        const made = await createProducts(repos, created);
        const repriced = changes.filter((c) => c.price || c.oldPrice || c.published).map((c) => c.productId);
        await catalog.refreshPrices([...new Set([...repriced, ...made.map((p) => p.id)])]);
        // One entry per product besides the import's own: each created, each changed, with what it was and is.
        const entries = [
          ...made.map((p) => ({ action: 'product.create' as const, entityId: p.id, before: null, after: p.after })),
          ...productEntries(changes).map((e) => ({ action: 'catalog.import_product' as const, ...e })),
        ];
        // In one statement: thousands of products are thousands of entries.
        await catalogIo.recordAudit(
          entries.map((e) =>
            auditEntry(ctx, member, {
              action: e.action,
              entity: STAFF_WRITES[e.action].entity,
              entityId: e.entityId,
              before: e.before,
              after: { ...e.after, file: preview.fileName },
            }),
          ),
        );
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
          value: {
            counts: preview.counts,
            fileName: preview.fileName,
            created: made.map((p) => ({ id: p.id, url: p.url })),
          },
          before: { offers: side('before') },
          after: {
            file: preview.fileName,
            ...preview.counts,
            products: [...new Set(changes.map((c) => c.productId))],
            created: made.map((p) => p.id),
            offers: side('after'),
          },
        };
      });
    },
  };
  return service;
}

const money = (k: number | null) => (k === null ? null : roublesOf(k));

/**
 * The products of the preview's new rows, made as the desk makes them (product-making.ts): the sections, brands and
 * colours checked again and the articles still free, under the apply's transaction; a few statements for them all.
 */
async function createProducts(repos: TransactionRepositories, models: readonly NewModel[]) {
  if (models.length === 0) return [];
  const { making, catalogIo } = repos;
  const conflict = (text: string, code: string) =>
    new DomainError(
      'conflict',
      `${text} С предпросмотра каталог изменился: загрузите файл ещё раз — ничего не изменено.`,
      code,
    );
  const taken = await catalogIo.articlesTaken(models.map((m) => m.article));
  if (taken.length > 0)
    throw conflict(`Товар с артикулом «${taken[0]}» уже появился на сайте.`, 'IMPORT_ARTICLE_TAKEN');
  const barcodes = models.flatMap((m) => m.colours.flatMap((c) => c.sizes.flatMap((s) => s.barcode ?? [])));
  const [barcode] = barcodes.length > 0 ? await catalogIo.barcodesTaken(barcodes) : [];
  if (barcode)
    throw conflict(
      `Штрихкод ${barcode.barcode} уже появился у предложения ${barcode.offerId}.`,
      'IMPORT_BARCODE_TAKEN',
    );
  const sections = new Map<number, Awaited<ReturnType<typeof making.section>>>();
  for (const id of new Set(models.map((m) => m.sectionId))) {
    const section = await making.section(id);
    if (!section) throw conflict(`Раздела №${id} больше нет.`, 'SECTION_NOT_FOUND');
    sections.set(id, section);
  }
  for (const id of new Set(models.map((m) => m.brandId)))
    if (!(await making.brandExists(id))) throw conflict(`Бренда №${id} больше нет.`, 'BRAND_NOT_FOUND');
  const codes = [...new Set(models.flatMap((m) => m.colours.map((c) => c.color)))];
  const known = new Set(await making.knownColours(codes));
  const lost = codes.find((c) => !known.has(c));
  if (lost) throw conflict(`Цвета «${lost}» больше нет в списке.`, 'COLOR_NOT_FOUND');

  const ids = await making.newProductIds(models.reduce((n, m) => n + m.colours.length, 0));
  let next = 0;
  const made = models.flatMap((m) => {
    const mine = ids.slice(next, next + m.colours.length);
    next += m.colours.length;
    const rows = newProductRows(m, sections.get(m.sectionId) as NonNullable<ReturnType<typeof sections.get>>, mine);
    return rows.map((row, i) => ({ row, model: m, colour: m.colours[i] as NewModel['colours'][number] }));
  });
  await making.insertProducts(made.map((p) => p.row));
  await making.insertOffers(
    made.flatMap(({ row, colour }) =>
      colour.sizes.map((s) => ({
        productId: row.id,
        sizeName: s.size,
        sizeSort: sizeSort(s.size),
        price: s.price,
        oldPrice: s.oldPrice,
        barcode: s.barcode,
      })),
    ),
  );
  await catalogIo.insertNewStock(
    made.flatMap(({ row, colour }) =>
      colour.sizes.flatMap((s) => s.stock.map((k) => ({ productId: row.id, size: s.size, ...k }))),
    ),
  );
  return made.map(({ row, model, colour }) => ({
    id: row.id,
    url: row.url,
    after: {
      name: model.name,
      article: model.article,
      modelId: row.modelId,
      sectionId: model.sectionId,
      brandId: model.brandId,
      published: model.published,
      color: colour.color,
      sizes: colour.sizes.map((s) => ({
        size: s.size,
        ...(s.barcode && { barcode: s.barcode }),
        price: money(s.price),
        ...(s.oldPrice !== null && { oldPrice: money(s.oldPrice) }),
        ...(s.stock.length > 0 && { stock: Object.fromEntries(s.stock.map((k) => [String(k.storeId), k.quantity])) }),
      })),
    },
  }));
}

/** Each changed product's entry: its hold, and its sizes' prices and stock, before and after. */
function productEntries(changes: readonly OfferChange[]) {
  const byProduct = new Map<number, OfferChange[]>();
  for (const c of changes) {
    const list = byProduct.get(c.productId);
    if (list) list.push(c);
    else byProduct.set(c.productId, [c]);
  }
  return [...byProduct].map(([productId, list]) => {
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const held = list.find((c) => c.published);
    if (held?.published) {
      before.published = held.published.before;
      after.published = held.published.after;
    }
    const side = (which: 'before' | 'after') =>
      list
        .filter((c) => c.price || c.oldPrice || c.stock.length > 0)
        .map((c) => ({
          size: c.size,
          ...(c.price && { price: money(c.price[which]) }),
          ...(c.oldPrice && { oldPrice: money(c.oldPrice[which]) }),
          ...(c.stock.length > 0 && { stock: Object.fromEntries(c.stock.map((s) => [String(s.storeId), s[which]])) }),
        }));
    const sizes = side('before');
    if (sizes.length > 0) {
      before.sizes = sizes;
      after.sizes = side('after');
    }
    return { entityId: productId, before, after };
  });
}
