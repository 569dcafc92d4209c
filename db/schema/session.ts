import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Key/value pairs every process must share, such as the session signing secret. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    secondName: text('second_name').notNull().default(''),
    gender: text('gender'),
    phone: text('phone'),
    confirmedPhone: text('confirmed_phone'),
    birthday: text('birthday'),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    isSubscribe: boolean('is_subscribe').notNull().default(false),
    /** Blocked by the shop's staff: cannot log in or order until unblocked. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockedReason: text('blocked_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(sql`lower(${t.email})`),
    // One account per confirmed phone: a login by SMS code must know whom it logs in.
    uniqueIndex('users_confirmed_phone_idx').on(t.confirmedPhone).where(sql`${t.confirmedPhone} is not null`),
    // The back office's search (issue 47.3): a phone's part, a name or an email's part.
    index('users_phones_trgm_idx').using(
      'gin',
      sql`(coalesce(${t.confirmedPhone}, '') || ' ' || coalesce(${t.phone}, '')) gin_trgm_ops`,
    ),
    index('users_contact_trgm_idx').using(
      'gin',
      sql`(${t.name} || ' ' || ${t.lastName} || ' ' || ${t.secondName} || ' ' || ${t.email}) gin_trgm_ops`,
    ),
  ],
);

/** A visitor's server-side session; the cookie carries its signed id. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id'),
    /** The phone this session confirmed by SMS code: a guest's order needs one (spec §5). */
    confirmedPhone: text('confirmed_phone'),
    /** The order page's «убрать» on the user's own discount card: it stays off until a card is applied or ordered. */
    discountCardRemoved: boolean('discount_card_removed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_last_seen_idx').on(t.lastSeenAt)],
);

/** Basket and wishlist lines. Owned by a visitor session or, once logged in, by a user. */
export const basketLines = pgTable(
  'basket_lines',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id'),
    userId: integer('user_id'),
    offerId: integer('offer_id').notNull(),
    /** false: in the cart; true: delayed (the wishlist). */
    delay: boolean('delay').notNull().default(false),
    quantity: integer('quantity').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('basket_lines_session_offer_idx').on(t.sessionId, t.offerId, t.delay).where(sql`${t.userId} is null`),
    uniqueIndex('basket_lines_user_offer_idx').on(t.userId, t.offerId, t.delay).where(sql`${t.userId} is not null`),
  ],
);

/** Newsletter addresses: pending until the link of the confirmation letter is opened (double opt-in). */
export const subscriptions = pgTable('subscriptions', {
  email: text('email').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
});

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id'),
    event1: text('event1').notNull(),
    event2: text('event2'),
    params: text('params'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_created_idx').on(t.createdAt)],
);

/** When a visitor's view of a product was last counted; shared by every process, so a reload is not counted twice. */
export const productViews = pgTable(
  'product_views',
  {
    sessionId: text('session_id').notNull(),
    productId: integer('product_id').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.productId] }), index('product_views_viewed_at_idx').on(t.viewedAt)],
);

/**
 * Rate-limit counters shared by every process (domain/limits): one row per rule and key, a fixed window that ends
 * at `window_end`. Ended rows are pruned by the window end.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_window_end_idx').on(t.windowEnd)],
);

/**
 * Every consent given (domain/consent): the purpose, the version of the text shown, whom it concerns, and when and
 * from which client address it came. Never updated or deleted by the shop: it is the proof.
 */
export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').notNull(),
    textVersion: text('text_version').notNull(),
    subject: text('subject').notNull(),
    sessionId: text('session_id'),
    userId: integer('user_id'),
    client: text('client').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consents_subject_idx').on(t.subject, t.purpose)],
);

/**
 * A withdrawal of consent (152-FZ, issue 45.7): when an account is deleted — by its owner, or by staff on a written
 * request — every consent its addresses gave is withdrawn here. The consent rows stay as the proof of what was given.
 */
export const consentWithdrawals = pgTable('consent_withdrawals', {
  id: serial('id').primaryKey(),
  /** The deleted account's number (no longer a person: the account row is gone). */
  userId: integer('user_id'),
  /** The addresses and phones the consents were given for. */
  subjects: text('subjects').array().notNull(),
  purposes: text('purposes').array().notNull(),
  /** `account-deleted` by the shopper, or `written-request` through the back office. */
  reason: text('reason').notNull(),
  client: text('client').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
