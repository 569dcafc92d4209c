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
  },
  (t) => [index('product_facets_section_idx').on(t.sectionId), index('product_facets_brand_idx').on(t.brandId)],
);
