import { type SQL, sql } from 'drizzle-orm';
import type { ContentPage, FaqItem, LandingPage, LandingSelection, MenuSection } from '../../domain/content/content';
import type { ContentRepository } from '../../domain/content/content.service';
import { type Db, queryRows } from '../client';
import { inStockOnline, loadProductCards, onePerModel } from './product-cards';
import { pgArray } from './listing';

interface PageRow {
  url: string;
  title: string;
  description: string;
  body: string;
  menu_section: MenuSection;
  updated_at: string | Date;
}

interface LandingRow {
  url: string;
  title: string;
  description: string;
  hero: string;
  body: string;
  selection: LandingSelection | string;
  updated_at: string | Date;
}

/** What a selection asks of a product, as one condition. */
export function selectionSql(s: LandingSelection): SQL {
  const parts: SQL[] = [];
  if (s.ids?.length) parts.push(sql`p.id = any(${pgArray(s.ids, 'int')})`);
  else parts.push(onePerModel);
  if (s.sectionIds?.length) parts.push(sql`p.section_path && ${pgArray(s.sectionIds, 'int')}`);
  if (s.brandIds?.length) parts.push(sql`p.brand_id = any(${pgArray(s.brandIds, 'int')})`);
  for (const [code, values] of Object.entries(s.props ?? {}))
    parts.push(sql`(p.props ->> ${code}) = any(${pgArray(values, 'text')})`);
  if (s.isNew) parts.push(sql`p.is_new`);
  parts.push(inStockOnline);
  return sql.join(parts, sql` and `);
}

export function contentRepository(db: Db): ContentRepository {
  return {
    async page(url) {
      const [row] = await queryRows<PageRow>(
        db,
        sql`select url, title, description, body, menu_section, updated_at from content_pages
            where url = ${url} and published`,
      );
      return row ? toPage(row) : null;
    },

    async links() {
      const rows = await queryRows<PageRow>(
        db,
        sql`select url, title, menu_section, updated_at from content_pages where published
            order by menu_section, sort, id`,
      );
      return rows.map((r) => ({
        url: r.url,
        title: r.title,
        menuSection: r.menu_section,
        updatedAt: new Date(r.updated_at),
      }));
    },

    async faq() {
      const rows = await queryRows<FaqItem>(
        db,
        sql`select id, topic, question, answer from faq_items order by sort, id`,
      );
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },

    async landing(url) {
      const [row] = await queryRows<LandingRow>(
        db,
        sql`select url, title, description, hero, body, selection, updated_at from landing_pages
            where url = ${url} and published`,
      );
      if (!row) return null;
      return {
        url: row.url,
        title: row.title,
        description: row.description,
        hero: row.hero,
        body: row.body,
        selection: typeof row.selection === 'string' ? JSON.parse(row.selection) : row.selection,
        updatedAt: new Date(row.updated_at),
      } satisfies LandingPage;
    },

    async landings() {
      const rows = await queryRows<{ url: string; title: string; updated_at: string | Date }>(
        db,
        sql`select url, title, updated_at from landing_pages where published order by id`,
      );
      return rows.map((r) => ({ url: r.url, title: r.title, updatedAt: new Date(r.updated_at) }));
    },

    products(selection, limit) {
      const order = selection.ids?.length
        ? sql`array_position(${pgArray(selection.ids, 'int')}, p.id)`
        : sql`p.popularity desc, p.id`;
      return loadProductCards(db, selectionSql(selection), order, limit);
    },
  };
}

function toPage(r: PageRow): ContentPage {
  return {
    url: r.url,
    title: r.title,
    description: r.description,
    body: r.body,
    menuSection: r.menu_section,
    updatedAt: new Date(r.updated_at),
  };
}
