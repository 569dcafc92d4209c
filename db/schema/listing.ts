import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A narrow copy of what listings filter, count and sort by: one row per product, kept by triggers on products,
 * offers and stock (migration 0004). Facet counts read a few hundred small rows instead of the wide product rows.
 */
export const productFacets = pgTable(
  'product_facets',
  {
    productId: integer('product_id').primaryKey(),
    sectionId: integer('section_id').notNull(),
    brandId: integer('brand_id').notNull(),
    gender: text('gender'),
    colorCode: text('color_code').notNull(),
    /** Lower-case names of the sizes in stock somewhere. */
    sizeCodes: text('size_codes').array().notNull(),
    /** Codes of the shops that hold some size on the shelf (the «in this shop» filter). */
    shopCodes: text('shop_codes').array().notNull().default([]),
    props: jsonb('props').$type<Record<string, string>>().notNull(),
    minPrice: bigint('min_price', { mode: 'number' }).notNull(),
    popularity: integer('popularity').notNull(),
    discountPercent: integer('discount_percent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    active: boolean('active').notNull(),
    /**
     * The transaction that last wrote the row (set by a trigger): the shop's facet index reads what changed since.
     * A bigint rather than xid8, so the planner has statistics and reads few changed rows by the index.
     */
    writer: bigint('writer', { mode: 'number' }).notNull().default(sql`pg_current_xact_id()::text::bigint`),
  },
  (t) => [
    index('product_facets_section_idx').on(t.sectionId),
    index('product_facets_brand_idx').on(t.brandId),
    index('product_facets_writer_idx').on(t.writer),
  ],
);

/**
 * One row, bumped whenever product_facets rows are deleted: a facet index that saw another epoch loads every row
 * again, since a deleted row leaves nothing to read changes from.
 */
export const facetEpoch = pgTable('facet_epoch', {
  epoch: bigint('epoch', { mode: 'number' }).notNull(),
});
