import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareDatabase } from '../../../db/bootstrap';
import { type Db, openDatabase } from '../../../db/client';
import { E2E_OWNER } from './staff';

const root = path.resolve(import.meta.dirname, '../../..');

export interface OwnShop {
  url: string;
  /** Its DATA_DIR: the embedded database, the photos, the outbox. */
  dataDir: string;
  /** Stops the shop and starts it again on the same data, as a deploy does; resolves once it answers. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A shop of the test's own, started as `npm start` starts it (scripts/start.ts) on a fresh embedded database seeded
 * with a small demo catalogue; `prepare` may add rows before it starts. The run's shared shop keeps its embedded
 * database inside its process, so a test that needs other data, or writes much, starts its own.
 */
export async function ownShop(options: {
  env?: Record<string, string>;
  prepare?: (db: Db) => Promise<void>;
}): Promise<OwnShop> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-own-'));
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  await prepareDatabase(database, { seed: 1, products: 40, log: () => {} });
  await options.prepare?.(database.db);
  await database.close();

  // 3800–4039: apart from the run's shop (global-setup.ts) and below 4045, a port browsers refuse (ERR_UNSAFE_PORT).
  const port = 3800 + Math.floor(Math.random() * 240);
  const url = `http://127.0.0.1:${port}`;
  const start = async (): Promise<ChildProcess> => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        SITE_URL: url,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: E2E_OWNER.email,
        ADMIN_PASSWORD: E2E_OWNER.password,
        ...options.env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const deadline = Date.now() + 170_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the shop exited with code ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('the shop did not start');
      const ok = await fetch(`${url}/healthz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return child;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const halt = async (process: ChildProcess) => {
    process.kill('SIGTERM');
    if (process.exitCode === null) await new Promise((r) => process.once('exit', r));
  };
  let child = await start();
  return {
    url,
    dataDir,
    async restart() {
      await halt(child);
      child = await start();
    },
    async stop() {
      await halt(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
