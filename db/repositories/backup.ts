import { sql } from 'drizzle-orm';
import { type Db, queryRows, ts } from '../client';

/** Rows a statement of the copy moves: one JSON parameter of a few megabytes. */
const BATCH = 2_000;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The backups' record and the database's own questions of a backup or a restore (issue 45.4). */
export function backupRepository(db: Db) {
  return {
    async record(run: { file: string; bytes: number; engine: string; at: Date }): Promise<void> {
      await db.execute(sql`insert into backup_runs (finished_at, file, bytes, engine)
        values (${ts(run.at)}, ${run.file}, ${run.bytes}, ${run.engine})`);
    },
    /** When the last backup finished, or null. */
    async last(): Promise<Date | null> {
      const [row] = await queryRows<{ at: string | null }>(
        db,
        sql`select max(finished_at)::text as at from backup_runs`,
      );
      return row?.at ? new Date(row.at) : null;
    },
    /** A restore goes only into a database with no table of its own. */
    async empty(): Promise<boolean> {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from information_schema.tables
          where table_schema not in ('pg_catalog', 'information_schema')`,
      );
      return row?.n === 0;
    },
    tables: () => publicTables(db),
  };
}

/** The shop's tables, parents before the tables that refer to them. */
async function publicTables(db: Db): Promise<string[]> {
  const tables = (
    await queryRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((r) => r.name);
  const links = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const link of links) if (link.child === table) visit(link.parent, path);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/**
 * Copies every row of the shop's tables from one database into another migrated to the same schema (the move from
 * the embedded database to PostgreSQL): in one transaction of the target, its own rows removed first (a migration
 * may have inserted defaults), its triggers off while the rows come (they would write stock movements and cache
 * notices for history that is already there), row by row as JSON, then each sequence set past the highest id.
 */
export async function copyTables(from: Db, to: Db, log: (line: string) => void): Promise<Record<string, number>> {
  const tables = await publicTables(from);
  const counts: Record<string, number> = {};
  await to.transaction(async (tx) => {
    for (const table of tables) await tx.execute(sql.raw(`alter table ${ident(table)} disable trigger user`));
    await tx.execute(sql.raw(`truncate ${tables.map(ident).join(', ')} restart identity cascade`));
    for (const table of tables) {
      const columns = (
        await queryRows<{ name: string }>(
          to,
          sql`select column_name as name from information_schema.columns
            where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
            order by ordinal_position`,
        )
      ).map((r) => ident(r.name));
      const list = columns.join(', ');
      let copied = 0;
      for (;;) {
        const [batch] = await queryRows<{ rows: unknown[] | null }>(
          from,
          sql.raw(`select json_agg(t) as rows from (select ${list} from ${ident(table)} order by ${list.split(', ')[0]}
            offset ${copied} limit ${BATCH}) t`),
        );
        const rows = batch?.rows ?? [];
        if (rows.length === 0) break;
        await tx.execute(
          sql`${sql.raw(`insert into ${ident(table)} (${list}) overriding system value select ${list}
            from json_populate_recordset(null::${ident(table)}, `)}${JSON.stringify(rows)}::json)`,
        );
        copied += rows.length;
        if (rows.length < BATCH) break;
      }
      counts[table] = copied;
      if (copied > 0) log(`  ${table}: ${copied}`);
    }
    for (const table of tables) await tx.execute(sql.raw(`alter table ${ident(table)} enable trigger user`));
    const sequences = await queryRows<{ table: string; column: string }>(
      tx as unknown as Db,
      sql`select table_name as table, column_name as column from information_schema.columns
        where table_schema = 'public' and (column_default like 'nextval(%' or is_identity = 'YES')`,
    );
    for (const { table, column } of sequences) {
      await tx.execute(
        sql.raw(`select setval(pg_get_serial_sequence('${ident(table)}', '${column}'),
          coalesce((select max(${ident(column)}) from ${ident(table)}), 0) + 1, false)`),
      );
    }
  });
  return counts;
}
