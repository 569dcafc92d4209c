import { sql } from 'drizzle-orm';
import type { AlertCode } from '../../domain/alerts/alerts';
import type { AlertsRepository } from '../../domain/alerts/alerts.service';
import { type Db, queryRows, ts } from '../client';
import { LAST_EXCHANGE } from './ops';
import { outboxRepository } from './outbox';

/** Minutes of outside calls the «keeps failing» alerts read. */
const CALL_WINDOW_MINUTES = 15;

/** The alerts' facts, their rows and their letters (issue 45.6). */
export function alertsRepository(db: Db, options: { alertEmail?: string }): AlertsRepository {
  return {
    async facts(now) {
      // Counts older than a day serve nobody.
      await db.execute(sql`delete from outside_calls where minute < ${ts(now)} - interval '1 day'`);
      const [row] = await queryRows<{
        exchange: string | null;
        outbox: string | null;
        backup: string | null;
        calls: Record<string, { ok: number; failed: number }> | null;
      }>(
        db,
        sql`select ${LAST_EXCHANGE}::text as exchange,
          (select min(created_at)::text from outbox where sent_at is null and last_error is not null
            and (failed_at is null or failed_at > ${ts(now)} - interval '1 hour')) as outbox,
          (select max(finished_at)::text from backup_runs) as backup,
          (select jsonb_object_agg(kind, jsonb_build_object('ok', ok, 'failed', failed)) from (
            select case when service like 'carrier%' then 'carriers' else 'payments' end as kind,
              sum(ok)::int as ok, sum(failed)::int as failed
            from outside_calls where minute > ${ts(now)} - ${sql.raw(`interval '${CALL_WINDOW_MINUTES} minutes'`)}
            group by 1) c) as calls`,
      );
      const date = (v: string | null | undefined) => (v ? new Date(v) : null);
      const none = { ok: 0, failed: 0 };
      return {
        lastExchange: date(row?.exchange),
        outboxFailingSince: date(row?.outbox),
        lastBackup: date(row?.backup),
        payments: row?.calls?.payments ?? none,
        carriers: row?.calls?.carriers ?? none,
      };
    },
    async open() {
      const rows = await queryRows<{ code: AlertCode; detail: string; raised_at: string }>(
        db,
        sql`select code, detail, raised_at::text from alerts where cleared_at is null order by raised_at`,
      );
      return rows.map((r) => ({ code: r.code, detail: r.detail, raisedAt: new Date(r.raised_at) }));
    },
    async recipients() {
      if (options.alertEmail) return options.alertEmail.split(',').map((a) => a.trim());
      const rows = await queryRows<{ email: string }>(
        db,
        sql`select email from staff where role = 'owner' and removed_at is null order by id`,
      );
      return rows.map((r) => r.email);
    },
    raise(alert, letters) {
      return db.transaction(async (tx) => {
        const [row] = await queryRows<{ id: number }>(
          tx as unknown as Db,
          sql`insert into alerts (code, detail, raised_at) values (${alert.code}, ${alert.detail}, ${ts(alert.raisedAt)})
            on conflict (code) where cleared_at is null do nothing returning id`,
        );
        if (!row) return false;
        await outboxRepository(tx as unknown as Db).enqueue(...letters(alert.detail));
        return true;
      });
    },
    clear(code, at, letters) {
      return db.transaction(async (tx) => {
        const [row] = await queryRows<{ detail: string }>(
          tx as unknown as Db,
          sql`update alerts set cleared_at = ${ts(at)} where code = ${code} and cleared_at is null returning detail`,
        );
        if (!row) return false;
        await outboxRepository(tx as unknown as Db).enqueue(...letters(row.detail));
        return true;
      });
    },
  };
}
