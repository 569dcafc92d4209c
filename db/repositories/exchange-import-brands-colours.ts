import { sql } from 'drizzle-orm';
import { normalName, slug } from '../../domain/exchange/catalogue-mapping';
import { IMPORT_DEFAULTS } from '../../domain/exchange/import-rules';
import { queryRows } from '../client';
import { nextIds, textSet, type Tx } from './exchange-import-sql';

/** A colour's name as `normalName` has it, in SQL: lower case, `ё` as `е`, single spaces. */
const NORMAL_COLOR_NAME = sql`btrim(regexp_replace(replace(lower(name), 'ё', 'е'), '[ \t\n\r\f\v\u00a0]+', ' ', 'g'))`;

/** Colour codes by normal name (`normalName`: «Черный» finds «Чёрный») or by code, made when new. */
export async function colorCodes(tx: Tx, names: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(names.map(normalName))];
  const codes = new Map<string, string>();
  if (wanted.length === 0) return codes;
  const found = await queryRows<{ code: string; key: string }>(
    tx,
    sql`select code, ${NORMAL_COLOR_NAME} as key from colors
      where ${NORMAL_COLOR_NAME} in ${textSet(wanted)} or code in ${textSet(wanted)}`,
  );
  for (const r of found) codes.set(r.key, r.code);
  for (const r of found) if (!codes.has(r.code)) codes.set(r.code, r.code);
  const other = IMPORT_DEFAULTS.color;
  for (const name of names) {
    const key = normalName(name);
    if (codes.has(key)) continue;
    const base = key === normalName(other.name) ? other.code : slug(name, 'color');
    // A code another colour has already is never taken over: the next free one is.
    for (let n = 1; !codes.has(key); n++) {
      const code = n === 1 ? base : `${base}-${n}`;
      const [made] = await queryRows<{ code: string }>(
        tx,
        sql`insert into colors (code, name, hex, sort)
          values (${code}, ${name.trim()}, ${other.hex}, (select coalesce(max(sort), 0) + 10 from colors))
          on conflict (code) do nothing returning code`,
      );
      if (made) codes.set(key, made.code);
    }
  }
  return codes;
}

/** Brand ids by lower-case name, made when new. */
export async function brandIds(tx: Tx, names: string[]): Promise<Map<string, number>> {
  const wanted = [...new Set(names.map((n) => n.toLowerCase()))];
  const found = await queryRows<{ id: number; key: string }>(
    tx,
    sql`select id, lower(name) as key from brands where lower(name) in ${textSet(wanted)}`,
  );
  const ids = new Map(found.map((r) => [r.key, Number(r.id)]));
  for (const name of names) {
    if (ids.has(name.toLowerCase())) continue;
    const [id = 0] = await nextIds(tx, 'brands', 1);
    await tx.execute(sql`insert into brands (id, code, name, text)
      values (${id}, ${`${slug(name, 'brand')}-${id}`}, ${name}, '')`);
    ids.set(name.toLowerCase(), id);
  }
  return ids;
}
