import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * What the staff hear about (issue 47.1): one row per event and recipient. The unique (event key, member) is what
 * keeps an event from reaching a member twice, however many processes record it at once.
 */
export const staffNotifications = pgTable(
  'staff_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The event: `order.new:42`, `order.paid:42`, `question.new:7`, `order.overdue:42`, `stock.low:311:2026-12-03`. */
    eventKey: text('event_key').notNull(),
    staffId: integer('staff_id').notNull(),
    /** domain/staff-notifications/kinds.ts `NOTIFICATION_KINDS`. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** The back office's page of what it is about. */
    link: text('link').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * How it went out: `off` (the member's switch is off: only the badge), `sent` (its own message is in the outbox),
     * `held` (a flood: waits for the summary), `summed` (told in a summary).
     */
    delivery: text('delivery').notNull(),
  },
  (t) => [
    uniqueIndex('staff_notifications_event_idx').on(t.eventKey, t.staffId),
    index('staff_notifications_unread_idx').on(t.staffId).where(sql`${t.readAt} is null`),
    index('staff_notifications_staff_idx').on(t.staffId, t.createdAt),
    // The hourly prune (db/repositories/retention.ts), oldest first.
    index('staff_notifications_created_idx').on(t.createdAt),
    index('staff_notifications_held_idx').on(t.staffId, t.kind).where(sql`${t.delivery} = 'held'`),
  ],
);

/** A member's switch of one kind: a message (letter or Telegram) or only the badge. No row: the kind's default. */
export const staffNotificationPrefs = pgTable(
  'staff_notification_prefs',
  {
    staffId: integer('staff_id').notNull(),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.kind] })],
);

/** A member's Telegram chat: when given, their messages go there instead of by letter. */
export const staffTelegram = pgTable('staff_telegram', {
  staffId: integer('staff_id').primaryKey(),
  chatId: text('chat_id').notNull(),
});
