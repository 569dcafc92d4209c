import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { staff } from './staff';

/**
 * Saved views of the orders desk (issue 47.7): a named filter of the list (its query string, as the address keeps
 * it), a member's own or shared with their team. A shop member's view carries their shop: their team is that
 * shop's staff (and the managers and owners, who see every shop's orders).
 */
export const orderViews = pgTable(
  'order_views',
  {
    id: serial('id').primaryKey(),
    /** Who saved it: a private view is theirs alone. */
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** The shop of a shop member's view (their team); null for a manager's or an owner's. */
    shopId: integer('shop_id'),
    name: text('name').notNull(),
    /** Seen by the team, not only by its author. */
    shared: boolean('shared').notNull().default(false),
    /** The list's filter as its address keeps it (`queue=ready&shopId=3`), without the page. */
    query: text('query').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_views_staff_name_idx').on(t.staffId, sql`lower(${t.name})`),
    index('order_views_shared_idx').on(t.shared, t.shopId),
  ],
);
