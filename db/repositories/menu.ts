import { asc, sql } from 'drizzle-orm';
import type { RawMenu, SectionStat } from '../../domain/menu/menu';
import type { MenuRepository } from '../../domain/menu/menu.service';
import { type Db, queryRows } from '../client';
import * as t from '../schema';

export function menuRepository(db: Db): MenuRepository {
  return {
    async loadMenu(): Promise<RawMenu> {
      const [categories, blocks, columns, items, banners] = await Promise.all([
        db.select().from(t.menuCategories).orderBy(asc(t.menuCategories.sort)),
        db.select().from(t.menuBlocks).orderBy(asc(t.menuBlocks.sort)),
        db.select().from(t.menuColumns).orderBy(asc(t.menuColumns.sort)),
        db.select().from(t.menuItems).orderBy(asc(t.menuItems.sort)),
        db.select().from(t.menuBanners).orderBy(asc(t.menuBanners.sort)),
      ]);
      return { categories, blocks, columns, items, banners };
    },
    async sectionStats(): Promise<SectionStat[]> {
      // Each product counts for every section on its path, so a parent sums its children.
      const rows = await queryRows<{
        id: number;
        name: string;
        url: string;
        count: string | number;
        min_price: string | number | null;
        has_new: boolean | null;
      }>(
        db,
        sql`
        select s.id, s.name, s.url, coalesce(x.count, 0) as count, x.min_price, coalesce(x.has_new, false) as has_new
        from ${t.sections} s
        left join (
          select unnest(section_path) as section_id, count(*) as count, min(min_price) as min_price, bool_or(is_new) as has_new
          from ${t.products} where active group by 1
        ) x on x.section_id = s.id`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        name: r.name,
        url: r.url,
        count: Number(r.count),
        minPrice: r.min_price == null ? null : Number(r.min_price),
        hasNew: Boolean(r.has_new),
      }));
    },
  };
}
