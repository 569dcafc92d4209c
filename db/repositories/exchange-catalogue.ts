import { sql } from 'drizzle-orm';
import {
  addCounts,
  type CatalogueStore,
  emptyCounts,
  type FileScope,
  type ImportLog,
} from '../../domain/exchange/catalogue-import';
import type { PriceRole, PropertyMapping } from '../../domain/exchange/catalogue-mapping';
import type { ImportCounts, ImportIssue } from '../../domain/exchange/ports';
import { type Db, queryRows, ts } from '../client';
import { writePriceTypes, writeProperties, writeWarehouses } from './exchange-import-classifier';
import { writeGroups } from './exchange-import-groups';
import { writeOffers } from './exchange-import-offers';
import { writeProducts } from './exchange-import-products';
import { json, parsed, textSet } from './exchange-import-sql';
import { stockMoveSetting } from './stock-moves';

/** One import writes at a time: two 1C sessions at once would race for the same new sections, brands and variants. */
const IMPORT_LOCK = 2_026_026;
const MAX_ERRORS = 500;

interface LogRow {
  id: number;
  status: ImportLog['status'];
  position: number;
  scope: FileScope | string;
  counts: ImportCounts | string;
  errors: ImportIssue[] | string;
}

const logOf = (r: LogRow): ImportLog => ({
  id: Number(r.id),
  status: r.status,
  position: Number(r.position),
  scope: parsed(r.scope),
  counts: parsed(r.counts),
  errors: parsed(r.errors),
});

/**
 * The catalogue import's writes (domain/exchange/catalogue-import.ts) on the shop's tables: the log and the package's
 * end here, each kind of record in its own file (db/repositories/exchange-import-*.ts).
 */
export function exchangeCatalogueStore(db: Db, clock: () => Date): CatalogueStore {
  return {
    async openLog(request, now) {
      const [found] = await queryRows<LogRow>(
        db,
        sql`select id, status, position, scope, counts, errors from exchange_log
          where session_key = ${request.sessionKey} and file_name = ${request.fileName} and type <> 'sale'
          order by id desc limit 1`,
      );
      if (found && found.status !== 'failure') return logOf(found);
      const scope: FileScope = { parts: [], changesOnly: false, sawStock: false, validated: false, catalogueId: '' };
      const [made] = await queryRows<LogRow>(
        db,
        sql`insert into exchange_log (session_key, staff_id, type, file_name, started_at, status, scope, counts)
          values (${request.sessionKey}, ${request.staffId}, ${request.type ?? 'catalog'}, ${request.fileName},
            ${ts(now)}, 'progress', ${json(scope)}, ${json(emptyCounts())})
          returning id, status, position, scope, counts, errors`,
      );
      return logOf(made as LogRow);
    },

    async mappings() {
      const properties = await queryRows<{ onec_id: string; target: string | null; values: unknown }>(
        db,
        sql`select onec_id, target, values from exchange_properties`,
      );
      const types = await queryRows<{ onec_id: string; role: PriceRole | null }>(
        db,
        sql`select onec_id, role from exchange_price_types`,
      );
      return {
        properties: new Map(
          properties.map((p) => [
            p.onec_id,
            { target: p.target, values: parsed(p.values as Record<string, string>) } as PropertyMapping,
          ]),
        ),
        priceRoles: new Map(types.map((t) => [t.onec_id, t.role])),
      };
    },

    writeBatch(logId, batch, log) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
        const counts = emptyCounts();
        const errors: ImportIssue[] = [];
        await writeGroups(tx, batch.groups, counts, errors);
        await writeProperties(tx, batch.properties);
        await writePriceTypes(tx, batch.priceTypes);
        await writeWarehouses(tx, batch.warehouses);
        const joined = await writeProducts(tx, logId, log.scope.catalogueId, batch.products, counts, errors);
        // The file's own mention of an offer is newer than one that waited for its product.
        await writeOffers(tx, logId, [...joined, ...batch.offers], counts, errors, clock());
        const total = addCounts(structuredClone(log.counts), counts);
        total.records = log.position;
        await tx.execute(sql`update exchange_log set position = ${log.position}, scope = ${json(log.scope)},
          counts = ${json(total)}, errors = ${json([...log.errors, ...errors].slice(0, MAX_ERRORS))}
          where id = ${logId}`);
        return { counts, errors };
      });
    },

    async startPackage(sessionKey) {
      await db.execute(sql`update exchange_log set session_key = session_key || '#' || id
        where session_key = ${sessionKey} and type <> 'sale'`);
    },

    finishPackage(sessionKey) {
      return db.transaction(async (tx) => {
        // The zeroing below is the 1C import's stock movement (migration 0029).
        await tx.execute(
          sql`select pg_advisory_xact_lock(${IMPORT_LOCK}), ${stockMoveSetting({ kind: 'import', reason: 'Обмен с 1С' })}`,
        );
        const counts = emptyCounts();
        // Each file's latest try: one that failed and was sent again counts as the retry went.
        const logs = await queryRows<{ id: number; status: string; scope: FileScope | string }>(
          tx,
          sql`select distinct on (file_name) id, status, scope from exchange_log
            where session_key = ${sessionKey} and type <> 'sale' order by file_name, id desc`,
        );
        // A file not finished yet would have its products and stock taken for gone.
        if (logs.length === 0 || logs.some((l) => l.status !== 'success')) return null;
        const full = logs.map((l) => parsed(l.scope)).filter((s) => !s.changesOnly);
        // Written by this session or any later one (a rerun, another 1C node) counts as mentioned.
        const since = Math.min(...logs.map((l) => Number(l.id)));
        const catalogues = (part: FileScope['parts'][number]) =>
          textSet(
            full
              .filter((s) => s.parts.includes(part) && (part !== 'offers' || s.sawStock))
              .map((s) => s.catalogueId ?? ''),
          );
        if (full.some((s) => s.parts.includes('catalogue'))) {
          const hidden = await queryRows<{ onec_id: string }>(
            tx,
            sql`with gone as (
                update exchange_products set deleted = true
                where not deleted and catalogue_id in ${catalogues('catalogue')}
                  and (seen_log is null or seen_log < ${since}) returning onec_id),
              hide as (update products p set active = false from exchange_variants v
                where v.onec_product_id in (select onec_id from gone) and p.id = v.product_id and p.active)
              select onec_id from gone`,
          );
          counts.products.removed += hidden.length;
        }
        if (full.some((s) => s.parts.includes('offers') && s.sawStock)) {
          const zeroed = await queryRows<{ offer_id: number }>(
            tx,
            sql`update stock k set quantity = 0
              from exchange_offers x join offers o on o.id = x.offer_id
                join exchange_variants v on v.product_id = o.product_id
                join exchange_products e on e.onec_id = v.onec_product_id
              where k.offer_id = x.offer_id and k.quantity > 0 and e.catalogue_id in ${catalogues('offers')}
                and (x.stock_seen_log is null or x.stock_seen_log < ${since})
              returning k.offer_id`,
          );
          counts.stock.removed += zeroed.length;
        }
        return counts;
      });
    },

    async closeLog(logId, log, now) {
      await db.execute(sql`update exchange_log set status = ${log.status}, finished_at = ${ts(now)},
        position = ${log.position}, scope = ${json(log.scope)}, counts = ${json(log.counts)},
        errors = ${json(log.errors.slice(0, MAX_ERRORS))} where id = ${logId}`);
    },
  };
}
