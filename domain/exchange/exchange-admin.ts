import type { RequestContext } from '../context';
import { DomainError } from '../errors';
import { requirePermission } from '../staff/permissions';
import type { StaffWrite } from '../staff/staff-write';
import type { ImportCounts, ImportIssue } from './ports';

/** What a 1C price type is on the shop: the retail price, the old (crossed-out) one; null: not used. */
export const PRICE_ROLES = ['retail', 'old'] as const;
export type PriceRole = (typeof PRICE_ROLES)[number];

export type ExchangeLogType = 'catalog' | 'sale' | 'rerun';
export type ExchangeLogStatus = 'progress' | 'success' | 'failure';

/** One imported file as the back office's log shows it. */
export interface ExchangeLogEntry {
  id: number;
  sessionKey: string;
  type: ExchangeLogType;
  fileName: string;
  startedAt: string;
  finishedAt: string | null;
  status: ExchangeLogStatus;
  /** Who ran the exchange; null for a member since gone from the table. */
  staff: { name: string; email: string } | null;
  /** A catalogue file's counts; null while the importer has counted nothing yet, and for an orders file. */
  counts: ImportCounts | null;
  /** An orders file's: orders moved, and orders already where 1C says. */
  orders: { changed: number; unchanged: number } | null;
  errors: ImportIssue[];
}

export interface PriceTypeMapping {
  onecId: string;
  name: string;
  role: PriceRole | null;
}

export interface WarehouseMapping {
  onecId: string;
  name: string;
  storeId: number | null;
}

/**
 * What the exchange page says of the warehouses no store is mapped to: their stock counts as the online warehouse's
 * until the staff map them (`warehouseStore`, import-rules.ts).
 */
export function unmappedWarehousesNote(warehouses: readonly WarehouseMapping[]): string | undefined {
  const unmapped = warehouses.filter((w) => w.storeId === null).map((w) => `«${w.name}»`);
  if (unmapped.length === 0) return undefined;
  return `Остатки складов без магазина идут на интернет-склад, пока их не сопоставят: ${unmapped.join(', ')}.`;
}

export interface SectionMapping {
  onecId: string;
  name: string;
  sectionId: number;
}

/** A store a warehouse may give stock to: its name and city. */
export interface StoreChoice {
  id: number;
  name: string;
  city: string;
}

/** A section of the shop, named by its full path («Женщинам / Платья»). */
export interface SectionChoice {
  id: number;
  path: string;
}

/** The files of a catalogue exchange's package, in the order the log lists them. */
export interface ExchangePackage {
  sessionKey: string;
  files: string[];
}

export interface ExchangeAdminRepository {
  /** A page of the log, newest first, and how many rows it has in all. */
  log(limit: number, offset: number): Promise<{ items: ExchangeLogEntry[]; total: number }>;
  /** The log rows of one session (a rerun's result), in the order they were written. */
  session(sessionKey: string): Promise<ExchangeLogEntry[]>;
  priceTypes(): Promise<PriceTypeMapping[]>;
  warehouses(): Promise<WarehouseMapping[]>;
  sections(): Promise<SectionMapping[]>;
  stores(): Promise<StoreChoice[]>;
  shopSections(): Promise<SectionChoice[]>;
  setPriceRole(onecId: string, role: PriceRole | null): Promise<void>;
  setWarehouseStore(onecId: string, storeId: number | null): Promise<void>;
  setSection(onecId: string, sectionId: number): Promise<void>;
  /** The last package 1C sent for the catalogue (a rerun's own rows are not one), or null when there was none. */
  lastCataloguePackage(): Promise<ExchangePackage | null>;
  /** How many products on sale came from 1C, and how many did not. */
  productOrigins(): Promise<{ fromOnec: number; others: number }>;
  /** Takes off sale every product 1C did not send (the demo catalogue, say); answers how many. */
  hideNotFromOnec(): Promise<number>;
}

/** How one file of a rerun went. */
export interface RerunFile {
  fileName: string;
  status: 'success' | 'failure';
  /** Why it failed (a file that does not parse, a file gone). */
  message?: string;
}

/** Imports a package's files again from its folder (server/exchange/rerun.ts). */
export interface PackageRerun {
  /** Whether the package's folder is still on the server. */
  available(from: ExchangePackage): Promise<boolean>;
  /**
   * The files of `from` imported again, one after another, as the session `as`; stops at the first that fails.
   * Null when the package's folder is gone.
   */
  rerun(from: ExchangePackage, as: { sessionKey: string; staffId: number }): Promise<RerunFile[] | null>;
}

export interface ExchangeAdminPage {
  /** Products on sale by where they came from. */
  origins: { fromOnec: number; others: number };
  log: { items: ExchangeLogEntry[]; page: number; pages: number; total: number };
  priceTypes: PriceTypeMapping[];
  warehouses: WarehouseMapping[];
  sections: SectionMapping[];
  stores: StoreChoice[];
  shopSections: SectionChoice[];
  /** The package a rerun would load again. */
  lastPackage: ExchangePackage | null;
}

export const LOG_PAGE_SIZE = 30;

const packageGone = (last: ExchangePackage) =>
  new DomainError(
    'not_found',
    `Файлов последнего пакета на сервере нет (папка exchange/${last.sessionKey} удалена или не сохранилась): дождитесь следующего обмена из 1С.`,
    'EXCHANGE_PACKAGE_GONE',
  );

type Ctx = Pick<RequestContext, 'actor' | 'client' | 'now'>;

const invalid = (message: string, code: string) => new DomainError('validation', message, code);

/** The mappings one form changed, as one audit entry: each one's value before and after, by its 1C id; the count. */
function mappingChanges() {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  return {
    add(name: string, was: unknown, now: unknown) {
      before[name] = was;
      after[name] = now;
    },
    audited() {
      const count = Object.keys(after).length;
      return { value: count, unchanged: count === 0, before, after };
    },
  };
}

/**
 * The back office's 1C exchange (issue 26): the log of imported files, the mappings of 1C's price types, warehouses
 * and groups to the shop's, and a rerun of the last package. Every call needs `exchange.run`; every write is audited
 * with its before and after.
 */
export function createExchangeAdminService(deps: { repo: ExchangeAdminRepository; write: StaffWrite }) {
  const { repo, write } = deps;
  return {
    async page(ctx: Ctx, page: number): Promise<ExchangeAdminPage> {
      requirePermission(ctx, 'exchange.run');
      const wanted = Number.isSafeInteger(page) && page > 0 ? page : 1;
      const [log, priceTypes, warehouses, sections, stores, shopSections, lastPackage, origins] = await Promise.all([
        repo.log(LOG_PAGE_SIZE, (wanted - 1) * LOG_PAGE_SIZE),
        repo.priceTypes(),
        repo.warehouses(),
        repo.sections(),
        repo.stores(),
        repo.shopSections(),
        repo.lastCataloguePackage(),
        repo.productOrigins(),
      ]);
      const pages = Math.max(1, Math.ceil(log.total / LOG_PAGE_SIZE));
      return {
        log: { items: log.items, page: wanted, pages, total: log.total },
        priceTypes,
        warehouses,
        sections,
        stores,
        shopSections,
        lastPackage,
        origins,
      };
    },

    /** The log rows of a rerun, for its notice. */
    async rerunResult(ctx: Ctx, sessionKey: string): Promise<ExchangeLogEntry[]> {
      requirePermission(ctx, 'exchange.run');
      return sessionKey.startsWith('rerun-') ? repo.session(sessionKey) : [];
    },

    /**
     * Sets the price types' roles (by 1C id; a type left out keeps its own). At most one type is the retail price
     * and one the old price: a choice that makes two is refused whole.
     */
    async setPriceRoles(ctx: Ctx, roles: Record<string, string>): Promise<number> {
      return write(ctx, 'exchange.price_type', { id: 'price-types' }, async ({ exchangeMappings: exchange }) => {
        const current = await exchange.priceTypes();
        const next = current.map((t) => {
          const given = roles[t.onecId];
          if (given === undefined) return t;
          if (given !== '' && !(PRICE_ROLES as readonly string[]).includes(given))
            throw invalid(`Неизвестная роль цены «${t.name}».`, 'PRICE_ROLE_UNKNOWN');
          return { ...t, role: given === '' ? null : (given as PriceRole) };
        });
        for (const [role, title] of [
          ['retail', 'розничной'],
          ['old', 'старой (зачёркнутой)'],
        ] as const) {
          const named = next.filter((t) => t.role === role);
          if (named.length > 1)
            throw invalid(
              `Ролью ${title} цены может быть только один тип цен, а выбраны: ${named.map((t) => `«${t.name}»`).join(', ')}.`,
              'PRICE_ROLE_TWICE',
            );
        }
        const changes = mappingChanges();
        for (const [i, t] of next.entries()) {
          const before = current[i] as PriceTypeMapping;
          if (before.role === t.role) continue;
          await exchange.setPriceRole(t.onecId, t.role);
          changes.add(t.onecId, before.role, t.role);
        }
        return changes.audited();
      });
    },

    /**
     * Takes off sale the products 1C did not send (a shop that started on the demo catalogue and now has its own from
     * 1C). Refused while nothing has come from 1C: it would take the whole catalogue off sale.
     */
    async hideNotFromOnec(ctx: Ctx): Promise<number> {
      return write(ctx, 'exchange.hide_others', { id: 'not-from-1c' }, async ({ exchangeMappings: exchange }) => {
        const origins = await exchange.productOrigins();
        if (origins.fromOnec === 0)
          throw new DomainError(
            'conflict',
            'Из 1С ещё не пришло ни одного товара в продаже: снять с продажи остальные значило бы закрыть весь каталог.',
            'NOTHING_FROM_1C',
          );
        const hidden = await exchange.hideNotFromOnec();
        return { value: hidden, before: { onSale: origins.others }, after: { onSale: 0, hidden } };
      });
    },

    /** Sets the stores the warehouses' stock goes to (by 1C id; '' leaves a warehouse's stock out). */
    async setWarehouseStores(ctx: Ctx, stores: Record<string, string>): Promise<number> {
      return write(ctx, 'exchange.warehouse', { id: 'warehouses' }, async ({ exchangeMappings: exchange }) => {
        const known = new Set((await exchange.stores()).map((s) => s.id));
        const changes = mappingChanges();
        for (const w of await exchange.warehouses()) {
          const given = stores[w.onecId];
          if (given === undefined) continue;
          const storeId = given === '' ? null : Number(given);
          if (storeId !== null && !known.has(storeId))
            throw invalid(`Для склада «${w.name}» выбран магазин, которого нет.`, 'STORE_UNKNOWN');
          if (storeId === w.storeId) continue;
          await exchange.setWarehouseStore(w.onecId, storeId);
          changes.add(w.onecId, w.storeId, storeId);
        }
        return changes.audited();
      });
    },

    /** Re-points 1C's groups to the shop's sections (by 1C id). */
    async setSections(ctx: Ctx, sections: Record<string, string>): Promise<number> {
      return write(ctx, 'exchange.section', { id: 'sections' }, async ({ exchangeMappings: exchange }) => {
        const known = new Set((await exchange.shopSections()).map((s) => s.id));
        const changes = mappingChanges();
        for (const g of await exchange.sections()) {
          const given = sections[g.onecId];
          if (given === undefined) continue;
          const sectionId = Number(given);
          if (given === '' || !known.has(sectionId))
            throw invalid(`Для группы «${g.name}» выбран раздел, которого нет.`, 'SECTION_UNKNOWN');
          if (sectionId === g.sectionId) continue;
          await exchange.setSection(g.onecId, sectionId);
          changes.add(g.onecId, g.sectionId, sectionId);
        }
        return changes.audited();
      });
    },

    /**
     * Loads the last catalogue package again from its folder, as a new session `rerun-<time>`, and answers that key
     * (its log rows are the result). The audit entry commits as the rerun starts, so a rerun that dies half-way still
     * has it; the files are then imported step by step as 1C's own are — one transaction around a whole package would
     * hold the stock lock, and every checkout, for its length. A file that fails stops the rerun with its reason.
     */
    async rerun(ctx: Ctx, packages: PackageRerun): Promise<string> {
      const sessionKey = `rerun-${ctx.now().getTime()}`;
      const { last, staffId } = await write(ctx, 'exchange.rerun', { id: sessionKey }, async (repos, { member }) => {
        const last = await repos.exchangeMappings.lastCataloguePackage();
        if (!last)
          throw new DomainError(
            'not_found',
            'Пакета для повторной загрузки нет: 1С ещё не присылала каталог.',
            'EXCHANGE_NO_PACKAGE',
          );
        if (!(await packages.available(last))) throw packageGone(last);
        return {
          value: { last, staffId: member.staffId },
          before: { sessionKey: last.sessionKey, files: last.files },
          after: { sessionKey, files: last.files },
        };
      });
      const files = await packages.rerun(last, { sessionKey, staffId });
      if (files === null) throw packageGone(last);
      const failed = files.find((f) => f.status === 'failure');
      if (failed)
        throw new DomainError(
          'conflict',
          `Файл ${failed.fileName} не загружен: ${failed.message ?? 'ошибка'}. Загружено до него файлов: ${files.length - 1}.`,
          'EXCHANGE_RERUN_FAILED',
        );
      return sessionKey;
    },
  };
}

export type ExchangeAdminService = ReturnType<typeof createExchangeAdminService>;
