import { type SQL, sql } from 'drizzle-orm';
import { DEFAULT_PARCEL, type ParcelFacts } from '../../domain/delivery/parcel';
import { type Db, queryRows } from '../client';

type Fact = keyof ParcelFacts;
export const FACTS: readonly Fact[] = ['weight', 'length', 'width', 'height'];

/**
 * One fact of the offer's product: its own value, else the nearest section up its path that has one (the product's
 * `section_path` runs root → own section, so the highest index wins), else null (the shop's default, below). Each
 * fact falls back on its own: a product may set its weight and leave its size to the section.
 */
export const usedFactSql = (fact: Fact, product: SQL = sql`p`) =>
  sql`coalesce(${product}.${sql.identifier(fact)}, (select s.${sql.identifier(fact)} from sections s
      join unnest(${product}.section_path) with ordinality as up(id, n) on up.id = s.id
      where s.${sql.identifier(fact)} is not null order by up.n desc limit 1))`;
const factOf = (fact: Fact) => sql`${usedFactSql(fact)} as ${sql.identifier(fact)}`;

/** A row's facts, null ones the shop's default. */
export function usedParcel(row: Partial<Record<Fact, number | string | null>>): ParcelFacts {
  const facts = { ...DEFAULT_PARCEL };
  for (const fact of FACTS) if (row[fact] !== null && row[fact] !== undefined) facts[fact] = Number(row[fact]);
  return facts;
}

/**
 * Each offer's packed weight (grams) and size (cm), in one query for the lot: the product's own, else its nearest
 * section's default up the tree (the precomputed `section_path`), else `DEFAULT_PARCEL`. An id that is no offer gets
 * the default, so a basket line whose offer is gone still weighs something.
 */
export function offerParcels(db: Pick<Db, 'execute'>) {
  return async (offerIds: readonly number[]): Promise<Map<number, ParcelFacts>> => {
    const ids = [...new Set(offerIds)].filter((id) => Number.isSafeInteger(id));
    const out = new Map<number, ParcelFacts>(offerIds.map((id) => [id, DEFAULT_PARCEL]));
    if (ids.length === 0) return out;
    const rows = await queryRows<{ id: number } & Record<Fact, number | string | null>>(
      db,
      sql`select o.id, ${sql.join(FACTS.map(factOf), sql`, `)}
        from offers o join products p on p.id = o.product_id
        where o.id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    for (const row of rows) out.set(Number(row.id), usedParcel(row));
    return out;
  };
}
