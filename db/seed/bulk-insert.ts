import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';

/** About this many characters of JSON per statement: a few round trips for a table, none of them huge. */
const CHUNK_CHARS = 4_000_000;

/** A column's type as a record definition names it (a serial column is an integer once filled). */
function recordType(sqlType: string): string {
  return sqlType.replace(/^serial\b/, 'integer').replace(/^bigserial\b/, 'bigint');
}

/**
 * Inserts `rows` (objects keyed like the drizzle table, as the seed's factories build them) with one parameter per
 * statement: a JSON array of the rows that `json_to_recordset` turns into typed columns on the server. Drizzle's
 * multi-row insert binds every value as its own parameter, which at 200 000 products (3.7 million stock rows) spent
 * most of the seed in Node building statements. The columns are those of the first row; the rest have the same keys.
 */
export async function insertMany<T extends PgTable>(
  db: Pick<Db, 'execute'>,
  table: T,
  rows: readonly object[],
  chunkChars = CHUNK_CHARS,
): Promise<void> {
  const first = rows[0] as Record<string, unknown> | undefined;
  if (!first) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => first[key] !== undefined);
  const names = sql.raw(columns.map(([, c]) => `"${c.name}"`).join(', '));
  const fields = sql.raw(columns.map(([key]) => `x."${key}"`).join(', '));
  const record = sql.raw(columns.map(([key, c]) => `"${key}" ${recordType(c.getSQLType())}`).join(', '));
  const target = sql.raw(`"${getTableName(table)}"`);
  const send = (json: string[]) =>
    db.execute(
      sql`insert into ${target} (${names}) select ${fields} from json_to_recordset(${`[${json.join(',')}]`}::json) as x(${record})`,
    );
  let chunk: string[] = [];
  let chars = 0;
  for (const row of rows) {
    const json = JSON.stringify(row);
    chunk.push(json);
    chars += json.length;
    if (chars >= chunkChars) {
      await send(chunk);
      chunk = [];
      chars = 0;
    }
  }
  if (chunk.length > 0) await send(chunk);
}
