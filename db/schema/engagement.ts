import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * «Сообщить о поступлении» (issue 44.1): a shopper waits for a sold-out size. `pending` until the email's link is
 * opened (double opt-in), `active` while waiting, `sent` once the message went out, `cancelled` when unsubscribed or
 * bought. One open subscription per offer and address (the partial unique index).
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id').notNull(),
    productId: integer('product_id').notNull(),
    /** `email` or `sms`. */
    channel: text('channel').notNull(),
    /** The email (lower case) or the phone (digits, 7XXXXXXXXXX) the message goes to. */
    address: text('address').notNull(),
    userId: integer('user_id'),
    sessionId: text('session_id'),
    /** The shopper's city when they subscribed: «sold out in your city» comes back when a shop there has it. */
    cityId: integer('city_id'),
    state: text('state').notNull(),
    /** The secret of the confirm, unsubscribe and «came back» links. */
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The outbox row of the latest message (the confirm letter or the «came back» one): its failure is sent again. */
    messageId: bigint('message_id', { mode: 'number' }),
    /** Messages sent again after the outbox gave one up (bounded: `STOCK_ALERT_RESEND_DELAYS`). */
    resends: integer('resends').notNull().default(0),
    /** An active subscription put back after a failed «came back» message is told again no earlier than this. */
    resendAt: timestamp('resend_at', { withTimezone: true }),
    /** The token's links work until then (`STOCK_ALERT_LINK_DAYS` after the latest letter); null: rows made before. */
    tokenUntil: timestamp('token_until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_alerts_token_idx').on(t.token),
    // The sweep's look for subscriptions whose message the outbox gave up.
    index('stock_alerts_message_idx')
      .on(t.messageId)
      .where(sql`${t.messageId} is not null and ${t.state} in ('pending', 'sent')`),
    uniqueIndex('stock_alerts_open_idx')
      .on(t.offerId, t.channel, t.address)
      .where(sql`${t.state} in ('pending', 'active')`),
    index('stock_alerts_active_offer_idx').on(t.offerId).where(sql`${t.state} = 'active'`),
    index('stock_alerts_user_idx').on(t.userId).where(sql`${t.userId} is not null`),
    // A guest's own list on a product page, and the day's sent count under the cap.
    index('stock_alerts_guest_idx').on(t.sessionId, t.productId).where(sql`${t.userId} is null`),
    index('stock_alerts_sent_idx').on(t.sentAt).where(sql`${t.sentAt} is not null`),
    // A guest's card on the customers desk (issue 47.2): their subscriptions by the phone or an email.
    index('stock_alerts_guest_address_idx').on(t.address).where(sql`${t.userId} is null`),
  ],
);

/**
 * A shopper's review of an order line they received (issue 44.2): one per order line (the unique index). `pending`
 * until the content staff publish or hide it.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull(),
    /** The model's id: fit answers are summed per model, across its colours. */
    modelId: integer('model_id').notNull(),
    offerId: integer('offer_id').notNull(),
    orderId: integer('order_id').notNull(),
    orderLineId: integer('order_line_id').notNull(),
    userId: integer('user_id'),
    /** The name shown with the review (the order's first name). */
    authorName: text('author_name').notNull(),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    /** `small` (маломерит), `true` (в размер), `large` (большемерит). */
    fit: text('fit').notNull(),
    /** The size the shopper took (the offer's size name unless they said otherwise). */
    size: text('size').notNull(),
    /** The shopper's height, cm. */
    height: integer('height'),
    /** Photo names of the image pipeline, as products have them. */
    photos: text('photos').array().notNull().default([]),
    /** `pending`, `published` or `hidden`. */
    state: text('state').notNull().default('pending'),
    hiddenReason: text('hidden_reason'),
    /** The shop's answer, shown under the review. */
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    moderatedBy: integer('moderated_by'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reviews_order_line_idx').on(t.orderLineId),
    index('reviews_product_published_idx').on(t.productId, t.publishedAt).where(sql`${t.state} = 'published'`),
    index('reviews_model_published_idx').on(t.modelId).where(sql`${t.state} = 'published'`),
    index('reviews_state_created_idx').on(t.state, t.createdAt),
  ],
);

/** Products bought together in completed orders (issue 44.3), recounted by a periodic job: `orders` = how many. */
export const productPairs = pgTable(
  'product_pairs',
  {
    productId: integer('product_id').notNull(),
    otherId: integer('other_id').notNull(),
    orders: integer('orders').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.otherId] }),
    index('product_pairs_top_idx').on(t.productId, t.orders.desc()),
  ],
);
