import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { inject } from 'vitest';
import { readSettings } from '../../config/settings';
import { type Database, openDatabase } from '../../db/client';
import type { Services } from '../../domain/services';
import type { OutboxSender } from '../../server/outbox/sender';
import type { PushHub } from '../../server/push/hub';
import { createShopApp } from '../../server/shop';
import { withDatabase } from './global-setup';

export interface TestApp {
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** The app's own fetch handler, for a real Node server in front of it (`server/listen.ts`), with its bindings. */
  handler(request: Request, env?: unknown): Response | Promise<Response>;
  database: Database;
  /** On PostgreSQL, the address of the app's own database (another app may open it too). */
  databaseUrl?: string;
  dataDir: string;
  /**
   * The shop's outbox sender, not polling: `outbox.deliver()` sends what is due now, by default as files under
   * `dataDir/outbox/` (read them with `readOutbox`).
   */
  outbox: OutboxSender;
  /** The app's route table (Hono's), for tests that walk every route of a kind. */
  routes: readonly { method: string; path: string; handler: unknown }[];
  /** The shop's services, for what no request starts (the timers' jobs). */
  services: Services;
  push: PushHub;
  /** Readiness, metrics and the facet index's load, as `server/main.ts` drives them (issue 45). */
  ops: Pick<Awaited<ReturnType<typeof createShopApp>>, 'readiness' | 'metrics' | 'warmIndex'>;
  close(): Promise<void>;
}

/** The test shop's `SITE_URL`: a browser on its pages sends it as the `Origin` of a form post. */
export const SHOP_ORIGIN = 'http://shop.test';

/** The whole Hono app on a fresh copy of the seeded test database, with its own data folder. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { logger?: pino.Logger; clock?: () => Date /** PostgreSQL: the app's pool (10). */; poolSize?: number } = {},
): Promise<TestApp> {
  const template = inject('dbTemplate');
  let database: Database;
  let dropCopy = async () => {};
  let databaseUrl: string | undefined;
  if (template.kind === 'postgres') {
    const copy = `${template.name}_${randomBytes(4).toString('hex')}`;
    const admin = await openDatabase({ databaseUrl: template.url, poolSize: 1 });
    await admin.db.execute(`create database "${copy}" template "${template.name}"`);
    databaseUrl = withDatabase(template.url, copy);
    database = await openDatabase({ databaseUrl, poolSize: options.poolSize ?? 10 });
    dropCopy = async () => {
      await admin.db.execute(`drop database if exists "${copy}" with (force)`);
      await admin.close();
    };
  } else {
    // PGLITE_THREAD=1: the shop's own path, PGlite on a worker thread behind the pg driver (slower to start).
    database = await openDatabase({
      loadDataDir: new Blob([readFileSync(template.dumpFile)]),
      offThread: process.env.PGLITE_THREAD === '1',
    });
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-data-'));
  // Every test visitor comes from one address: the new-session, account-letter and promo-try limits are lifted unless
  // a test sets them.
  const settings = readSettings({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SITE_URL: SHOP_ORIGIN,
    NEW_SESSIONS_PER_CLIENT: '1000000',
    ACCOUNT_LETTERS_PER_CLIENT: '1000000',
    PROMO_TRIES_PER_CLIENT: '1000000',
    // Sizes of an uploaded photo are made on request here, not by a background outliving the test's data folder
    // (server/images/photo-sizes.test.ts tests the background).
    PHOTO_SIZES_AHEAD: 'off',
    // The test shop's address is not a local one: its test gateway is chosen as a live shop would have to choose it.
    PAYMENT_PROVIDER: 'test',
    // Likewise the test carrier (issue 42.4): chosen explicitly, as a live shop on a public address would have to.
    DELIVERY_PROVIDER: 'test',
    ...env,
  });
  const { app, outbox, services, push, stopListening, readiness, metrics, warmIndex } = await createShopApp({
    settings,
    database,
    secret: 'test-secret',
    logger: options.logger ?? pino({ level: process.env.TEST_LOG ?? 'silent' }),
    clock: options.clock,
  });
  return {
    fetch: (p, init) => Promise.resolve(app.fetch(new Request(new URL(p, SHOP_ORIGIN), init))),
    handler: (request, env) => app.fetch(request, env),
    routes: app.routes,
    database,
    databaseUrl,
    dataDir,
    outbox,
    services,
    push,
    ops: { readiness, metrics, warmIndex },
    async close() {
      metrics.close();
      await push.close();
      await stopListening();
      await outbox.stop();
      await database.close();
      await dropCopy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser-like visitor: keeps the session cookie and knows the page's sessid. */
export interface Visitor {
  cookie: string;
  sessid: string;
  get(path: string, init?: RequestInit): Promise<Response>;
  post(
    path: string,
    fields: Record<string, string | number>,
    init?: { json?: boolean; sessid?: string | null },
  ): Promise<Response>;
}

export async function newVisitor(app: TestApp): Promise<Visitor> {
  // As a browser does after its first page: the visitor state call gives the session cookie and the sessid.
  const first = await app.fetch('/api/v2/user/state/');
  const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const { data } = (await first.json()) as { data: { sessid: string } };
  const visitor: Visitor = {
    cookie,
    sessid: data.sessid,
    get: (p, init) => app.fetch(p, { ...init, headers: { cookie, ...(init?.headers as Record<string, string>) } }),
    post(p, fields, opts = {}) {
      const sessid = opts.sessid === undefined ? visitor.sessid : opts.sessid;
      const all: Record<string, string> = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
      if (sessid !== null) all.sessid = sessid;
      return app.fetch(p, {
        method: 'POST',
        headers: { cookie, 'content-type': opts.json ? 'application/json' : 'application/x-www-form-urlencoded' },
        body: opts.json ? JSON.stringify(all) : new URLSearchParams(all).toString(),
      });
    },
  };
  return visitor;
}
