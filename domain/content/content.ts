import type { ProductCard } from '../catalog/listing/card';

/** The information menu's groups (the footer and the pages' side menu list the published pages by group). */
export const MENU_SECTIONS = { buyers: 'Покупателям', company: 'О компании' } as const;
export type MenuSection = keyof typeof MENU_SECTIONS;

/** An information page as the database keeps it: Markdown with `{{fact}}` placeholders. */
export interface ContentPage {
  url: string;
  title: string;
  description: string;
  body: string;
  menuSection: MenuSection;
  updatedAt: Date;
}

export interface FaqItem {
  id: number;
  topic: string;
  question: string;
  answer: string;
}

/** What a landing page lists: every given part must hold; `ids` alone lists exactly those products. */
export interface LandingSelection {
  sectionIds?: number[];
  brandIds?: number[];
  /** Filterable props, code -> any of the value codes (domain/catalog/filter/props.ts). */
  props?: Record<string, string[]>;
  isNew?: boolean;
  ids?: number[];
}

export interface LandingPage {
  url: string;
  title: string;
  description: string;
  hero: string;
  body: string;
  selection: LandingSelection;
  updatedAt: Date;
}

export interface LandingWithProducts extends LandingPage {
  products: ProductCard[];
}

/** A link of the information menu. */
export interface ContentLink {
  url: string;
  title: string;
  menuSection: MenuSection;
}

/** The FAQ page's address: its questions come from `faq_items`, its text from the page row. */
export const FAQ_URL = '/info/faq/';
