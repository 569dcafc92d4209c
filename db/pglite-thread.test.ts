import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { afterAll, expect, it } from 'vitest';
import { type Database, notify, openDatabase, queryRows } from './client';

const run = promisify(execFile);

/**
 * The shop's embedded database runs on a worker thread (decision 0024): its queries must not stall the event loop
 * that answers the requests, and through the `pg` driver it must keep what the in-process PGlite gave.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-pglite-thread-'));
const opened: Database[] = [];
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Run as `npm start` runs the shop (node with tsx, in a process of its own): open the configured database, and
 * answer how long about a second of work in it took and the most a 10 ms timer of the process ran late meanwhile.
 */
const probe = `
import { sql } from 'drizzle-orm';
import { openConfiguredDatabase, queryRows } from './db/client.ts';
const database = await openConfiguredDatabase({ DATA_DIR: process.env.DATA_DIR });
let lateMs = 0;
let last = performance.now();
const tick = () => {
  const now = performance.now();
  lateMs = Math.max(lateMs, now - last - 10);
  last = now;
};
const timer = setInterval(tick, 10);
const started = performance.now();
await queryRows(database.db, sql\`select count(*) from generate_series(1, 4000000)\`);
const tookMs = performance.now() - started;
clearInterval(timer);
// A blocked loop runs the answer's continuation before the late timer: count the wait up to now too.
tick();
await database.close();
console.log(JSON.stringify({ kind: database.kind, tookMs, lateMs }));
`;

it("keeps the shop's event loop free while its embedded database works", async () => {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', probe], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, DATA_DIR: dataDir },
  });
  const answer = JSON.parse(stdout) as { kind: string; tookMs: number; lateMs: number };
  expect(answer.kind).toBe('pglite');
  // On the event loop's thread the timer would wait for the whole query: long enough to fail the limit below.
  expect(answer.tookMs).toBeGreaterThan(200);
  expect(answer.lateMs).toBeLessThan(150);
}, 60_000);

it('starts from a dump, queues transactions, rolls back a lost one and notifies on commit', async () => {
  const source = await openDatabase({ dataDir: 'memory://' });
  await source.db.execute(sql`create table counter (n int not null)`);
  await source.db.execute(sql`insert into counter values (0)`);
  const client = (source.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await source.close();

  const database = await openDatabase({ loadDataDir: dump, offThread: true });
  opened.push(database);
  const heard: string[] = [];
  const stop = await database.listen('counted', (payload) => heard.push(payload));
  // Each reads and writes back: with one backend, interleaved transactions would lose increments or deadlock.
  await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      database.db.transaction(async (tx) => {
        const [row] = await queryRows<{ n: number }>(tx, sql`select n from counter`);
        await tx.execute(sql`update counter set n = ${(row?.n ?? 0) + 1}`);
        await notify(tx, 'counted', String(i));
      }),
    ),
  );
  await expect(
    database.db.transaction(async (tx) => {
      await notify(tx, 'counted', 'rolled back');
      throw new Error('откат');
    }),
  ).rejects.toThrow('откат');
  expect(await queryRows(database.db, sql`select n from counter`)).toEqual([{ n: 20 }]);
  // A connection lost mid-transaction (destroyed by the pool after an error): its writes are rolled back, and the
  // next connection finds the backend free.
  const pool = (database.db as unknown as { $client: Pool }).$client;
  const lost = await pool.connect();
  await lost.query('begin');
  await lost.query('update counter set n = 100');
  lost.release(true);
  expect(await queryRows(database.db, sql`select n from counter`)).toEqual([{ n: 20 }]);
  await new Promise((r) => setTimeout(r, 50));
  expect(heard.sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
  await stop();
});

/**
 * As the shop runs it, with its database thread stopped from outside the shop's code (a stand-in for a WASM abort):
 * the probe keeps the thread's `Worker` as it is made, then terminates it.
 */
const crashProbe = `
import module from 'node:module';
import threads from 'node:worker_threads';
const Worker = threads.Worker;
let made;
threads.Worker = class extends Worker {
  constructor(...args) {
    super(...args);
    made = this;
  }
};
module.syncBuiltinESMExports();
const { openConfiguredDatabase } = await import('./db/client.ts');
await openConfiguredDatabase({ DATA_DIR: process.env.DATA_DIR });
console.log('открыта');
await made.terminate();
setTimeout(() => {
  console.log('всё ещё работает');
  process.exit(0);
}, 5000);
`;

it('ends the shop with a message when its database thread stops', async () => {
  const crashed = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', crashProbe], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, DATA_DIR: path.join(dataDir, 'crash') },
  }).then(
    () => null,
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  expect(crashed?.code).toBe(1);
  expect(crashed?.stdout).toBe('открыта\n');
  expect(crashed?.stderr).toContain('Встроенная база данных (PGlite) остановилась, магазин останавливается');
}, 60_000);
