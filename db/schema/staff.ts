import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The shop's staff (domain/staff): apart from shoppers, with a role of `domain/staff/permissions.ts`. */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    role: text('role').notNull(),
    /**
     * The one shop (`stores.id`) a `shop` member works in; null for every other role. No foreign key: the seed
     * rebuilds the catalogue's tables, shops among them.
     */
    shopId: integer('shop_id'),
    passwordHash: text('password_hash').notNull(),
    /** The TOTP secret once the second factor is on; a pending one waits for its first code. */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    /** The last TOTP time step used: a code works once. */
    totpLastStep: integer('totp_last_step'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the owner removed the member: the row stays so that the audit log still names who did what, but it no
     * longer logs in, has no session and is shown nowhere else; its address may be invited again.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_email_idx').on(sql`lower(${t.email})`).where(sql`${t.removedAt} is null`)],
);

/** A staff member's session: the cookie carries the token, the row its hash; idle ones end (12 hours). */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId), index('staff_sessions_last_seen_idx').on(t.lastSeenAt)],
);

/** One-use links that create a staff account: an invitation, or the owner's link printed at the first start. */
export const staffInvites = pgTable(
  'staff_invites',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** Empty for the first owner's link: whoever opens it names the address. */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    role: text('role').notNull(),
    shopId: integer('shop_id'),
    invitedBy: integer('invited_by').references(() => staff.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_invites_expires_idx').on(t.expiresAt)],
);

/**
 * Every staff write (domain/staff/audit.ts), in the transaction of the change: who, when, from which address, what
 * was done to which entity, and the fields before and after. Kept `AUDIT_RETENTION_DAYS`.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null when the staff member is gone or the change was the system's (the first owner from the settings). */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    /** The address as it was: the log outlives renames. */
    staffEmail: text('staff_email').notNull(),
    client: text('client').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    changes: jsonb('changes').$type<Record<string, { before: unknown; after: unknown }>>().notNull(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_staff_idx').on(t.staffId),
  ],
);
