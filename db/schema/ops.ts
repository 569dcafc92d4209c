import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Calls to outside services (payments, carriers) counted per service and minute, from every process (issue 45.6):
 * the alert «keeps failing» reads the last minutes of all processes at once. Rows older than a day are pruned.
 */
export const outsideCalls = pgTable(
  'outside_calls',
  {
    service: text('service').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    ok: integer('ok').notNull().default(0),
    failed: integer('failed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.service, t.minute] })],
);

/** Each backup `npm run shop -- backup` finished (issue 45.4): the alert «no backup for a day» reads the last. */
export const backupRuns = pgTable('backup_runs', {
  id: serial('id').primaryKey(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  file: text('file').notNull(),
  bytes: bigint('bytes', { mode: 'number' }).notNull(),
  engine: text('engine').notNull(),
});

/**
 * The owner's alerts (issue 45.6): a row is raised once, and closed when its condition clears; the letters of both
 * go through the outbox in the transaction that writes the row, so an alert is told once whatever the processes.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    detail: text('detail').notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('alerts_open_idx').on(t.code).where(sql`${t.clearedAt} is null`)],
);
