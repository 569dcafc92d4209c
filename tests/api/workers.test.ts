import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { freePort } from '../../scripts/free-port';
import { shopProcess } from '../support/shop-process';

/**
 * `WORKERS=N npm start` (issue 11.4): N processes answer on one port on PostgreSQL; the embedded database, which
 * serves one process, refuses more than one with a message.
 */
let app: TestApp;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-workers-'));

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const start = (env: Record<string, string>) => shopProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env });

/** The process that answers /healthz, over a new connection each time (the primary hands connections out). */
const healthPid = (port: number) =>
  new Promise<number | null>((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (res) => {
      let body = '';
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => resolve(res.statusCode === 200 ? (JSON.parse(body) as { pid: number }).pid : null));
    });
    req.on('error', () => resolve(null));
  });

it('serves one port from several processes on PostgreSQL, and refuses them on the embedded database', async () => {
  if (app.databaseUrl) {
    const port = await freePort();
    const { shop } = start({ DATABASE_URL: app.databaseUrl, WORKERS: '2', PORT: String(port) });
    try {
      const pids = new Set<number>();
      for (let i = 0; i < 600 && pids.size < 2; i++) {
        const pid = await healthPid(port);
        if (pid === null) await new Promise((r) => setTimeout(r, 100));
        else pids.add(pid);
      }
      expect(pids.size).toBe(2);
      expect(pids.has(shop.pid as number)).toBe(false);
    } finally {
      shop.kill('SIGTERM');
    }
    const [code] = await once(shop, 'exit');
    expect(code).toBe(0);
  } else {
    const { shop, output } = start({ WORKERS: '2', PORT: String(await freePort()) });
    const [code] = await once(shop, 'exit');
    expect(code).toBe(1);
    expect(output()).toContain('встроенная база данных обслуживает один процесс');
  }
}, 120_000);
