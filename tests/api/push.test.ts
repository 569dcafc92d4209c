import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API } from '../../contract/api';
import { RELOAD_COMMAND } from '../../domain/push/commands';
import { listen } from '../../server/listen';
import { createPushHub } from '../../server/push/hub';
import { createTestApp, type TestApp } from '../support/test-app';

const TOKEN = 'operator-token-for-tests';
let app: TestApp;
let locked: TestApp;
beforeAll(async () => {
  [app, locked] = await Promise.all([createTestApp({ ADMIN_TOKEN: TOKEN }), createTestApp()]);
});
afterAll(() => Promise.all([app.close(), locked.close()]));

const reloadPages = (target: TestApp, authorization?: string) =>
  target.fetch(ADMIN_API.reloadPages, {
    method: 'POST',
    headers: authorization ? { authorization } : {},
  });

/** Reads a push stream until `text` has arrived; fails after `ms`. */
async function readUntil(body: ReadableStream<Uint8Array>, text: string, ms = 5000): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let got = '';
  const deadline = setTimeout(() => void reader.cancel(), ms);
  try {
    while (!got.includes(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      got += decoder.decode(value, { stream: true });
    }
  } finally {
    clearTimeout(deadline);
    reader.releaseLock();
  }
  return got;
}

describe('the push channel (spec §4 COMMAND_NEED_RELOAD)', () => {
  it('streams events to an open page and the operator’s reload command reaches it', async () => {
    const page = await app.fetch(API.push);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/event-stream');
    expect(page.headers.get('content-encoding')).toBeNull();
    const body = page.body as ReadableStream<Uint8Array>;
    expect(await readUntil(body, 'event: ready')).toContain('retry: 3000');
    await expect.poll(() => app.push.size()).toBe(1);
    const sent = await reloadPages(app, `Bearer ${TOKEN}`);
    expect(sent.status).toBe(200);
    expect((await sent.json()).data).toEqual({ command: RELOAD_COMMAND, pages: 1 });
    expect(await readUntil(body, RELOAD_COMMAND)).toContain(`event: command\ndata: ${RELOAD_COMMAND}`);
    await body.cancel();
    await expect.poll(() => app.push.size()).toBe(0);
  });

  it('refuses the command without the operator’s token, and always when the shop has none', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await reloadPages(app, authorization);
      expect(res.status).toBe(401);
      expect((await res.json()).errors[0].message).toBe('Нужен токен оператора: Authorization: Bearer …');
    }
    const res = await reloadPages(locked, `Bearer ${TOKEN}`);
    expect(res.status).toBe(403);
    expect((await res.json()).errors[0].message).toBe('Команды страницам отключены: не задан ADMIN_TOKEN.');
  });

  it('reaches the pages of another process on the same database', async () => {
    // A second hub with its own LISTEN: what another shop process on this database would have.
    const other = await createPushHub(app.database, pino({ level: 'silent' }));
    const got: string[] = [];
    other.subscribe({ send: (command) => got.push(command), end: () => {} });
    await reloadPages(app, `Bearer ${TOKEN}`);
    await expect.poll(() => got).toEqual([RELOAD_COMMAND]);
    await other.close();
  });

  it('holds 2 000 idle pages in one process and reaches every one of them', async () => {
    const server = listen({ fetch: app.handler }, { port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
    const rssBefore = process.memoryUsage().rss;
    const pages = await Promise.all(
      Array.from(
        { length: 2000 },
        () =>
          new Promise<{ received: Promise<void>; close: () => void }>((resolve, reject) => {
            const req = http.get({ host: '127.0.0.1', port, path: API.push, agent }, (res) => {
              let text = '';
              const received = new Promise<void>((done) => {
                res.on('data', (chunk: Buffer) => {
                  text += chunk.toString();
                  if (text.includes(RELOAD_COMMAND)) done();
                });
              });
              res.once('data', () => resolve({ received, close: () => req.destroy() }));
            });
            req.on('error', reject);
          }),
      ),
    );
    await expect.poll(() => app.push.size()).toBe(2000);
    const grewMiB = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
    // Both ends of 2 000 connections live in this test process; a few tens of KiB each is the expected cost.
    expect(grewMiB).toBeLessThan(300);
    await reloadPages(app, `Bearer ${TOKEN}`);
    await Promise.all(pages.map((p) => p.received));
    for (const p of pages) p.close();
    await expect.poll(() => app.push.size(), { timeout: 10_000 }).toBe(0);
    await new Promise((r) => server.close(r));
  });
});
