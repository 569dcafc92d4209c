import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import type { PgliteWorkerData } from './pglite-worker';
import { timeQueries } from './query-timing';

/** The shop's side of the embedded database's thread (decision 0024). */
export interface PgliteThread {
  /** A pool of one connection: PGlite has one backend, so requests queue here rather than inside a transaction. */
  pool: pg.Pool;
  /** Calls `onMessage` for each `NOTIFY` on `channel`; answers the stop. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** Copies the data folder's files into `target`, between transactions, while the shop runs. */
  copyDataDir(target: string): Promise<void>;
  close(): Promise<void>;
}

const entry = new URL('./pglite-worker-entry.mjs', import.meta.url);

/**
 * Starts PGlite on a worker thread and connects to it. Should the thread die, the process exits with a message:
 * a shop without its database must not stay half alive.
 */
export async function startPgliteThread(options: { dataDir: string; loadDataDir?: Blob }): Promise<PgliteThread> {
  // A private folder (mode 0700) for the socket: only this user can reach a database that asks no password.
  const socketDir = mkdtempSync(path.join(tmpdir(), 'shop-pglite-'));
  const loadDataDir = await options.loadDataDir?.arrayBuffer();
  const data: PgliteWorkerData = {
    dataDir: options.dataDir,
    loadDataDir,
    socketPath: path.join(socketDir, '.s.PGSQL.5432'),
  };
  const worker = new Worker(entry, {
    // Not the process's flags: its `--import`s (tsx, the bench's probe) fail in a worker; the entry registers tsx.
    execArgv: [],
    workerData: data,
    transferList: loadDataDir ? [loadDataDir] : [],
  });
  let closing = false;
  // The start's own listeners only: `removeAllListeners()` would also drop the Worker's internal ones, after which no
  // message of the thread (a backup's copy) ever arrives.
  const starting: [string, (...args: unknown[]) => void][] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      starting.push(
        ['message', () => resolve()],
        ['error', (error) => reject(error)],
        ['exit', (code) => reject(new Error(`поток завершился с кодом ${code}`))],
      );
      for (const [event, listener] of starting) worker.once(event, listener);
    });
  } catch (error) {
    rmSync(socketDir, { recursive: true, force: true });
    throw new Error(`Встроенная база данных (PGlite) не запустилась: ${(error as Error).message}`);
  }
  for (const [event, listener] of starting) worker.off(event, listener);
  const die = (reason: string) => {
    if (closing) return;
    console.error(`Встроенная база данных (PGlite) остановилась, магазин останавливается: ${reason}`);
    rmSync(socketDir, { recursive: true, force: true });
    process.exit(1);
  };
  worker.on('error', (error) => die(error.message));
  worker.on('exit', (code) => die(`поток завершился с кодом ${code}`));

  // Kept open while idle: a new connection would only repeat the startup on the same backend.
  const pool = new pg.Pool({
    host: socketDir,
    port: 5432,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    idleTimeoutMillis: 0,
  });
  pool.on('error', (error) => console.warn(`PGlite: соединение потеряно (${error.message})`));
  timeQueries(pool);
  // LISTEN belongs to the one backend, whichever connection asked; its notifications arrive on the connection
  // whose query committed them, and the pool has one.
  const listeners = new Map<string, Set<(payload: string) => void>>();
  pool.on('connect', (client) =>
    client.on('notification', (m) => {
      for (const fn of listeners.get(m.channel) ?? []) fn(m.payload ?? '');
    }),
  );
  const quoted = (channel: string) => `"${channel.replace(/"/g, '')}"`;

  return {
    pool,
    async listen(channel, onMessage) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await pool.query(`listen ${quoted(channel)}`);
      }
      set.add(onMessage);
      return async () => {
        set.delete(onMessage);
        if (set.size > 0 || listeners.get(channel) !== set) return;
        listeners.delete(channel);
        await pool.query(`unlisten ${quoted(channel)}`).catch(() => {});
      };
    },
    copyDataDir(target) {
      return new Promise<void>((resolve, reject) => {
        const onMessage = (message: { copied?: string; error?: string | null }) => {
          if (message?.copied !== target) return;
          worker.off('message', onMessage);
          if (message.error) reject(new Error(message.error));
          else resolve();
        };
        worker.on('message', onMessage);
        worker.postMessage({ copy: target });
      });
    },
    async close() {
      if (closing) return;
      closing = true;
      await pool.end();
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('close');
      await exited;
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
