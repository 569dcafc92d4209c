import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { LandingSelection } from '../../domain/content/content';

/**
 * The shop's information pages (delivery, bonuses, offer, agreement, returns, about): Markdown the server renders,
 * with `{{fact}}` placeholders the shop's own rules fill (domain/content/facts.ts).
 */
export const contentPages = pgTable('content_pages', {
  id: serial('id').primaryKey(),
  /** The page's address, e.g. `/info/dostavka-i-oplata/`. */
  url: text('url').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  body: text('body').notNull(),
  /** The information menu's group the page is listed in: `buyers` or `company`. */
  menuSection: text('menu_section').notNull(),
  sort: integer('sort').notNull().default(0),
  published: boolean('published').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The FAQ's questions by topic; answers are Markdown with the same placeholders. */
export const faqItems = pgTable('faq_items', {
  id: serial('id').primaryKey(),
  topic: text('topic').notNull(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** A promotional page: hero image, text and a selection of products, linked from the menu's banners. */
export const landingPages = pgTable('landing_pages', {
  id: serial('id').primaryKey(),
  url: text('url').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  /** The hero image's source file under /images/source/. */
  hero: text('hero').notNull(),
  body: text('body').notNull(),
  selection: jsonb('selection').$type<LandingSelection>().notNull(),
  published: boolean('published').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
