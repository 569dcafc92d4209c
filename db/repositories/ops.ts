import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, ts } from '../client';

/** The time stamp of the newest migration this code carries: the database is migrated when it has reached it. */
const newestMigration = (() => {
  const journal = JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../migrations/meta/_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((e) => e.when));
})();

/** What the readiness check asks of the database (issue 45.1). */
export function readinessRepository(db: Db) {
  return {
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
    /** Whether every migration of this code is applied (drizzle's journal of applied ones holds their time stamps). */
    async migrated(): Promise<boolean> {
      const [row] = await queryRows<{ applied: string | null }>(
        db,
        sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`,
      ).catch(() => [{ applied: null }]);
      return row?.applied != null && Number(row.applied) >= newestMigration;
    },
  };
}

export interface ShopGauges {
  outbox: { pending: number; oldestSeconds: number; failing: number };
  exchange: { byStatus: Record<string, number>; lastSuccessSeconds: number | null };
  payments: Record<string, number>;
  refunds: Record<string, number>;
  orders: number;
}

/** When 1C last spoke to the shop: a session's last request, or a file it finished importing. */
export const LAST_EXCHANGE = sql`greatest((select max(last_seen_at) from exchange_sessions),
  (select max(finished_at) from exchange_log where status = 'success'))`;

/** The database's side of `/metrics` (issue 45.2): one statement a scrape, whatever the tables' sizes. */
export function metricsRepository(db: Db) {
  return {
    async gauges(): Promise<ShopGauges> {
      const [row] = await queryRows<{
        pending: number;
        oldest: number | null;
        failing: number;
        exchange: Record<string, number> | null;
        exchange_ok: number | null;
        payments: Record<string, number> | null;
        refunds: Record<string, number> | null;
        orders: number;
      }>(
        db,
        sql`select
          (select count(*)::int from outbox where sent_at is null and failed_at is null) as pending,
          (select extract(epoch from now() - min(created_at))::float8 from outbox
            where sent_at is null and failed_at is null) as oldest,
          (select count(*)::int from outbox where sent_at is null and (failed_at is not null or last_error is not null)
            and created_at > now() - interval '1 day') as failing,
          (select jsonb_object_agg(status, n) from (select status, count(*)::int as n from exchange_log
            where started_at > now() - interval '1 day' group by status) s) as exchange,
          (select extract(epoch from now() - ${LAST_EXCHANGE})::float8) as exchange_ok,
          (select jsonb_object_agg(status, n) from (select status, count(*)::int as n from payments group by status) s)
            as payments,
          (select jsonb_object_agg(status, n) from (select status, count(*)::int as n from refunds group by status) s)
            as refunds,
          (select count(*)::int from orders) as orders`,
      );
      return {
        outbox: { pending: row?.pending ?? 0, oldestSeconds: row?.oldest ?? 0, failing: row?.failing ?? 0 },
        exchange: { byStatus: row?.exchange ?? {}, lastSuccessSeconds: row?.exchange_ok ?? null },
        payments: row?.payments ?? {},
        refunds: row?.refunds ?? {},
        orders: row?.orders ?? 0,
      };
    },
  };
}

/** Outside calls counted per service and minute for every process (the «keeps failing» alert reads them). */
export function outsideCallsRepository(db: Db) {
  return {
    async record(service: string, ok: boolean, at: Date): Promise<void> {
      const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
      await db.execute(
        sql`insert into outside_calls (service, minute, ok, failed) values (${service}, ${ts(minute)}, ${ok ? 1 : 0},
          ${ok ? 0 : 1})
          on conflict (service, minute) do update set ok = outside_calls.ok + excluded.ok,
            failed = outside_calls.failed + excluded.failed`,
      );
    },
  };
}
