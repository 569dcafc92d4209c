import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Top-ups of online orders (issue 47.6): after staff change an order paid online to a larger total, the shopper pays
 * the difference through a payment of its own (`payment_id`, a row of `payments`). At most one is pending per order:
 * a later change replaces it. Amounts in kopecks.
 */
export const orderTopUps = pgTable(
  'order_top_ups',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    paymentId: integer('payment_id').notNull(),
    amount: integer('amount').notNull(),
    /** `pending` until paid (`paid`), or `cancelled`: replaced by a later change, no longer needed, order cancelled. */
    status: text('status').notNull().default('pending'),
    /** Who changed the order. */
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_top_ups_order_idx').on(t.orderId),
    uniqueIndex('order_top_ups_payment_idx').on(t.paymentId),
    uniqueIndex('order_top_ups_pending_idx').on(t.orderId).where(sql`${t.status} = 'pending'`),
  ],
);
