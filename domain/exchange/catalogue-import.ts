import {
  type OfferInput,
  offerInput,
  type PriceRole,
  type PriceTypeSetting,
  type ProductInput,
  type PropertyMapping,
  priceRole,
  productInput,
  propertyMapping,
} from './catalogue-mapping';
import { adoptRetail } from './import-rules';
import {
  CHANGE_KINDS,
  type CatalogueImporter,
  type ImportCounts,
  type ImportFileRequest,
  type ImportIssue,
  type ImportStep,
} from './ports';
import type { GroupRecord, PackageRecord, WarehouseRecord } from './records';
import type { PriceRounding } from '../pricing/price-rounding';

/** Records written in one transaction: a batch of offers with 20 stores each is about 10 000 stock rows. */
export const BATCH = { products: 200, offers: 500 } as const;
/** Errors kept per file. */
const MAX_ERRORS = 500;
/** A file 1C sends whole: `import.xml`, `offers.xml`, `prices.xml`, `rests.xml` (a split package numbers them). */
const WHOLE_FILE = /^(import|offers|prices|rests)\.xml$/i;

/** What a file said of itself, kept in its log row so a later step knows it. */
export interface FileScope {
  parts: PackageRecord['part'][];
  changesOnly: boolean;
  /** Whether any offer of the file gave stock: only then does a full file zero the stock it did not mention. */
  sawStock: boolean;
  /** The whole file was parsed once before the first write: a malformed file writes nothing. */
  validated: boolean;
  /** The 1C catalogue the file is of (`Каталог` `Ид`, or the offers package's `ИдКаталога`); '' when it names none. */
  catalogueId: string;
}

export interface ImportLog {
  id: number;
  status: 'progress' | 'success' | 'failure';
  position: number;
  scope: FileScope;
  counts: ImportCounts;
  errors: ImportIssue[];
}

/** A batch of records, already in the shop's terms, written in one transaction. */
export interface CatalogueBatch {
  groups: GroupRecord[];
  properties: { onecId: string; name: string; mapping: PropertyMapping }[];
  priceTypes: { onecId: string; name: string; role: PriceRole | null }[];
  warehouses: WarehouseRecord[];
  products: (Omit<ProductInput, 'imagePaths' | 'parcelProblems'> & { images: string[] })[];
  offers: OfferInput[];
}

/** What the importer reads and writes (db/repositories/exchange-catalogue.ts). */
export interface CatalogueStore {
  /** The file's log row in the session, made when new. */
  openLog(
    request: Pick<ImportFileRequest, 'sessionKey' | 'staffId' | 'fileName' | 'type'>,
    now: Date,
  ): Promise<ImportLog>;
  /** The property and price type mappings known so far (the back office may have changed the price types'). */
  mappings(): Promise<{ properties: Map<string, PropertyMapping>; priceRoles: Map<string, PriceRole | null> }>;
  /**
   * Writes the batch and moves the log on to `log` plus what the batch changed and its errors, in one transaction: a
   * step cut off anywhere resumes exactly after the last batch written. Offers of products not known yet are kept and
   * joined when their product is written.
   */
  writeBatch(
    logId: number,
    batch: CatalogueBatch,
    log: Omit<ImportLog, 'id' | 'status'>,
  ): Promise<{
    counts: ImportCounts;
    errors: ImportIssue[];
  }>;
  /** Moves the session's earlier log rows out of its key (see `CatalogueImporter.startPackage`). */
  startPackage(sessionKey: string): Promise<void>;
  /** See `CatalogueImporter.finishPackage`: one transaction, after every file of the session is written. */
  finishPackage(sessionKey: string): Promise<ImportCounts | null>;
  closeLog(logId: number, log: Omit<ImportLog, 'id'>, now: Date): Promise<void>;
}

/** Stores a photo of the package under a name of its content; an error text when it is not a JPEG, PNG or WebP. */
export interface PackagePhotos {
  save(bytes: Buffer): Promise<{ file: string; created: boolean } | { error: string }>;
}

export interface CatalogueImportDeps {
  store: CatalogueStore;
  photos: PackagePhotos;
  priceTypes: PriceTypeSetting;
  /** The shop's pricing rule, applied to the prices a file sets. */
  priceRounding: PriceRounding;
  /** The most one request may spend before it answers `progress` (1C waits for each answer). */
  stepMs: number;
  clock: () => Date;
  /** A monotonic clock in ms for the budget (tests drive it). */
  elapsed?: () => number;
  /** True while the process stops: the step answers `progress` after its batch, and 1C repeats it elsewhere. */
  stopping?: () => boolean;
}

export const emptyCounts = (): ImportCounts => {
  const counts = { records: 0 } as ImportCounts;
  for (const kind of CHANGE_KINDS) counts[kind] = { created: 0, changed: 0, removed: 0 };
  return counts;
};

export function addCounts(into: ImportCounts, add: ImportCounts): ImportCounts {
  for (const kind of CHANGE_KINDS) {
    into[kind].created += add[kind].created;
    into[kind].changed += add[kind].changed;
    into[kind].removed += add[kind].removed;
  }
  return into;
}

/** A batch being filled: its products' photos are still paths inside the package. */
type OpenBatch = Omit<CatalogueBatch, 'products'> & { products: ProductInput[] };

const emptyBatch = (): OpenBatch => ({
  groups: [],
  properties: [],
  priceTypes: [],
  warehouses: [],
  products: [],
  offers: [],
});

/**
 * The catalogue import (issue 26). A file is read from its start at every step and the records the log says are
 * written are skipped (parsing is cheap next to writing); the rest go in batches, each one transaction with the log's
 * position, until the step's time is spent (`progress`) or the file ends (`success`). A full file then hides what it
 * did not mention; a changes-only file never removes anything.
 */
export function createCatalogueImporter(deps: CatalogueImportDeps): CatalogueImporter {
  const elapsed = deps.elapsed ?? (() => performance.now());

  async function importFile(request: ImportFileRequest): Promise<ImportStep> {
    const started = elapsed();
    const log = await deps.store.openLog(request, deps.clock());
    const result = (status: ImportStep['status']): ImportStep => ({
      status,
      logId: log.id,
      position: log.position,
      counts: log.counts,
      errors: log.errors,
    });
    if (log.status === 'success') return result('success');
    try {
      if (!log.scope.validated) {
        // A malformed file fails here, before anything of it is written.
        for await (const _ of request.records());
        log.scope.validated = true;
      }
      if (await writeFile(request, log, started)) return result('progress');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await deps.store.closeLog(
        log.id,
        { ...log, status: 'failure', errors: [...log.errors, { id: request.fileName, message }] },
        deps.clock(),
      );
      throw error;
    }
    await deps.store.closeLog(log.id, { ...log, status: 'success' }, deps.clock());
    // A whole file (import.xml, not import0_1.xml of a split package) is a package of its own.
    if (!log.scope.changesOnly && WHOLE_FILE.test(request.fileName.split('/').pop() ?? '')) {
      const removed = await deps.store.finishPackage(request.sessionKey);
      if (removed) {
        addCounts(log.counts, removed);
        await deps.store.closeLog(log.id, { ...log, status: 'success' }, deps.clock());
      }
    }
    return result('success');
  }

  /** Writes the file's records from the log's position; answers true when the step's time ran out first. */
  async function writeFile(request: ImportFileRequest, log: ImportLog, started: number): Promise<boolean> {
    const { properties, priceRoles } = await deps.store.mappings();
    const addErrors = (errors: ImportIssue[]) => {
      for (const e of errors) {
        if (log.errors.length >= MAX_ERRORS) break;
        if (!log.errors.some((x) => x.id === e.id && x.message === e.message)) log.errors.push(e);
      }
    };
    let batch = emptyBatch();
    let pending = 0;
    /** The price types this step read, and whether their retail one is settled (before the first offer). */
    const fileTypes: { id: string; name: string }[] = [];
    let retailSettled = false;
    const settleRetail = () => {
      retailSettled = true;
      const retailKnown = [...priceRoles.values()].includes('retail');
      const typed = fileTypes.map((t) => ({ ...t, role: priceRoles.get(t.id) ?? null }));
      const adopted = adoptRetail(typed, retailKnown);
      if (!adopted) return;
      priceRoles.set(adopted.id, 'retail');
      const entry = batch.priceTypes.find((t) => t.onecId === adopted.id);
      if (entry) entry.role = 'retail';
      else
        batch.priceTypes.push({
          onecId: adopted.id,
          name: fileTypes.find((t) => t.id === adopted.id)?.name ?? adopted.id,
          role: 'retail',
        });
      addErrors([{ id: adopted.id, message: adopted.message }]);
    };

    const flush = async () => {
      if (pending === 0) return;
      // A weight or size 1C sent that cannot be read is a line of the log; the product is written without it.
      addErrors(batch.products.flatMap((p) => p.parcelProblems.map((message) => ({ id: p.onecId, message }))));
      const products = await Promise.all(batch.products.map((p) => withPhotos(p, request, deps.photos, log.counts)));
      for (const p of products) addErrors(p.errors);
      const next = log.position + pending;
      const written = await deps.store.writeBatch(
        log.id,
        { ...batch, products: products.map((p) => p.product) },
        { position: next, scope: log.scope, counts: log.counts, errors: log.errors },
      );
      addCounts(log.counts, written.counts);
      addErrors(written.errors);
      log.counts.records = next;
      log.position = next;
      batch = emptyBatch();
      pending = 0;
    };

    let index = 0;
    for await (const record of request.records()) {
      // What the records before the position made is in the store already (mappings, the log's scope).
      if (index++ < log.position) continue;
      pending++;
      switch (record.kind) {
        case 'package':
          if (!log.scope.parts.includes(record.part)) log.scope.parts.push(record.part);
          log.scope.changesOnly = log.scope.changesOnly || record.changesOnly;
          if (record.part === 'catalogue') log.scope.catalogueId = record.id;
          if (record.part === 'offers') log.scope.catalogueId = record.catalogueId ?? log.scope.catalogueId;
          break;
        case 'group':
          batch.groups.push(record);
          break;
        case 'property': {
          const mapping = propertyMapping(record, properties.get(record.id));
          properties.set(record.id, mapping);
          batch.properties.push({ onecId: record.id, name: record.name, mapping });
          break;
        }
        case 'priceType': {
          // A type seen before keeps the role it has (the back office may have set it).
          const role = priceRoles.has(record.id)
            ? (priceRoles.get(record.id) ?? null)
            : priceRole(record, deps.priceTypes);
          priceRoles.set(record.id, role);
          batch.priceTypes.push({ onecId: record.id, name: record.name, role });
          fileTypes.push({ id: record.id, name: record.name });
          break;
        }
        case 'warehouse':
          batch.warehouses.push(record);
          break;
        case 'product':
          batch.products.push(productInput(record, properties));
          break;
        case 'offer': {
          if (!retailSettled) settleRetail();
          const offer = offerInput(record, priceRoles, deps.priceRounding);
          if (offer.stock) log.scope.sawStock = true;
          batch.offers.push(offer);
          break;
        }
      }
      if (batch.products.length >= BATCH.products || batch.offers.length >= BATCH.offers) {
        await flush();
        if (elapsed() - started > deps.stepMs || deps.stopping?.()) return true;
      }
    }
    await flush();
    return false;
  }

  return {
    importFile,
    startPackage: (sessionKey) => deps.store.startPackage(sessionKey),
    async finishPackage(sessionKey) {
      return deps.store.finishPackage(sessionKey);
    },
  };
}

/** The product with its photos stored; a photo missing from the package or unreadable is an error, not a stop. */
async function withPhotos(
  product: ProductInput,
  request: ImportFileRequest,
  photos: PackagePhotos,
  counts: ImportCounts,
): Promise<{ product: CatalogueBatch['products'][number]; errors: ImportIssue[] }> {
  const { imagePaths, parcelProblems: _problems, ...rest } = product;
  const images: string[] = [];
  const errors: ImportIssue[] = [];
  for (const relative of imagePaths) {
    const bytes = await request.packageFile(relative);
    if (!bytes) {
      errors.push({ id: product.onecId, message: `Картинка ${relative} не найдена в пакете.` });
      continue;
    }
    const saved = await photos.save(bytes);
    if ('error' in saved) {
      errors.push({ id: product.onecId, message: `Картинка ${relative}: ${saved.error}` });
      continue;
    }
    if (saved.created) counts.images.created++;
    if (!images.includes(saved.file)) images.push(saved.file);
  }
  return { product: { ...rest, images }, errors };
}
