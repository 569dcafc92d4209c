import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * SMS codes sent to confirm a phone (domain/auth/phone-codes.service.ts). The code itself is never stored, only
 * its keyed hash; a code belongs to the session that asked for it.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('phone_codes_session_phone_idx').on(t.sessionId, t.phone),
    index('phone_codes_expires_idx').on(t.expiresAt),
  ],
);
