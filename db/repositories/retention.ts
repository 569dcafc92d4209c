import { sql } from 'drizzle-orm';
import { type PruneReport, RETENTION_DAYS, type RetentionRepository } from '../../domain/retention/retention';
import { type Db, queryRows } from '../client';

/** Advisory lock key of the prune run: one process prunes at a time, the others skip. */
const PRUNE_LOCK = 20261122;

const count = async (db: Pick<Db, 'execute'>, query: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(db, sql`with gone as (${query} returning 1) select count(*)::int as n from gone`))[0]
    ?.n ?? 0;

/** Staff notifications removed by one statement: a long backlog goes in short deletes, not one long lock. */
export const NOTIFICATION_BATCH = 5_000;
/** Batches one run takes at most; what is left goes at the next hourly run. */
const NOTIFICATION_BATCHES = 40;

/**
 * `auditDays`: how long the audit log is kept (`AUDIT_RETENTION_DAYS`); `notificationReadDays` and
 * `notificationKeepDays`: how long a read staff notification, and any, is kept (`STAFF_NOTIFICATIONS_READ_DAYS`,
 * `STAFF_NOTIFICATIONS_KEEP_DAYS`).
 */
export function retentionRepository(
  db: Db,
  rules: { auditDays?: number; notificationReadDays?: number; notificationKeepDays?: number; batch?: number } = {},
): RetentionRepository {
  const auditDays = rules.auditDays ?? RETENTION_DAYS.audit;
  const readDays = rules.notificationReadDays ?? RETENTION_DAYS.readStaffNotifications;
  const keepDays = rules.notificationKeepDays ?? RETENTION_DAYS.staffNotifications;
  const batch = rules.batch ?? NOTIFICATION_BATCH;
  return {
    async prune(now) {
      const days = (n: number) => sql`${now.toISOString()}::timestamptz - make_interval(days => ${n})`;
      const report = await db.transaction(async (tx) => {
        const [lock] = await queryRows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${PRUNE_LOCK}) as ok`);
        if (!lock?.ok) return null;
        const report: PruneReport = {};
        // A session bound to a user is the user's; only a visitor's session goes, with its lines.
        const stale = sql`select id from sessions where user_id is null and last_seen_at < ${days(RETENTION_DAYS.anonymousSession)}`;
        report.basketLines = await count(
          tx,
          sql`delete from basket_lines where user_id is null and session_id in (${stale})`,
        );
        report.checkoutPromoCodes = await count(
          tx,
          sql`delete from checkout_promo_codes where session_id in (${stale})`,
        );
        // A guest's order-page addresses live as long as the session.
        report.sessionAddresses = await count(tx, sql`delete from addresses where session_id in (${stale})`);
        report.sessions = await count(tx, sql`delete from sessions where id in (${stale})`);
        report.events = await count(tx, sql`delete from events where created_at < ${days(RETENTION_DAYS.events)}`);
        report.outbox = await count(
          tx,
          sql`delete from outbox where coalesce(sent_at, failed_at) < ${days(RETENTION_DAYS.outbox)}`,
        );
        report.phoneCodes = await count(
          tx,
          sql`delete from phone_codes where expires_at < ${days(RETENTION_DAYS.phoneCodes)}`,
        );
        report.userTokens = await count(
          tx,
          sql`delete from user_tokens where expires_at < ${days(RETENTION_DAYS.userTokens)}`,
        );
        report.pendingSubscriptions = await count(
          tx,
          sql`delete from subscriptions where confirmed_at is null and created_at < ${days(RETENTION_DAYS.pendingSubscriptions)}`,
        );
        report.audit = await count(tx, sql`delete from audit_log where at < ${days(auditDays)}`);
        // A staff session idle for 12 hours is over (domain/staff STAFF_IDLE_S); a day more changes nothing.
        report.staffSessions = await count(tx, sql`delete from staff_sessions where last_seen_at < ${days(1)}`);
        // A 1C exchange session idle for 6 hours is over (domain/exchange EXCHANGE_IDLE_S).
        report.exchangeSessions = await count(tx, sql`delete from exchange_sessions where last_seen_at < ${days(1)}`);
        report.staffInvites = await count(
          tx,
          sql`delete from staff_invites where coalesce(used_at, expires_at) < ${days(RETENTION_DAYS.staffInvites)}`,
        );
        report.rateLimits = await count(
          tx,
          sql`delete from rate_limits where window_end < ${now.toISOString()}::timestamptz`,
        );
        return report;
      });
      if (!report) return null;
      // Staff notifications (issue 47.1): read ones after `readDays`, any after `keepDays`, oldest first, in batches
      // of their own statements (staff_notifications_created_idx), each a short write of its own.
      report.staffNotifications = 0;
      const old = sql`(created_at < ${days(keepDays)} or (read_at is not null and created_at < ${days(readDays)}))`;
      for (let i = 0; i < NOTIFICATION_BATCHES; i++) {
        const gone = await count(
          db,
          sql`delete from staff_notifications where id in (
            select id from staff_notifications where ${old} order by created_at limit ${batch})`,
        );
        report.staffNotifications += gone;
        if (gone < batch) break;
      }
      return report;
    },
  };
}
