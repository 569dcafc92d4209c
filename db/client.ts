import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { startPgliteThread } from './pglite-thread';
import { timeQueries } from './query-timing';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The driver's pool, where there is one (PostgreSQL, PGlite on its thread): the metrics read its use. */
  pool?: pg.Pool;
  /** Applies the committed migrations; safe to call from several processes at once on PostgreSQL. */
  migrate(): Promise<void>;
  /** Runs `fn` while holding a database-wide lock, so one process seeds while others wait. */
  withLock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Calls `onMessage` with the payload of every `NOTIFY` on `channel`, from any process on the database; on
   * PostgreSQL a connection of its own that reconnects after a drop, and calls `onGap` once it has: what was sent
   * in between is lost. Answers the stop.
   */
  listen(channel: string, onMessage: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
  /** The embedded database only: copies its data folder's files into `target`, consistent, while it runs (45.4). */
  copyDataDir?(target: string): Promise<void>;
  close(): Promise<void>;
}

/** Sends `payload` to every listener of `channel` (all processes), when the current transaction commits. */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const LOCK_KEY = 20261121;

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite folder; `memory://` keeps it in memory. */
  dataDir?: string;
  /** A PGlite data-dir dump to start from (tests start from a migrated, seeded template). */
  loadDataDir?: Blob;
  poolSize?: number;
  /**
   * PGlite on a worker thread, reached through the `pg` driver, so that its queries never stall the shop's event
   * loop (decision 0024). The shop always runs it so; tests keep it in-process, where starting is faster.
   */
  offThread?: boolean;
}

/** The database the settings name: PostgreSQL at `DATABASE_URL`, else the embedded one under `DATA_DIR/pglite`. */
export function openConfiguredDatabase(settings: { DATABASE_URL?: string; DATA_DIR: string }): Promise<Database> {
  return openDatabase({
    databaseUrl: settings.DATABASE_URL,
    dataDir: path.join(path.resolve(settings.DATA_DIR), 'pglite'),
    offThread: true,
  });
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  return options.offThread ? openPgliteThread(dataDir, options.loadDataDir) : openPglite(dataDir, options.loadDataDir);
}

async function openPgliteThread(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  const thread = await startPgliteThread({ dataDir, loadDataDir });
  return {
    db: drizzlePg(thread.pool, { schema }) as unknown as Db,
    kind: 'pglite',
    pool: thread.pool,
    migrate: () => migratePg(drizzlePg(thread.pool), { migrationsFolder }),
    // One process owns a PGlite database, so there is nobody to lock out.
    withLock: (fn) => fn(),
    listen: thread.listen,
    copyDataDir: thread.copyDataDir,
    close: thread.close,
  };
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  const client = new PGlite({
    dataDir,
    loadDataDir,
    extensions: { pg_trgm, unaccent },
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    // One process owns a PGlite database, so there is nobody to lock out.
    withLock: (fn) => fn(),
    async listen(channel, onMessage) {
      const stop = await client.listen(channel, onMessage);
      return async () => stop();
    },
    async copyDataDir(target) {
      await client.exec('checkpoint');
      // Its own dump (the folder may be in memory), unpacked into the files of a data folder.
      const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
      mkdirSync(target, { recursive: true });
      await pipeline(Readable.from([dump]), tar.x({ cwd: target }));
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection can be cut (server restart, dropped database): the pool replaces it; without a listener
  // the error would crash the process.
  pool.on('error', (error) => console.warn(`PostgreSQL: соединение потеряно (${error.message})`));
  timeQueries(pool);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const withLock = async <T>(fn: () => Promise<T>): Promise<T> => {
    const conn = await pool.connect();
    try {
      await conn.query('select pg_advisory_lock($1)', [LOCK_KEY]);
      return await fn();
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {});
      conn.release();
    }
  };
  return {
    db,
    kind: 'postgres',
    pool,
    migrate: () => withLock(() => migratePg(drizzlePg(pool), { migrationsFolder })),
    withLock,
    listen: (channel, onMessage, onGap) => listenPostgres(url, channel, onMessage, onGap),
    close: () => pool.end(),
  };
}

/** A connection outside the pool kept on `LISTEN`; after a drop it connects again every second until stopped. */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onGap?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (m) => {
      if (m.channel === channel) onMessage(m.payload ?? '');
    });
    next.on('error', () => again());
    next.on('end', () => again());
    await next.connect();
    await next.query(`listen "${channel.replace(/"/g, '')}"`);
    client = next;
  };
  const again = () => {
    if (stopped || retry) return;
    client = null;
    retry = setTimeout(() => {
      retry = undefined;
      void connect()
        .then(() => onGap?.())
        .catch(() => again());
    }, 1000);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await (client as pg.Client | null)?.end().catch(() => {});
  };
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

interface Internals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: false,
    ): { execute(): Promise<unknown> };
  };
}
const statementNames = new Map<string, string>();

/**
 * As `queryRows`, as a named prepared statement: PostgreSQL parses and plans it once per connection instead of at
 * every call, which is most of the database's work for the write path's small queries (issue 29.1). For the hot
 * calls only: each distinct text stays prepared on every connection for the connection's life. The name is the
 * text's hash, so one text always has one name. (Drizzle names statements only on its query builders; its session's
 * `prepareQuery` is what `.prepare(name)` calls.)
 */
export async function preparedRows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const { dialect, session } = db as unknown as Internals;
  const built = dialect.sqlToQuery(query);
  let name = statementNames.get(built.sql);
  if (!name) {
    name = `q${createHash('sha1').update(built.sql).digest('hex').slice(0, 20)}`;
    statementNames.set(built.sql, name);
  }
  const result = (await session.prepareQuery(built, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}

/** Raw SQL rows, typed by the caller: both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A timestamp parameter read as timestamptz, the same on both engines. */
export const ts = (d: Date): SQL => sql`${d.toISOString()}::timestamptz`;

/**
 * Whether a query failed on a unique index (`index`, when given): Drizzle wraps the driver's error, whose code is
 * 23505 on PostgreSQL and PGlite alike.
 */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  const outer = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | null;
  const e = (outer?.code ? outer : (outer?.cause ?? outer)) as {
    code?: string;
    constraint?: string;
    message?: string;
  } | null;
  if (e?.code !== '23505') return false;
  return index === undefined || e.constraint === index || (e.message ?? '').includes(index);
}
