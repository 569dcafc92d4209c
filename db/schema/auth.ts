import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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

/**
 * One-use links sent by email: confirming the address, resetting the password. Only a hash of the token is kept;
 * a token is used up by the statement that checks it.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address the link confirms (an email may change while a letter waits). */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_tokens_hash_idx').on(t.tokenHash), index('user_tokens_expires_idx').on(t.expiresAt)],
);

/** A user's saved delivery addresses (the cabinet's «Мои адреса», the order form's address list). */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    /** The owner: a user, or for a guest's order the session (spec §7 setAddress keeps it in the session). */
    userId: integer('user_id'),
    sessionId: text('session_id'),
    /** COURIER or POST (spec §3 Order's addressList type). */
    type: text('type').notNull(),
    city: text('city').notNull().default(''),
    street: text('street').notNull().default(''),
    house: text('house').notNull().default(''),
    flat: text('flat').notNull().default(''),
    entrance: text('entrance').notNull().default(''),
    floor: text('floor').notNull().default(''),
    intercom: text('intercom').notNull().default(''),
    comment: text('comment').notNull().default(''),
    /** Russian Post: the postcode and the address as one line. */
    postcode: text('postcode').notNull().default(''),
    postAddress: text('post_address').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    index('addresses_session_idx').on(t.sessionId).where(sql`${t.sessionId} is not null`),
    check('addresses_owner', sql`(${t.userId} is null) <> (${t.sessionId} is null)`),
  ],
);

/** The shop's discount card, one per user: an EAN-13 number, the discount and the bonus balance (kopecks). */
export const discountCards = pgTable(
  'discount_cards',
  {
    userId: integer('user_id').primaryKey(),
    number: text('number').notNull(),
    percent: integer('percent').notNull(),
    active: boolean('active').notNull().default(true),
    bonusBalance: integer('bonus_balance').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('discount_cards_number_idx').on(t.number)],
);
