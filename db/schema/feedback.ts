import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Shoppers' questions from the feedback form, with the shop's answer once given. */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    sessionId: text('session_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** domain/feedback/feedback.ts TOPICS. */
    topic: text('topic').notNull(),
    orderNumber: text('order_number').notNull().default(''),
    message: text('message').notNull(),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The staff member who answered. */
    answeredBy: integer('answered_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('questions_user_idx').on(t.userId),
    // A guest's card on the customers desk (issue 47.2): their questions by the phone or an email.
    index('questions_guest_phone_idx').on(t.phone).where(sql`${t.userId} is null`),
    index('questions_guest_email_idx').on(sql`lower(${t.email})`).where(sql`${t.userId} is null`),
  ],
);
