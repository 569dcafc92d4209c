import type { RequestContext } from '../context';
import type { AuditWrites } from '../staff/audit';
import type { FaqItem, LandingSelection, MenuSection } from './content';
import type { FaqInput, LandingInput, PageInput } from './content-admin.schemas';

export interface AdminPage {
  id: number;
  url: string;
  title: string;
  description: string;
  body: string;
  menuSection: MenuSection;
  sort: number;
  published: boolean;
  updatedAt: string;
}

export interface AdminFaqItem extends FaqItem {
  sort: number;
}

export interface AdminLanding {
  id: number;
  url: string;
  title: string;
  description: string;
  hero: string;
  body: string;
  selection: LandingSelection;
  published: boolean;
  updatedAt: string;
}

export type PageFields = Omit<AdminPage, 'id' | 'updatedAt'>;
export type FaqFields = Omit<AdminFaqItem, 'id'>;
export type LandingFields = Omit<AdminLanding, 'id' | 'updatedAt'>;

/** The content tables' rows, any state (the back office sees the unpublished too). */
export interface ContentAdminReads {
  pages(): Promise<AdminPage[]>;
  page(id: number): Promise<AdminPage | null>;
  faq(): Promise<AdminFaqItem[]>;
  faqItem(id: number): Promise<AdminFaqItem | null>;
  landings(): Promise<AdminLanding[]>;
  landing(id: number): Promise<AdminLanding | null>;
  /** How many products a selection picks and the names of its first `limit`, with their first images. */
  selectionPreview(
    selection: LandingSelection,
    limit: number,
  ): Promise<{ count: number; products: { name: string; image: string | null }[] }>;
}

/** The writes, in a unit of work with the audit entry. A taken address answers null. */
export interface ContentAdminWrites {
  insertPage(fields: PageFields): Promise<AdminPage | null>;
  updatePage(id: number, fields: PageFields): Promise<AdminPage | null | 'taken'>;
  insertFaq(fields: FaqFields): Promise<AdminFaqItem>;
  updateFaq(id: number, fields: FaqFields): Promise<AdminFaqItem | null>;
  deleteFaq(id: number): Promise<boolean>;
  insertLanding(fields: LandingFields): Promise<AdminLanding | null>;
  updateLanding(id: number, fields: LandingFields): Promise<AdminLanding | null | 'taken'>;
}

export interface ContentAdminUnit {
  run<T>(
    work: (repos: { content: ContentAdminWrites; reads: ContentAdminReads; audit: AuditWrites }) => Promise<T>,
  ): Promise<T>;
}

export interface LandingPreview {
  count: number;
  products: { name: string; image: string | null }[];
}

export interface ContentAdminService {
  pages(ctx: RequestContext): Promise<AdminPage[]>;
  page(ctx: RequestContext, id: number): Promise<AdminPage>;
  savePage(ctx: RequestContext, id: number | null, input: PageInput): Promise<AdminPage>;
  faq(ctx: RequestContext): Promise<AdminFaqItem[]>;
  saveFaq(ctx: RequestContext, id: number | null, input: FaqInput): Promise<AdminFaqItem>;
  deleteFaq(ctx: RequestContext, id: number): Promise<void>;
  landings(ctx: RequestContext): Promise<AdminLanding[]>;
  landing(ctx: RequestContext, id: number): Promise<AdminLanding>;
  saveLanding(ctx: RequestContext, id: number | null, input: LandingInput): Promise<AdminLanding>;
  landingPreview(ctx: RequestContext, selection: LandingSelection): Promise<LandingPreview>;
  /** The `{{placeholder}}` facts with their current values. */
  facts(ctx: RequestContext): Promise<Record<string, string>>;
  /** The Markdown with its facts filled, as the page will show it; an unknown placeholder is refused. */
  preview(ctx: RequestContext, body: string): Promise<string>;
  /** The reload command to every open page, by a member with `content.edit`; audited `pages.reload`. */
  reloadPages(ctx: RequestContext, send: () => Promise<number>): Promise<number>;
}
