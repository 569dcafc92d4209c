import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every email and SMS the shop sends. A row is written in the transaction of the change that causes it and is
 * delivered after the commit by the sender of some process (server/outbox/sender.ts).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    /** What the message is about ('email-confirm', 'phone-code', …): for logs and for tests to find it. */
    kind: text('kind').notNull(),
    /** An email address or a phone of 11 digits. */
    recipient: text('recipient').notNull(),
    /** Emails only. */
    subject: text('subject'),
    textBody: text('text_body').notNull(),
    /** Emails only. */
    htmlBody: text('html_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Deliveries started so far: a claim counts one, so a process that dies while sending still uses it up. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sender that claimed the row owns it until then; after that another may take it over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the sender gave up. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    check('outbox_channel_check', sql`${t.channel} in ('email', 'sms', 'telegram')`),
    check(
      'outbox_email_parts_check',
      sql`${t.channel} <> 'email' or (${t.subject} is not null and ${t.htmlBody} is not null)`,
    ),
    // The sender's question «what is due and unsent» reads only the pending rows, however many were sent.
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);
