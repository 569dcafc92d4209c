import { sql } from 'drizzle-orm';
import type { LandingSelection, MenuSection } from '../../domain/content/content';
import type {
  AdminFaqItem,
  AdminLanding,
  AdminPage,
  ContentAdminReads,
  ContentAdminWrites,
} from '../../domain/content/content-admin';
import { type Db, queryRows } from '../client';
import { selectionSql } from './content';

interface PageRow {
  id: number;
  url: string;
  title: string;
  description: string;
  body: string;
  menu_section: MenuSection;
  sort: number;
  published: boolean;
  updated_at: string | Date;
}

interface LandingRow {
  id: number;
  url: string;
  title: string;
  description: string;
  hero: string;
  body: string;
  selection: LandingSelection | string;
  published: boolean;
  updated_at: string | Date;
}

const PAGE_COLUMNS = sql`id, url, title, description, body, menu_section, sort, published, updated_at`;
const LANDING_COLUMNS = sql`id, url, title, description, hero, body, selection, published, updated_at`;
const FAQ_COLUMNS = sql`id, topic, question, answer, sort`;

const toPage = (r: PageRow): AdminPage => ({
  id: Number(r.id),
  url: r.url,
  title: r.title,
  description: r.description,
  body: r.body,
  menuSection: r.menu_section,
  sort: Number(r.sort),
  published: r.published,
  updatedAt: new Date(r.updated_at).toISOString(),
});

const toLanding = (r: LandingRow): AdminLanding => ({
  id: Number(r.id),
  url: r.url,
  title: r.title,
  description: r.description,
  hero: r.hero,
  body: r.body,
  selection: typeof r.selection === 'string' ? JSON.parse(r.selection) : r.selection,
  published: r.published,
  updatedAt: new Date(r.updated_at).toISOString(),
});

const toFaq = (r: AdminFaqItem): AdminFaqItem => ({ ...r, id: Number(r.id), sort: Number(r.sort) });

export function contentAdminReads(db: Db): ContentAdminReads {
  return {
    async pages() {
      const rows = await queryRows<PageRow>(
        db,
        sql`select ${PAGE_COLUMNS} from content_pages order by menu_section, sort, id`,
      );
      return rows.map(toPage);
    },
    async page(id) {
      const [row] = await queryRows<PageRow>(db, sql`select ${PAGE_COLUMNS} from content_pages where id = ${id}`);
      return row ? toPage(row) : null;
    },
    async faq() {
      const rows = await queryRows<AdminFaqItem>(db, sql`select ${FAQ_COLUMNS} from faq_items order by sort, id`);
      return rows.map(toFaq);
    },
    async faqItem(id) {
      const [row] = await queryRows<AdminFaqItem>(db, sql`select ${FAQ_COLUMNS} from faq_items where id = ${id}`);
      return row ? toFaq(row) : null;
    },
    async landings() {
      const rows = await queryRows<LandingRow>(db, sql`select ${LANDING_COLUMNS} from landing_pages order by id`);
      return rows.map(toLanding);
    },
    async landing(id) {
      const [row] = await queryRows<LandingRow>(db, sql`select ${LANDING_COLUMNS} from landing_pages where id = ${id}`);
      return row ? toLanding(row) : null;
    },
    async selectionPreview(selection, limit) {
      const where = selectionSql(selection);
      const [{ count }] = await queryRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from products p where p.active and ${where}`,
      );
      const rows = await queryRows<{ name: string; image: number | null }>(
        db,
        sql`select p.name,
              (select i.id from product_images i where i.product_id = p.id order by i.sort limit 1) as image
            from products p where p.active and ${where} order by p.popularity desc, p.id limit ${limit}`,
      );
      return {
        count: Number(count),
        products: rows.map((r) => ({ name: r.name, image: r.image === null ? null : `image:${r.image}` })),
      };
    },
  };
}

export function contentAdminWrites(db: Db): ContentAdminWrites {
  const urlTaken = async (table: 'content_pages' | 'landing_pages', url: string, id: number) => {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`select id from ${sql.identifier(table)} where url = ${url} and id <> ${id}`,
    );
    return rows.length > 0;
  };
  return {
    async insertPage(f) {
      const [row] = await queryRows<PageRow>(
        db,
        sql`insert into content_pages (url, title, description, body, menu_section, sort, published)
            values (${f.url}, ${f.title}, ${f.description}, ${f.body}, ${f.menuSection}, ${f.sort}, ${f.published})
            on conflict (url) do nothing returning ${PAGE_COLUMNS}`,
      );
      return row ? toPage(row) : null;
    },
    async updatePage(id, f) {
      if (await urlTaken('content_pages', f.url, id)) return 'taken';
      const [row] = await queryRows<PageRow>(
        db,
        sql`update content_pages set url = ${f.url}, title = ${f.title}, description = ${f.description},
              body = ${f.body}, menu_section = ${f.menuSection}, sort = ${f.sort}, published = ${f.published},
              updated_at = now()
            where id = ${id} returning ${PAGE_COLUMNS}`,
      );
      return row ? toPage(row) : null;
    },
    async insertFaq(f) {
      const [row] = await queryRows<AdminFaqItem>(
        db,
        sql`insert into faq_items (topic, question, answer, sort) values (${f.topic}, ${f.question}, ${f.answer}, ${f.sort})
            returning ${FAQ_COLUMNS}`,
      );
      return toFaq(row);
    },
    async updateFaq(id, f) {
      const [row] = await queryRows<AdminFaqItem>(
        db,
        sql`update faq_items set topic = ${f.topic}, question = ${f.question}, answer = ${f.answer}, sort = ${f.sort}
            where id = ${id} returning ${FAQ_COLUMNS}`,
      );
      return row ? toFaq(row) : null;
    },
    async deleteFaq(id) {
      const rows = await queryRows<{ id: number }>(db, sql`delete from faq_items where id = ${id} returning id`);
      return rows.length > 0;
    },
    async insertLanding(f) {
      const [row] = await queryRows<LandingRow>(
        db,
        sql`insert into landing_pages (url, title, description, hero, body, selection, published)
            values (${f.url}, ${f.title}, ${f.description}, ${f.hero}, ${f.body}, ${JSON.stringify(f.selection)}::jsonb, ${f.published})
            on conflict (url) do nothing returning ${LANDING_COLUMNS}`,
      );
      return row ? toLanding(row) : null;
    },
    async updateLanding(id, f) {
      if (await urlTaken('landing_pages', f.url, id)) return 'taken';
      const [row] = await queryRows<LandingRow>(
        db,
        sql`update landing_pages set url = ${f.url}, title = ${f.title}, description = ${f.description},
              hero = ${f.hero}, body = ${f.body}, selection = ${JSON.stringify(f.selection)}::jsonb,
              published = ${f.published}, updated_at = now()
            where id = ${id} returning ${LANDING_COLUMNS}`,
      );
      return row ? toLanding(row) : null;
    },
  };
}
