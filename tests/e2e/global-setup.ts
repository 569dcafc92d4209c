import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_OWNER } from './support/staff';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The shop's DATA_DIR: its file outbox is under `outbox/`. */
    dataDir: string;
    adminToken: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');
/** The operator's token of the shop under test: the reload command's test sends it. */
const ADMIN_TOKEN = 'e2e-operator-token-2026';

/** Starts the real shop, as `npm start` does, on a fresh embedded database, and stops it after the run. */
export default async function setup(project: TestProject) {
  // 3300–3649: below 3659, a port Chromium and fetch refuse to reach (ERR_UNSAFE_PORT), as they do 4045.
  const port = 3300 + Math.floor(Math.random() * 350);
  const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ADMIN_TOKEN,
      // The run looks at a few dozen of the demo's 1 500 photos: making every size of all of them in the background
      // would take a core for a quarter of an hour of the run (tests/e2e/first-visitor.test.ts has them on).
      PHOTO_SIZES_AHEAD: 'off',
      // Every browser of the run comes from one address and registers many accounts.
      ACCOUNT_LETTERS_PER_CLIENT: '1000',
      // …and asks for more SMS codes in an hour than one shopper's address may (the desk's tests place orders too).
      PHONE_CODES_PER_CLIENT: '1000',
      // The back office's owner, made at start: the staff pages' tests log in as them.
      ADMIN_EMAIL: E2E_OWNER.email,
      ADMIN_PASSWORD: E2E_OWNER.password,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 170_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the shop exited with code ${child.exitCode}`);
    const ok = await fetch(`${baseURL}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
  project.provide('adminToken', ADMIN_TOKEN);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    if (!process.env.E2E_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  };
}
