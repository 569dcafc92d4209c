import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { freePort } from '../../scripts/free-port';
import { shopProcess } from '../support/shop-process';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 45.3 on a real process: SIGTERM while a request is in flight. The shop says it is stopping (or takes no new
 * connection), lets that request finish with its answer, and exits 0.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-drain-'));
let shop: ChildProcess | undefined;
let app: TestApp | undefined;

afterAll(async () => {
  if (shop && shop.exitCode === null) shop.kill('SIGKILL');
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** A request on a connection of its own; its body is sent by the caller, so it may stay in flight as long as wanted. */
function open(port: number, p: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  let request!: http.ClientRequest;
  const answer = new Promise<Answer>((resolve, reject) => {
    request = http.request(
      { host: '127.0.0.1', port, path: p, method: init.method ?? 'GET', headers: init.headers, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
        res.on('error', reject);
      },
    );
    request.on('error', reject);
  });
  // Awaited later: a connection cut meanwhile fails the test there, not as an unhandled rejection.
  answer.catch(() => {});
  return { request, answer };
}

const get = (port: number, p: string, headers: Record<string, string> = {}) => {
  const { request, answer } = open(port, p, { headers });
  request.end();
  return answer;
};

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('finishes the request in flight at SIGTERM, refuses new work meanwhile, and exits 0', async () => {
  // On PostgreSQL, a copy of the seeded test database; on the embedded one, the shop's own in its data folder.
  if (process.env.DATABASE_URL) app = await createTestApp();
  const databaseUrl = app?.databaseUrl;
  const port = await freePort();
  const started = shopProcess({
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_PRODUCTS: '10',
    LOG_LEVEL: 'warn',
    SHUTDOWN_SECONDS: '10',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  shop = started.shop;
  const { output } = started;
  const exited = once(shop, 'exit');

  for (let tries = 0; ; tries++) {
    const ready = await get(port, '/readyz').catch(() => null);
    if (ready?.status === 200) break;
    if (tries > 300 || shop.exitCode !== null) throw new Error(`магазин не стал готов: ${output().slice(-2000)}`);
    await pause(100);
  }

  // A visitor's session, then a form post whose body is still coming when the signal arrives.
  const state = await get(port, API.userState);
  const cookie = String(state.headers['set-cookie']?.[0] ?? '').split(';')[0] as string;
  const sessid = JSON.parse(state.body).data.sessid as string;
  const body = new URLSearchParams({ method: 'event.set', event1: 'stop-test', sessid }).toString();
  const slow = open(port, API.eventSet, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(Buffer.byteLength(body)),
    },
  });
  slow.request.write(body.slice(0, 10));
  // The shop must have read the post's headers before the signal: a connection whose bytes it has not read yet is
  // idle to it, and closed at the stop. An answer on another connection, after a pause, shows its loop has run since.
  await pause(300);
  expect((await get(port, '/healthz')).status).toBe(200);

  const signalled = Date.now();
  shop.kill('SIGTERM');
  // The stop is seen from outside: /readyz says 503, or the port takes no new connection.
  let seen = '';
  for (let tries = 0; !seen && tries < 50; tries++) {
    const ready = await get(port, '/readyz').catch((error: NodeJS.ErrnoException) => error.code ?? 'error');
    if (ready === 'ECONNREFUSED') seen = 'refused';
    else if (typeof ready !== 'string' && ready.status === 503) seen = '503';
    else await pause(50);
  }
  expect(['refused', '503']).toContain(seen);
  expect(shop.exitCode).toBeNull();

  slow.request.end(body.slice(10));
  const answer = await slow.answer;
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.body)).toMatchObject({ status: 'ok' });

  const [code] = await exited;
  expect(code, output().slice(-2000)).toBe(0);
  // Within the bound: the drain waited for the request, not for SHUTDOWN_SECONDS.
  expect(Date.now() - signalled).toBeLessThan(10_000);
}, 120_000);
