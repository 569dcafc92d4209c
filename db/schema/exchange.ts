import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { staff } from './staff';

/**
 * A 1C exchange session (issue 26): 1C's cookie carries the token, the row its hash. It ends after hours without a
 * request. `queriedOrderIds` are the orders its last `type=sale&mode=query` handed over; `mode=success` marks exactly
 * those as taken.
 */
export const exchangeSessions = pgTable(
  'exchange_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    queriedOrderIds: integer('queried_order_ids').array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [index('exchange_sessions_staff_idx').on(t.staffId, t.lastSeenAt)],
);

/** 1C's groups and the shop's sections they fill; created when new, re-pointable in the back office. */
export const exchangeSections = pgTable('exchange_sections', {
  onecId: text('onec_id').primaryKey(),
  name: text('name').notNull(),
  sectionId: integer('section_id').notNull(),
});

/** 1C's properties, which of the shop's fields each fills (`brand`, `color`, a prop code, or none), and their values. */
export const exchangeProperties = pgTable('exchange_properties', {
  onecId: text('onec_id').primaryKey(),
  name: text('name').notNull(),
  target: text('target'),
  /** The dictionary: value `Ид` → text. */
  values: jsonb('values').$type<Record<string, string>>().notNull().default({}),
});

/** 1C's price types and what each is on the shop: the retail price, the old (crossed-out) one, or neither. */
export const exchangePriceTypes = pgTable('exchange_price_types', {
  onecId: text('onec_id').primaryKey(),
  name: text('name').notNull(),
  role: text('role'),
});

/** 1C's warehouses and the shop's stores whose stock each gives; null leaves the warehouse's stock out. */
export const exchangeWarehouses = pgTable('exchange_warehouses', {
  onecId: text('onec_id').primaryKey(),
  name: text('name').notNull(),
  storeId: integer('store_id'),
});

/**
 * 1C's products (models) as last imported. The shop's products are their colour variants, made when an offer names
 * a colour; these fields are copied to every variant.
 */
export const exchangeProducts = pgTable('exchange_products', {
  onecId: text('onec_id').primaryKey(),
  /** The shop's model id, shared by the variants; set when the first variant is made. */
  modelId: integer('model_id'),
  name: text('name').notNull(),
  article: text('article').notNull(),
  description: text('description').notNull(),
  sectionId: integer('section_id').notNull(),
  brandId: integer('brand_id').notNull(),
  /** The colour a property gave, for offers without a colour characteristic. */
  colorCode: text('color_code'),
  props: jsonb('props').$type<Record<string, string>>().notNull(),
  /** `ЗначенияРеквизитов` as 1C sent them («ВидНоменклатуры», «Полное наименование», «Вес»…), by name. */
  requisites: jsonb('requisites').$type<Record<string, string>>().notNull().default({}),
  /**
   * The weight (grams) and size (cm) 1C sent and the shop could read (`Вес` in kg, «Длина», «Ширина», «Высота»): only
   * the facts it sent; a new colour variant takes them, and each product file sets them on the variants (issue 42.6).
   */
  parcel: jsonb('parcel')
    .$type<Partial<Record<'weight' | 'length' | 'width' | 'height', number>>>()
    .notNull()
    .default({}),
  /** The 1C catalogue (`Каталог` `Ид`) it came in: a full package hides only the products of its own catalogue. */
  catalogueId: text('catalogue_id').notNull().default(''),
  /** Source image files (`1c-<hash>.<ext>`), the first the main photo. */
  images: text('images').array().notNull(),
  deleted: boolean('deleted').notNull().default(false),
  /** The log row of the last file that mentioned it: a full package hides the products it did not mention. */
  seenLog: integer('seen_log'),
});

/** A 1C product's colour variant: the shop's product. */
export const exchangeVariants = pgTable(
  'exchange_variants',
  {
    onecProductId: text('onec_product_id').notNull(),
    colorCode: text('color_code').notNull(),
    productId: integer('product_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.onecProductId, t.colorCode] }),
    uniqueIndex('exchange_variants_product_idx').on(t.productId),
  ],
);

/** A 1C offer (a size of a colour) and the shop's offer. */
export const exchangeOffers = pgTable(
  'exchange_offers',
  {
    onecId: text('onec_id').primaryKey(),
    offerId: integer('offer_id').notNull(),
    /** The log row of the last file that gave its stock: a full stock file zeroes the offers it did not mention. */
    stockSeenLog: integer('stock_seen_log'),
  },
  (t) => [uniqueIndex('exchange_offers_offer_idx').on(t.offerId)],
);

/** Offers whose product has not arrived yet; joined when it does. */
export const exchangePendingOffers = pgTable(
  'exchange_pending_offers',
  {
    onecId: text('onec_id').primaryKey(),
    onecProductId: text('onec_product_id').notNull(),
    record: jsonb('record').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('exchange_pending_offers_product_idx').on(t.onecProductId)],
);

/**
 * One row per file an exchange imported (or a sale file applied): when, who, what changed, the errors by 1C's `Ид`.
 * `position` is how many records of the file are written: a file cut off by the time budget goes on from there.
 */
export const exchangeLog = pgTable(
  'exchange_log',
  {
    id: serial('id').primaryKey(),
    sessionKey: text('session_key').notNull(),
    staffId: integer('staff_id'),
    type: text('type').notNull(),
    fileName: text('file_name').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    status: text('status').notNull(),
    position: integer('position').notNull().default(0),
    /** What the file said of itself: `full` or `changes`, and which part (classifier, catalogue, offers). */
    scope: jsonb('scope').$type<Record<string, unknown>>().notNull().default({}),
    counts: jsonb('counts').$type<Record<string, unknown>>().notNull().default({}),
    errors: jsonb('errors').$type<{ id: string; message: string }[]>().notNull().default([]),
  },
  (t) => [
    index('exchange_log_session_idx').on(t.sessionKey, t.fileName),
    index('exchange_log_started_idx').on(t.startedAt),
  ],
);
