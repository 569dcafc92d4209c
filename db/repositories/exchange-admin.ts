import { sql } from 'drizzle-orm';
import type {
  ExchangeAdminRepository,
  ExchangeLogEntry,
  ExchangeLogStatus,
  ExchangeLogType,
  PriceRole,
} from '../../domain/exchange/exchange-admin';
import type { ImportCounts, ImportIssue } from '../../domain/exchange/ports';
import { type Db, queryRows } from '../client';

interface LogRow {
  id: number;
  session_key: string;
  type: string;
  file_name: string;
  started_at: string | Date;
  finished_at: string | Date | null;
  status: string;
  staff_name: string | null;
  staff_email: string | null;
  counts: Record<string, unknown> | string;
  errors: ImportIssue[] | string;
}

/** jsonb comes back parsed from node-postgres and PGlite alike, as text from a few drivers' casts. */
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const entryOf = (r: LogRow): ExchangeLogEntry => {
  const counts = json(r.counts);
  return {
    id: Number(r.id),
    sessionKey: r.session_key,
    type: r.type as ExchangeLogType,
    fileName: r.file_name,
    startedAt: new Date(r.started_at).toISOString(),
    finishedAt: r.finished_at === null ? null : new Date(r.finished_at).toISOString(),
    status: r.status as ExchangeLogStatus,
    staff: r.staff_email === null ? null : { name: r.staff_name ?? '', email: r.staff_email },
    // A row just opened has `{}` until the importer counts; an orders file counts orders only.
    counts: counts && 'products' in counts ? (counts as unknown as ImportCounts) : null,
    orders: counts && 'orders' in counts ? (counts as unknown as { orders: ExchangeLogEntry['orders'] }).orders : null,
    errors: json(r.errors) ?? [],
  };
};

const LOG_COLUMNS = sql`l.id, l.session_key, l.type, l.file_name, l.started_at, l.finished_at, l.status,
  s.name as staff_name, s.email as staff_email, l.counts, l.errors`;

/** The back office's reads and writes of the exchange's log and mappings (issue 26). */
export function exchangeAdminRepository(db: Db): ExchangeAdminRepository {
  return {
    async log(limit, offset) {
      const [rows, [count]] = await Promise.all([
        queryRows<LogRow>(
          db,
          sql`select ${LOG_COLUMNS} from exchange_log l left join staff s on s.id = l.staff_id
            order by l.started_at desc, l.id desc limit ${limit} offset ${offset}`,
        ),
        queryRows<{ total: number }>(db, sql`select count(*)::int as total from exchange_log`),
      ]);
      return { items: rows.map(entryOf), total: Number(count?.total ?? 0) };
    },

    async session(sessionKey) {
      const rows = await queryRows<LogRow>(
        db,
        sql`select ${LOG_COLUMNS} from exchange_log l left join staff s on s.id = l.staff_id
          where l.session_key = ${sessionKey} order by l.started_at, l.id`,
      );
      return rows.map(entryOf);
    },

    async priceTypes() {
      const rows = await queryRows<{ onec_id: string; name: string; role: string | null }>(
        db,
        sql`select onec_id, name, role from exchange_price_types order by name, onec_id`,
      );
      return rows.map((r) => ({ onecId: r.onec_id, name: r.name, role: r.role as PriceRole | null }));
    },

    async warehouses() {
      const rows = await queryRows<{ onec_id: string; name: string; store_id: number | null }>(
        db,
        sql`select onec_id, name, store_id from exchange_warehouses order by name, onec_id`,
      );
      return rows.map((r) => ({
        onecId: r.onec_id,
        name: r.name,
        storeId: r.store_id === null ? null : Number(r.store_id),
      }));
    },

    async sections() {
      const rows = await queryRows<{ onec_id: string; name: string; section_id: number }>(
        db,
        sql`select onec_id, name, section_id from exchange_sections order by name, onec_id`,
      );
      return rows.map((r) => ({ onecId: r.onec_id, name: r.name, sectionId: Number(r.section_id) }));
    },

    async stores() {
      const rows = await queryRows<{ id: number; name: string; city: string }>(
        db,
        sql`select st.id, st.name, coalesce(c.name, '') as city from stores st left join cities c on c.id = st.city_id
          order by c.name, st.sort, st.id`,
      );
      return rows.map((r) => ({ id: Number(r.id), name: r.name, city: r.city }));
    },

    async shopSections() {
      // The names along `path` (root first), joined: the full path tells apart two «Платья» under different parents.
      const rows = await queryRows<{ id: number; path: string }>(
        db,
        sql`select s.id, (select string_agg(p.name, ' / ' order by array_position(s.path, p.id))
            from sections p where p.id = any(s.path)) as path
          from sections s order by path, s.id`,
      );
      return rows.map((r) => ({ id: Number(r.id), path: r.path }));
    },

    async setPriceRole(onecId, role) {
      await db.execute(sql`update exchange_price_types set role = ${role} where onec_id = ${onecId}`);
    },

    async setWarehouseStore(onecId, storeId) {
      await db.execute(sql`update exchange_warehouses set store_id = ${storeId} where onec_id = ${onecId}`);
    },

    async setSection(onecId, sectionId) {
      await db.execute(sql`update exchange_sections set section_id = ${sectionId} where onec_id = ${onecId}`);
    },

    async productOrigins() {
      const [row] = await queryRows<{ from_onec: number; others: number }>(
        db,
        sql`select count(*) filter (where v.product_id is not null)::int as from_onec,
            count(*) filter (where v.product_id is null)::int as others
          from products p left join exchange_variants v on v.product_id = p.id where p.active`,
      );
      return { fromOnec: Number(row?.from_onec ?? 0), others: Number(row?.others ?? 0) };
    },

    async hideNotFromOnec() {
      const rows = await queryRows<{ id: number }>(
        db,
        // The staff's own hold, as taking a product off the site by hand: it is off sale by the one rule, and stays.
        sql`update products p set unpublished = true, active = false where p.active
          and not exists (select 1 from exchange_variants v where v.product_id = p.id) returning p.id`,
      );
      return rows.length;
    },

    async lastCataloguePackage() {
      const [last] = await queryRows<{ session_key: string }>(
        db,
        sql`select session_key from exchange_log where type = 'catalog' and session_key not like 'rerun-%'
          order by started_at desc, id desc limit 1`,
      );
      if (!last) return null;
      const files = await queryRows<{ file_name: string }>(
        db,
        sql`select file_name from exchange_log where session_key = ${last.session_key} and type = 'catalog'
          group by file_name order by min(started_at), min(id)`,
      );
      return { sessionKey: last.session_key, files: files.map((f) => f.file_name) };
    },
  };
}
