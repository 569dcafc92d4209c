import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

/** The dearest product on sale in a section and below it, with some size in stock: last in a cheapest-first list. */
export async function dearestInSection(db: Db, sectionId: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select p.id from products p join product_facets f on f.product_id = p.id
      where p.active and p.section_path @> array[${sectionId}]::int[] and f.size_codes <> '{}'
      order by f.min_price desc, p.id limit 1`,
  );
  if (!row) throw new Error(`no product in section ${sectionId}`);
  return Number(row.id);
}
