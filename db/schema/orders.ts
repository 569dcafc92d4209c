import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** What each delivery type costs and from what sum of goods it is free (kopecks); data, not code (issue 9). */
export const deliveryPrices = pgTable('delivery_prices', {
  type: text('type').primaryKey(),
  price: integer('price').notNull(),
  freeFrom: integer('free_from'),
  /** Added to a carrier's price of this type (kopecks, issue 42): the shop's margin on delivery. */
  markup: integer('markup').notNull().default(0),
});

/** Pickup points of the delivery partner, per city (spec §3 Order deliveryPickupPoint); the price is PICKUP's. */
export const pickupPoints = pgTable(
  'pickup_points',
  {
    id: serial('id').primaryKey(),
    cityId: integer('city_id').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    hours: text('hours').notNull(),
    /** The carrier the point is (issue 42); the seeded points are the test carrier's. */
    carrier: text('carrier').notNull().default('test'),
    /** The carrier's code of the point: what a shipment is addressed to. */
    code: text('code'),
    /** 'point' (staffed) or 'locker'. */
    kind: text('kind').notNull().default('point'),
    phone: text('phone').notNull().default(''),
    fittingRoom: boolean('fitting_room').notNull().default(false),
    tryOn: boolean('try_on').notNull().default(false),
    card: boolean('card').notNull().default(true),
    cash: boolean('cash').notNull().default(true),
    cashOnReceipt: boolean('cash_on_receipt').notNull().default(true),
    /** The heaviest parcel it takes, grams; null when the carrier does not say. */
    weightMax: integer('weight_max'),
    /** When the carrier last listed it: a town's points are read again when older than a day. */
    syncedAt: timestamp('synced_at', { withTimezone: true }),
  },
  (t) => [index('pickup_points_city_idx').on(t.cityId), uniqueIndex('pickup_points_code_idx').on(t.carrier, t.code)],
);

/**
 * The last good price of each delivery kind a carrier quoted to a town for a weight band (issue 42): what checkout
 * charges when the carrier does not answer in time. `band` is the band's upper weight, grams.
 */
export const deliveryQuotes = pgTable(
  'delivery_quotes',
  {
    carrier: text('carrier').notNull(),
    town: text('town').notNull(),
    band: integer('band').notNull(),
    kind: text('kind').notNull(),
    price: integer('price').notNull(),
    daysMin: integer('days_min').notNull(),
    daysMax: integer('days_max').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.carrier, t.town, t.band, t.kind] })],
);

/** Promo codes (domain/pricing/promo.ts): a percent or a sum off, with dates, a minimum and use limits. */
export const promoCodes = pgTable('promo_codes', {
  code: text('code').primaryKey(),
  percent: integer('percent'),
  amount: integer('amount'),
  minBasket: integer('min_basket').notNull().default(0),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  sectionIds: integer('section_ids').array(),
  brandIds: integer('brand_ids').array(),
  maxUses: integer('max_uses'),
  perCustomer: integer('per_customer'),
  uses: integer('uses').notNull().default(0),
  /** Stopped from the back office: checkout refuses it from then on; its uses stay. */
  stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** One of a batch of one-use codes made from a rule (issue 47.5): `promo_batches.id`; null for a code of its own. */
  batchId: integer('batch_id'),
});

/** A batch of one-use codes generated from a promo code's terms (issue 47.5): each a `promo_codes` row, one use each. */
export const promoBatches = pgTable(
  'promo_batches',
  {
    id: serial('id').primaryKey(),
    /** The code whose terms the batch's codes copy. */
    ruleCode: text('rule_code').notNull(),
    prefix: text('prefix').notNull(),
    count: integer('count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('promo_batches_rule_idx').on(t.ruleCode)],
);

/** Each use of a promo code by an order; `customer` is the user id or the confirmed phone of a guest. */
export const promoCodeUses = pgTable(
  'promo_code_uses',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    orderId: integer('order_id').notNull(),
    customer: text('customer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('promo_code_uses_customer_idx').on(t.code, t.customer)],
);

/** The promo codes a session has entered on the order page, until the order takes them. */
export const checkoutPromoCodes = pgTable(
  'checkout_promo_codes',
  {
    sessionId: text('session_id').notNull(),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.code] })],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    sessionId: text('session_id').notNull(),
    /** One order per attempt of the page: the same key again answers the same order. */
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').notNull(),
    deliveryType: text('delivery_type').notNull(),
    /** The address, slot, shop or point, as chosen. */
    delivery: jsonb('delivery').notNull(),
    name: text('name').notNull(),
    lastName: text('last_name').notNull().default(''),
    secondName: text('second_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull(),
    comment: text('comment').notNull().default(''),
    isDisabledCall: boolean('is_disabled_call').notNull().default(false),
    items: integer('items').notNull(),
    discount: integer('discount').notNull(),
    deliveryPrice: integer('delivery_price').notNull(),
    bonusesUsed: integer('bonuses_used').notNull().default(0),
    total: integer('total').notNull(),
    /**
     * The discount card the order was priced with (issue 47.6: a later change keeps it): its number, null for none;
     * its percent, 0 for none, null for an order placed before the card was recorded.
     */
    cardNumber: text('card_number'),
    cardPercent: integer('card_percent'),
    /** A shop order is kept for the shopper until then; uncollected, it is cancelled and its stock goes back. */
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    /** The code the shopper shows to collect the order (set when it is ready), as an HMAC: staff check, never read. */
    pickupCodeHash: text('pickup_code_hash'),
    /** The courier's or the post's tracking number (set when it is shipped). */
    trackingNumber: text('tracking_number'),
    /** Bonuses credited to the shopper's card when the order was completed (kopecks); taken back on a return. */
    bonusesEarned: integer('bonuses_earned').notNull().default(0),
    /** When 1C took the order (`type=sale&mode=success` after the query that handed it over); null: not yet. */
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    /**
     * Staff changed the order after 1C took it (issue 47.6): the export hands it over again. Apart from `exported_at`,
     * which says 1C knows the order's stock: a stock file counts its units as 1C's own meanwhile, not twice.
     */
    exportAgain: boolean('export_again').notNull().default(false),
    /** `CASH` (paid on receipt) or `ONLINE` (paid through the payment gateway before the shop takes the order). */
    paymentMethod: text('payment_method').notNull().default('CASH'),
    /** An online order not paid by then is cancelled and gives back what it took. */
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
    /** When the letter asking for reviews went out (issue 44.2), once, a few days after the order was completed. */
    reviewInvitedAt: timestamp('review_invited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_shop_idx').on(sql`((${t.delivery}->>'shopId')::int)`),
    uniqueIndex('orders_idempotency_idx').on(t.sessionId, t.idempotencyKey),
    index('orders_phone_created_idx').on(t.phone, t.createdAt),
    // The back office's search (issue 47.3): a phone's part, a name or an email's part, a tracking number.
    index('orders_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
    index('orders_contact_trgm_idx').using(
      'gin',
      sql`(${t.name} || ' ' || ${t.lastName} || ' ' || ${t.email}) gin_trgm_ops`,
    ),
    index('orders_tracking_idx').on(sql`upper(${t.trackingNumber})`).where(sql`${t.trackingNumber} is not null`),
    index('orders_user_idx').on(t.userId).where(sql`${t.userId} is not null`),
    // Guests (issue 47.2): the orders without an account by phone, and by email when an account takes them over.
    index('orders_guest_phone_idx').on(t.phone, t.id).where(sql`${t.userId} is null`),
    index('orders_guest_email_idx').on(sql`lower(trim(${t.email}))`).where(sql`${t.userId} is null`),
    index('orders_reserved_until_idx').on(t.reservedUntil).where(sql`${t.reservedUntil} is not null`),
    index('orders_not_exported_idx').on(t.id).where(sql`${t.exportedAt} is null`),
    index('orders_export_again_idx').on(t.id).where(sql`${t.exportAgain}`),
    index('orders_payment_due_idx').on(t.paymentDueAt).where(sql`${t.status} = 'awaiting_payment'`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    offerId: integer('offer_id').notNull(),
    productId: integer('product_id').notNull(),
    name: text('name').notNull(),
    sizeName: text('size_name').notNull(),
    price: integer('price').notNull(),
    oldPrice: integer('old_price'),
    quantity: integer('quantity').notNull(),
    total: integer('total').notNull(),
    /** Given back at the door after a try-on (issue 25.5): not bought, its units back in stock, out of the totals. */
    returned: boolean('returned').notNull().default(false),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    // Who ordered a size (a stock alert's «bought since» check, issue 44.1).
    index('order_lines_offer_idx').on(t.offerId),
  ],
);

/** Where each order's units were taken from, so a cancel puts them back there. */
export const orderStock = pgTable(
  'order_stock',
  {
    orderId: integer('order_id').notNull(),
    offerId: integer('offer_id').notNull(),
    storeId: integer('store_id').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.offerId, t.storeId] })],
);

/** Every status an order has had, with when and who moved it (domain/order/process.ts). */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    /** The state it moved from; null for the first entry. */
    fromStatus: text('from_status'),
    status: text('status').notNull(),
    actor: text('actor').notNull(),
    /** Why: a cancel's reason, a tracking number, what a try-on kept. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId)],
);

/** Staff notes on an order, shown on its card's timeline. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    staffId: integer('staff_id').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId)],
);

/**
 * Every change of a discount card's bonus balance: spent on an order, returned by its cancel, credited when an order
 * is completed, taken back by its return. An order is credited and reversed at most once (the unique index).
 */
export const bonusOperations = pgTable(
  'bonus_operations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    orderId: integer('order_id'),
    /** `spend`, `refund`, `credit`, `reverse` or `correction`. */
    kind: text('kind').notNull(),
    /** Signed, kopecks: what the balance gained (negative: lost). */
    amount: integer('amount').notNull(),
    /** A staff `correction`'s reason and who made it. */
    reason: text('reason'),
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bonus_operations_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('bonus_operations_order_kind_idx').on(t.orderId, t.kind).where(sql`${t.kind} in ('credit', 'reverse')`),
  ],
);

/**
 * The back office's guests (migration 0049): each guest phone's group, named by its least phone, and each group's
 * summary for the customers' list. Kept by `refresh_guests`; orders' writes mark the phones they touch in
 * `guest_marks` (a trigger), and the list refreshes the marked ones before it reads.
 */
export const guestPhones = pgTable(
  'guest_phones',
  {
    phone: text('phone').primaryKey(),
    root: text('root').notNull(),
  },
  (t) => [index('guest_phones_root_idx').on(t.root)],
);

export const guests = pgTable(
  'guests',
  {
    root: text('root').primaryKey(),
    firstId: integer('first_id').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }).notNull(),
    ordersCount: integer('orders_count').notNull(),
    lastId: integer('last_id').notNull(),
    emailId: integer('email_id'),
  },
  (t) => [index('guests_since_idx').on(t.since.desc(), t.firstId.desc())],
);

/** A phone an order's write touched, one row a write (no key to meet another's uncommitted mark). */
export const guestMarks = pgTable('guest_marks', {
  id: serial('id').primaryKey(),
  phone: text('phone').notNull(),
});
