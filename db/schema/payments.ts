import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Online payments (issue 27), records of their own beside the order: one order may have several (a declined one,
 * then a retry). Amounts in kopecks. Every write to the provider has its own idempotence key stored here before the
 * call, so a retry sends the same key and never charges, captures or cancels twice.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    /** `yookassa` or `test` (the embedded test gateway). */
    provider: text('provider').notNull(),
    /** The provider's id, known once `create` answered. */
    providerPaymentId: text('provider_payment_id'),
    idempotenceKey: text('idempotence_key').notNull(),
    /** `awaiting`, `held`, `paid`, `cancelled`: the shop's words (decision 0029), whatever the provider. */
    status: text('status').notNull().default('awaiting'),
    amount: integer('amount').notNull(),
    /** One stage (captured at once) or two (held until the order is handed over). */
    capture: boolean('capture').notNull(),
    /** Where the shopper confirms it while it is pending. */
    confirmationUrl: text('confirmation_url'),
    /** Why it was cancelled, in the shop's words (`insufficient_funds`…: domain/payment/reasons.ts). */
    cancellationReason: text('cancellation_reason'),
    /** The 54-FZ receipt sent with the payment. */
    receipt: jsonb('receipt').notNull(),
    /** Keys of the later calls, stored before each is made. */
    captureKey: text('capture_key'),
    /** What the handover charges of a held payment (less than the hold after a try-on at the door). */
    captureAmount: integer('capture_amount'),
    cancelKey: text('cancel_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_key_idx').on(t.idempotenceKey),
    uniqueIndex('payments_provider_id_idx').on(t.provider, t.providerPaymentId),
    index('payments_open_idx').on(t.status).where(sql`${t.status} in ('awaiting', 'held')`),
  ],
);

/** Each state a payment or refund reached, once, with when and what told the shop (the order card's timeline). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id').notNull(),
    /** A refund's events name it; null for the payment's own. */
    refundId: integer('refund_id'),
    /** The payment's or the refund's status it reached, or a step: `cancel_requested`, `capture_failed`… */
    status: text('status').notNull(),
    /** `checkout`, `notification`, `return` (the shopper back on the order page), `reconcile`, `staff:3`, `expiry`. */
    source: text('source').notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_events_payment_idx').on(t.paymentId),
    uniqueIndex('payment_events_once_idx').on(t.paymentId, sql`coalesce(${t.refundId}, 0)`, t.status),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id').notNull(),
    orderId: integer('order_id').notNull(),
    amount: integer('amount').notNull(),
    /** `pending` until the provider answers, then `refunded` or `failed`. */
    status: text('status').notNull().default('pending'),
    idempotenceKey: text('idempotence_key').notNull(),
    providerRefundId: text('provider_refund_id'),
    reason: text('reason').notNull(),
    /** Who asked: a staff id, or null for the shop itself (a payment that came after its order expired). */
    staffId: integer('staff_id'),
    receipt: jsonb('receipt').notNull(),
    /** The provider's refusal, in its words, when it failed. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_order_idx').on(t.orderId),
    uniqueIndex('refunds_key_idx').on(t.idempotenceKey),
    index('refunds_pending_idx').on(t.id).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * The embedded test gateway's own books (the provider's side of a payment, in the shop's words): the shop's tables
 * above never read them, only the gateway's adapter does.
 */
export const testGatewayPayments = pgTable('test_gateway_payments', {
  id: text('id').primaryKey(),
  idempotenceKey: text('idempotence_key').notNull().unique(),
  status: text('status').notNull(),
  amount: integer('amount').notNull(),
  capture: boolean('capture').notNull(),
  description: text('description').notNull(),
  returnUrl: text('return_url').notNull(),
  metadata: jsonb('metadata').notNull(),
  receipt: jsonb('receipt').notNull(),
  cancellationReason: text('cancellation_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const testGatewayRefunds = pgTable('test_gateway_refunds', {
  id: text('id').primaryKey(),
  idempotenceKey: text('idempotence_key').notNull().unique(),
  paymentId: text('payment_id').notNull(),
  amount: integer('amount').notNull(),
  status: text('status').notNull(),
  receipt: jsonb('receipt').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
