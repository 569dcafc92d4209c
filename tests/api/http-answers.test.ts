import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { PAGE_CACHE_CONTROL } from '../../contract/cache-policy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { listen } from '../../server/listen';
import { offerFacts } from '../support/basket-offers';
import { createTestApp, newVisitor, type TestApp } from '../support/test-app';

let app: TestApp;
let server: ReturnType<typeof listen>;
let port: number;

beforeAll(async () => {
  app = await createTestApp();
  server = listen({ fetch: app.handler }, { port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.close();
  await app.close();
});

/** Sends raw bytes and answers the head of the reply, its body and whether the server closed the connection. */
async function raw(text: string) {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk.toString('latin1');
  });
  socket.on('error', () => {});
  socket.write(text);
  const closed = await Promise.race([
    once(socket, 'close').then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3_000)),
  ]);
  socket.destroy();
  const end = answer.indexOf('\r\n\r\n');
  return {
    head: end < 0 ? answer : answer.slice(0, end),
    body: Buffer.from(end < 0 ? '' : answer.slice(end + 4), 'latin1'),
    closed,
  };
}

describe('answers a client can trust', () => {
  it('says Connection: close on a 413 whose socket the server closes', async () => {
    const body = 'a=b&'.repeat(70_000);
    const { head, closed } = await raw(
      `POST /api/v2/event/set/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head).toMatch(/^Connection: close$/im);
    expect(closed).toBe(true);
  });

  it('says Connection: close on a 431 for headers too large', async () => {
    const { head, closed } = await raw(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/^Connection: close$/im);
    expect(closed).toBe(true);
  });

  it('sends pages as UTF-8 with a script policy that needs this answer’s nonce, and every script carries it', async () => {
    const res = await app.fetch('/');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy') ?? '';
    const nonce = csp.match(/script-src 'self' 'nonce-([\w+/=]+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp.match(/script-src [^;]*/)?.[0]).not.toContain('unsafe-inline');
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
    const executable = scripts.filter((attrs) => !/type="application\/(ld\+)?json"/.test(attrs));
    expect(executable.length).toBeGreaterThan(0);
    for (const attrs of executable) expect(attrs).toContain(`nonce="${nonce}"`);
    // A page kept by the page cache keeps its render's nonce (decision 0017); one rendered per visitor, a new one
    // each time.
    const policyOf = async (path: string) => (await app.fetch(path)).headers.get('content-security-policy');
    expect(await policyOf('/')).toBe(csp);
    expect(await policyOf('/basket/')).not.toBe(await policyOf('/basket/'));
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('sends a rendered page whole, with its length, instead of in chunks', async () => {
    // The basket is rendered for each visitor, never taken from the page cache.
    const { head } = await raw('GET /basket/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(Number(head.match(/^Content-Length: (\d+)$/im)?.[1])).toBeGreaterThan(10_000);
    expect(head).not.toMatch(/^Transfer-Encoding:/im);
  });

  it('sends a compressed API answer whole, with its length, and a policy that lets nothing in it load or run', async () => {
    const v = await newVisitor(app);
    const offers = (await offerFacts(app.database.db)).filter((o) => o.online >= 1 && !o.restricted).slice(0, 4);
    for (const o of offers) expect((await v.post('/api/v2/sale/basket/add/', { offerId: o.id })).status).toBe(200);
    const body = `sessid=${encodeURIComponent(v.sessid)}`;
    const { head, body: bytes } = await raw(
      `POST /api/v2/sale/basket/state/ HTTP/1.1\r\nHost: x\r\nCookie: ${v.cookie}\r\nAccept-Encoding: gzip, br\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head).toMatch(/^Content-Encoding: br$/im);
    expect(head).not.toMatch(/^Transfer-Encoding:/im);
    expect(Number(head.match(/^Content-Length: (\d+)$/im)?.[1])).toBe(bytes.length);
    const answer = JSON.parse(brotliDecompressSync(bytes).toString('utf8'));
    expect(answer.data.basket.available).toHaveLength(offers.length);
    expect(head).toMatch(/^Content-Security-Policy: default-src 'none'; frame-ancestors 'none'$/im);
    expect(head).toMatch(/^X-Content-Type-Options: nosniff$/im);
  });

  it('sends text answers with their charset', async () => {
    for (const path of ['/robots.txt', '/sitemap.xml']) {
      expect((await app.fetch(path)).headers.get('content-type')).toMatch(/; charset=utf-8$/i);
    }
    const v = await newVisitor(app);
    expect((await v.get('/api/v2/user/state/')).headers.get('content-type')).toMatch(
      /^application\/json; charset=utf-8$/i,
    );
    const html = await (await v.get('/')).text();
    const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0] as string;
    expect((await v.get(asset)).headers.get('content-type')).toMatch(/javascript; charset=utf-8$/i);
  });
});

describe('forms read from the socket', () => {
  it('reads a form from the request stream: its fields, a repeated one refused, a streamed body over the limit 413', async () => {
    const v = await newVisitor(app);
    const [offer] = (await offerFacts(app.database.db)).filter((o) => o.online >= 2 && !o.restricted);
    const post = (body: string) =>
      fetch(`http://127.0.0.1:${port}/api/v2/sale/basket/add/`, {
        method: 'POST',
        headers: { cookie: v.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    const added = await post(`sessid=${encodeURIComponent(v.sessid)}&offerId=${offer?.id}&quantity=2`);
    expect(added.status).toBe(200);
    const { data } = (await added.json()) as {
      data: { basket: { available: { offer: { id: number }; quantity: number }[] } };
    };
    expect(data.basket.available.map((l) => [l.offer.id, l.quantity])).toEqual([[offer?.id, 2]]);
    const twice = await post(`sessid=${encodeURIComponent(v.sessid)}&offerId=${offer?.id}&offerId=1`);
    expect(twice.status).toBe(400);
    expect(JSON.stringify(await twice.json())).toContain('DUPLICATE_FIELD');
    // Chunked, with no length declared: counted as it comes and cut off at the limit.
    const chunk = 'a=b&'.repeat(20_000);
    const chunks = Array.from({ length: 5 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('');
    const { head } = await raw(
      `POST /api/v2/sale/basket/add/ HTTP/1.1\r\nHost: x\r\nCookie: ${v.cookie}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n${chunks}0\r\n\r\n`,
    );
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
  });
});

describe('errors of pages', () => {
  it('are logged through the app logger with the request id, and the shopper gets the styled error page', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const broken = await createTestApp({}, { logger });
    // The menu and the cities are read (and kept) first; then the database goes away, and a product page's loader fails.
    expect((await broken.fetch('/')).status).toBe(200);
    await broken.database.close();
    const res = await broken.fetch('/product/no-such-coat/', { headers: { 'x-request-id': 'req-loader-1' } });
    expect(res.status).toBe(500);
    expect(await res.text()).toContain('Что-то пошло не так');
    expect(lines).toContainEqual(expect.objectContaining({ requestId: 'req-loader-1', msg: 'page loader error' }));
    await broken.close().catch(() => {});
  });
});

describe('caching headers (issue 13.3)', () => {
  it('lets a browser and a shared cache keep a public page only to check it again, never the visitor’s own lines', async () => {
    const v = await newVisitor(app);
    const home = await v.get('/');
    expect(home.headers.get('cache-control')).toBe(PAGE_CACHE_CONTROL.public);
    expect(home.headers.get('vary')).toMatch(/Cookie/);
    expect(home.headers.get('etag')).toMatch(/^W\/"/);
    for (const path of ['/basket/', '/lk/like/', '/basket.data']) {
      const res = await v.get(path);
      expect([path, res.headers.get('cache-control')]).toEqual([path, 'private, no-store']);
    }
    // A first visit that gets its session cookie: never stored.
    const fresh = await app.fetch('/api/v2/user/state/');
    expect(fresh.headers.get('set-cookie')).toMatch(/^SHOPSID=/);
    expect(fresh.headers.get('cache-control')).toMatch(/no-store/);
    const page = await app.fetch('/basket/');
    expect(page.headers.get('cache-control')).toBe('private, no-store');
  });

  it('keeps built assets for a year and API answers not at all', async () => {
    const v = await newVisitor(app);
    expect((await v.get('/api/v2/user/state/')).headers.get('cache-control')).toMatch(/no-store/);
    const html = await (await v.get('/catalog/women/')).text();
    const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const res = await v.get(asset as string);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
  });
});
