import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staff } from './staff';

/**
 * A 1C exchange session (issue 26): 1C's cookie carries the token, the row its hash. It ends after hours without a
 * request. `queriedOrderIds` are the orders its last `type=sale&mode=query` handed over; `mode=success` marks exactly
 * those as taken.
 */
export const exchangeSessions = pgTable(
  'exchange_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    queriedOrderIds: integer('queried_order_ids').array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [index('exchange_sessions_staff_idx').on(t.staffId, t.lastSeenAt)],
);
