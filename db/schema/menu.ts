import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

/** The spec's menu: categories hold blocks, blocks hold columns of items; banners hang off blocks. */
export const menuCategories = pgTable('menu_categories', {
  id: serial('id').primaryKey(),
  name: text('name'),
  url: text('url'),
  sectionId: integer('section_id'),
  /** Categories whose blocks are shown together with this one's (the spec's visible list). */
  visible: integer('visible').array().notNull().default([]),
  noMobile: boolean('no_mobile').notNull().default(false),
  bold: boolean('bold').notNull().default(false),
  uline: boolean('uline').notNull().default(false),
  color: text('color'),
  size: text('size'),
  sort: integer('sort').notNull(),
});

export const menuBlocks = pgTable('menu_blocks', {
  id: serial('id').primaryKey(),
  categoryId: integer('category_id').notNull(),
  name: text('name'),
  url: text('url'),
  sectionId: integer('section_id'),
  sort: integer('sort').notNull(),
});

export const menuColumns = pgTable('menu_columns', {
  id: serial('id').primaryKey(),
  blockId: integer('block_id').notNull(),
  sort: integer('sort').notNull(),
});

export const menuItems = pgTable('menu_items', {
  id: serial('id').primaryKey(),
  columnId: integer('column_id').notNull(),
  name: text('name'),
  url: text('url'),
  sectionId: integer('section_id'),
  offset: integer('offset').notNull().default(0),
  bold: boolean('bold').notNull().default(false),
  uline: boolean('uline').notNull().default(false),
  color: text('color'),
  sort: integer('sort').notNull(),
});

export const menuBanners = pgTable('menu_banners', {
  id: serial('id').primaryKey(),
  blockId: integer('block_id').notNull(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  src: text('src').notNull(),
  sectionId: integer('section_id'),
  sort: integer('sort').notNull(),
});
