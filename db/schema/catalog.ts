import { sql } from 'drizzle-orm';
import {
  bigint,
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
import type { Holiday, WeekHours } from '../../domain/stores/hours';

export const sections = pgTable(
  'sections',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    code: text('code').notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    sort: integer('sort').notNull().default(500),
    depth: integer('depth').notNull(),
    /** Ids from the root down to this section, itself included: one `&&`/ANY test finds every product below. */
    path: integer('path').array().notNull(),
    gender: text('gender'),
    /**
     * The packed parcel of one unit of this section's products (grams, centimetres), for products that say none;
     * null = the parent section's, then the shop's `DEFAULT_PARCEL` (domain/delivery/parcel.ts).
     */
    weight: integer('weight'),
    length: integer('length'),
    width: integer('width'),
    height: integer('height'),
  },
  (t) => [uniqueIndex('sections_url_idx').on(t.url), index('sections_parent_idx').on(t.parentId)],
);

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    text: text('text').notNull(),
  },
  (t) => [uniqueIndex('brands_code_idx').on(t.code)],
);

export const colors = pgTable('colors', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  hex: text('hex').notNull(),
  sort: integer('sort').notNull(),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    /** Model id shared by the colour variants of one model (the spec's `sid`). */
    modelId: integer('model_id').notNull(),
    sectionId: integer('section_id').notNull(),
    /** All ancestor section ids, the own section included. */
    sectionPath: integer('section_path').array().notNull(),
    brandId: integer('brand_id').notNull(),
    code: text('code').notNull(),
    url: text('url').notNull(),
    name: text('name').notNull(),
    article: text('article').notNull(),
    category: text('category').notNull(),
    kind: text('kind').notNull(),
    gender: text('gender'),
    colorCode: text('color_code').notNull(),
    description: text('description').notNull(),
    /** Filterable props, code -> value code, e.g. {material: 'nylon', hood: 'yes'}. */
    props: jsonb('props').$type<Record<string, string>>().notNull(),
    /** Photo-model props as the spec's code/value pairs. */
    modelProps: jsonb('model_props').$type<{ code: string; value: string }[]>().notNull(),
    isNew: boolean('is_new').notNull().default(false),
    /** Lowest offer price and its old price, in kopecks; kept by the seed and by price changes. */
    minPrice: bigint('min_price', { mode: 'number' }).notNull(),
    oldPrice: bigint('old_price', { mode: 'number' }),
    discountPercent: integer('discount_percent').notNull().default(0),
    popularity: integer('popularity').notNull().default(0),
    views: integer('views').notNull().default(0),
    sort: integer('sort').notNull().default(500),
    active: boolean('active').notNull().default(true),
    /** Unpublished by the staff: kept out of sale whatever the 1C exchange says (it sets `active` otherwise). */
    unpublished: boolean('unpublished').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** One packed unit's weight (grams) and size (cm); each null = its section's default (db/repositories/parcels.ts). */
    weight: integer('weight'),
    length: integer('length'),
    width: integer('width'),
    height: integer('height'),
    /** Published reviews (issue 44.2): their count and the sum of their ratings, kept when one is published or hidden. */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
  },
  (t) => [
    uniqueIndex('products_url_idx').on(t.url),
    uniqueIndex('products_code_idx').on(t.code),
    index('products_model_idx').on(t.modelId),
    index('products_section_path_idx').using('gin', t.sectionPath),
    index('products_props_idx').using('gin', t.props),
    index('products_brand_idx').on(t.brandId),
    index('products_popularity_idx').on(t.popularity.desc(), t.id),
    index('products_search_idx').using(
      'gin',
      sql`to_tsvector('russian', ${t.name} || ' ' || ${t.category} || ' ' || ${t.article})`,
    ),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // An article's start in the back office's search (issue 47.3).
    index('products_article_trgm_idx').using('gin', sql`${t.article} gin_trgm_ops`),
    index('products_color_idx').on(t.colorCode),
  ],
);

export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull(),
    sizeName: text('size_name').notNull(),
    sizeSort: integer('size_sort').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    oldPrice: bigint('old_price', { mode: 'number' }),
    /** The size's EAN-13 (1C's «Штрихкод»): what a scanner at the stock desk reads and the staff's search finds. */
    barcode: text('barcode'),
  },
  (t) => [index('offers_product_idx').on(t.productId), index('offers_barcode_idx').on(t.barcode)],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull(),
    /** File name under the source image folder. */
    file: text('file').notNull(),
    sort: integer('sort').notNull(),
  },
  // By file: a demo photo is drawn on request only when the catalogue shows it (server/images/demo-sources.ts).
  (t) => [index('product_images_product_idx').on(t.productId, t.sort), index('product_images_file_idx').on(t.file)],
);

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    fullName: text('full_name').notNull(),
    /** The location code delivery services know the city by (KLADR), the spec Region's locationId. */
    locationId: text('location_id').notNull().default(''),
    phones: text('phones').array().notNull(),
    /** The IANA zone of the city's clocks: shop hours and their «open now» are read in it. */
    timeZone: text('time_zone').notNull().default('Europe/Moscow'),
    sort: integer('sort').notNull(),
    /** The carrier whose town this city is (issue 42): a town a shopper chose by typing is kept as a city. */
    carrier: text('carrier'),
    /** The carrier's code of the town (CDEK's city code, the test carrier's code). */
    carrierTown: text('carrier_town'),
    /** «Свердловская обл.»; empty for a federal city or when nobody said. */
    region: text('region').notNull().default(''),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    postcode: text('postcode'),
  },
  (t) => [uniqueIndex('cities_carrier_town_idx').on(t.carrier, t.carrierTown).where(sql`${t.carrierTown} is not null`)],
);

export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    cityId: integer('city_id').notNull(),
    code: text('code').notNull().unique(),
    /** 'shop' sells in person; 'online' is the web warehouse; 'movement' ships to shops within days. */
    type: text('type').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    lat: text('lat').notNull(),
    lon: text('lon').notNull(),
    /** The week in a line for lists («пн–пт 10:00–21:00, …»), written from `weekHours` by `weekSummary`. */
    hours: text('hours').notNull(),
    /** domain/stores/hours.ts `WeekHours`: one span a weekday, or null when closed. */
    weekHours: jsonb('week_hours').$type<WeekHours>(),
    /** Dates with other hours, or closed (`Holiday[]`). */
    holidays: jsonb('holidays').$type<Holiday[]>().notNull().default([]),
    phone: text('phone').notNull(),
    metro: text('metro'),
    /** What the shop offers: `fitting` rooms, `tailoring`, `card` payment (domain/stores/shops.ts). */
    services: text('services').array().notNull().default([]),
    /** Photo files under /images/source/. */
    photos: text('photos').array().notNull().default([]),
    /** Whether a shopper may reserve a size here from the product page. */
    reservable: boolean('reservable').notNull().default(false),
    sort: integer('sort').notNull(),
  },
  (t) => [index('stores_city_idx').on(t.cityId)],
);

export const stock = pgTable(
  'stock',
  {
    offerId: integer('offer_id').notNull(),
    storeId: integer('store_id').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.storeId] }), index('stock_store_idx').on(t.storeId)],
);

/** Spec's restrictionOrderShops: an offer may not be ordered from these stores (e.g. a sample kept for display). */
export const offerRestrictions = pgTable(
  'offer_restrictions',
  {
    offerId: integer('offer_id').notNull(),
    storeId: integer('store_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.storeId] })],
);

/**
 * A catalogue import's preview (issue 47.5): the changes a staff member's file makes, held until they apply it (within
 * an hour) — then marked applied, so a token applies once.
 */
export const catalogImports = pgTable(
  'catalog_imports',
  {
    token: text('token').primaryKey(),
    staffId: integer('staff_id').notNull(),
    fileName: text('file_name').notNull(),
    changes: jsonb('changes').notNull(),
    counts: jsonb('counts').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [index('catalog_imports_created_idx').on(t.createdAt)],
);
