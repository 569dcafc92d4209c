import { sql } from 'drizzle-orm';
import { menuPlaceOf } from '../../domain/exchange/import-rules';
import { queryRows } from '../client';
import type { Tx } from './exchange-import-sql';

/**
 * A section made for a new 1C group, into the menu where `menuPlaceOf` puts it, under its parent's row: the menu is
 * the staff's, so a section whose parent has no row there (they took it out) is left out too. Its name and link come
 * from the section (a menu row may borrow them), and an item shows only once the section has goods.
 */
export async function addToMenu(tx: Tx, section: { id: number; parentId: number | null; depth: number }) {
  const place = menuPlaceOf(section.depth);
  if (place === 'category') {
    await tx.execute(sql`insert into menu_categories (section_id, sort)
      select ${section.id}, coalesce(max(sort), 0) + 10 from menu_categories`);
    return;
  }
  if (place === 'block') {
    const [category] = await queryRows<{ id: number }>(
      tx,
      sql`select id from menu_categories where section_id = ${section.parentId} order by sort, id limit 1`,
    );
    if (!category) return;
    await tx.execute(sql`insert into menu_blocks (category_id, section_id, sort)
      select ${category.id}, ${section.id}, coalesce(max(sort), 0) + 10 from menu_blocks where category_id = ${category.id}`);
    return;
  }
  if (place !== 'item') return;
  const [block] = await queryRows<{ id: number; column_id: number | null }>(
    tx,
    sql`select b.id, (select c.id from menu_columns c where c.block_id = b.id order by c.sort desc, c.id desc limit 1)
        as column_id
      from menu_blocks b where b.section_id = ${section.parentId} order by b.sort, b.id limit 1`,
  );
  if (!block) return;
  let columnId = block.column_id;
  if (columnId === null) {
    const [made] = await queryRows<{ id: number }>(
      tx,
      sql`insert into menu_columns (block_id, sort) values (${block.id}, 10) returning id`,
    );
    columnId = made?.id ?? null;
  }
  await tx.execute(sql`insert into menu_items (column_id, section_id, sort)
    select ${columnId}, ${section.id}, coalesce(max(sort), 0) + 10 from menu_items where column_id = ${columnId}`);
}
