import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../client';

/** The shared pieces of the 1C import's SQL (db/repositories/exchange-import-*.ts): a transaction, lists as sets. */
export type Tx = Pick<Db, 'execute'>;

export const json = (value: unknown): SQL => sql`${JSON.stringify(value)}::jsonb`;
/** The texts of a list as a set for `in (…)`. */
export const textSet = (values: Iterable<string>): SQL =>
  sql`(select jsonb_array_elements_text(${json([...new Set(values)])}))`;
export const intArray = (values: Iterable<number>): SQL => sql`${`{${[...new Set(values)].join(',')}}`}::int[]`;
/** The last of each key: a file naming the same `Ид` twice must not make one upsert touch a row twice. */
export const lastBy = <T>(items: T[], key: (item: T) => string): T[] => [
  ...new Map(items.map((i) => [key(i), i])).values(),
];
/** jsonb comes back parsed from node-postgres and PGlite alike, as text from a few drivers' casts. */
export const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
/** A Postgres `text[]` as node-postgres or PGlite hands it back. */
export const textArray = (v: string[] | string): string[] =>
  typeof v === 'string'
    ? v
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean)
        .map((s) => s.replace(/^"|"$/g, ''))
    : v;

/** Ids taken ahead from the table's sequence: rows written in one statement can point at each other. */
export async function nextIds(tx: Tx, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${count})`,
  );
  return rows.map((r) => Number(r.id));
}
