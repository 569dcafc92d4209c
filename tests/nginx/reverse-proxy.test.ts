import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../../db/client';
import { freePort } from '../../scripts/free-port';
import { SESSION_COOKIE } from '../../server/http/session';
import { STAFF_COOKIE } from '../../server/http/staff-session';
import { withDatabase } from '../support/global-setup';

/**
 * Issue 45.5: the shipped `deploy/nginx/shop.conf`, with only its «EDIT» lines changed (high ports, a self-signed
 * certificate, the shop's port), run by Debian's nginx in front of a shop on PostgreSQL with `TRUST_PROXY=1`, and
 * used as a browser, 1C, a staff member and an open page would use it. Clients come from 127.0.0.2 and 127.0.0.3, so
 * the shop can be seen telling them apart behind nginx's 127.0.0.1.
 */
const root = path.resolve(import.meta.dirname, '../..');
const HOST = 'shop.example.ru';
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `shop_nginx_${randomBytes(4).toString('hex')}`;
const work = mkdtempSync(path.join(os.tmpdir(), 'shop-nginx-'));
const EXCHANGE = { login: '1c', password: 'обмен-с-1с-2026' };
const OWNER = { email: 'owner@example.ru', password: 'метель-за-окном-42' };
const ADMIN_TOKEN = 'admin-token-0123456789';
let shop: ChildProcess;
let nginx: ChildProcess;
let admin: Database;
let db: Database;
let port = 0;
let ca: Buffer;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** An HTTPS request to nginx as `shop.example.ru`, from `from` (an address of the loopback range). */
function request(
  p: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer | string; from?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port,
        path: p,
        method: init.method ?? 'GET',
        servername: HOST,
        ca,
        localAddress: init.from ?? '127.0.0.2',
        headers: { host: HOST, ...init.headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d) => chunks.push(d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

const json = (a: Answer) => JSON.parse(a.body.toString('utf8'));
const cookieOf = (a: Answer, name: string) =>
  ([a.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${name}=`)) ?? '').split(';')[0] ?? '';

/** A visitor's session and sessid, through nginx. */
async function visitor(from: string) {
  const state = await request('/api/v2/user/state/', { from });
  return { cookie: cookieOf(state, SESSION_COOKIE), sessid: json(state).data.sessid as string };
}

async function until(what: () => Promise<boolean>, ms: number, label: () => string) {
  const end = Date.now() + ms;
  while (!(await what().catch(() => false))) {
    if (Date.now() > end) throw new Error(`не дождался: ${label()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  admin = await openDatabase({ databaseUrl: url, poolSize: 1 });
  await admin.db.execute(`create database "${name}"`);
  const shopPort = await freePort();
  port = await freePort();
  const plain = await freePort();
  let output = '';
  shop = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(shopPort),
      DATA_DIR: path.join(work, 'data'),
      DATABASE_URL: withDatabase(url, name),
      WORKERS: '1',
      SEED_PRODUCTS: '20',
      SITE_URL: `https://${HOST}`,
      TRUST_PROXY: '1',
      WRITE_LIMIT_PER_CLIENT: '3',
      EXCHANGE_LOGIN: EXCHANGE.login,
      EXCHANGE_PASSWORD: EXCHANGE.password,
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      ADMIN_TOKEN,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  shop.stdout?.on('data', (d) => {
    output += d;
  });
  shop.stderr?.on('data', (d) => {
    output += d;
  });

  // A self-signed certificate for shop.example.ru, and the shipped site with its EDIT lines set for this machine.
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${HOST}`,
      '-addext',
      `subjectAltName=DNS:${HOST}`,
      '-keyout',
      path.join(work, 'key.pem'),
      '-out',
      path.join(work, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  ca = readFileSync(path.join(work, 'cert.pem'));
  const site = readFileSync(path.join(root, 'deploy/nginx/shop.conf'), 'utf8')
    .replace('server 127.0.0.1:3000', `server 127.0.0.1:${shopPort}`)
    .replace(/listen 80;/, `listen 127.0.0.1:${plain};`)
    .replace(/\n\s*listen \[::\]:80;.*/, '')
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${port} ssl http2;`)
    .replace(/\n\s*listen \[::\]:443 ssl http2;.*/, '')
    .replace(/ssl_certificate \S+;/, `ssl_certificate ${path.join(work, 'cert.pem')};`)
    .replace(/ssl_certificate_key \S+;/, `ssl_certificate_key ${path.join(work, 'key.pem')};`);
  mkdirSync(path.join(work, 'nginx', 'logs'), { recursive: true });
  writeFileSync(path.join(work, 'nginx', 'site.conf'), site);
  // The frame Debian's /etc/nginx/nginx.conf gives a site, in the test's own folder and as this user.
  writeFileSync(
    path.join(work, 'nginx', 'nginx.conf'),
    `worker_processes 1;
pid ${path.join(work, 'nginx', 'nginx.pid')};
error_log ${path.join(work, 'nginx', 'logs', 'error.log')} warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${path.join(work, 'nginx', 'logs', 'access.log')};
  client_body_temp_path ${path.join(work, 'nginx', 'body')};
  proxy_temp_path ${path.join(work, 'nginx', 'proxy')};
  fastcgi_temp_path ${path.join(work, 'nginx', 'fastcgi')};
  uwsgi_temp_path ${path.join(work, 'nginx', 'uwsgi')};
  scgi_temp_path ${path.join(work, 'nginx', 'scgi')};
  sendfile on;
  include ${path.join(work, 'nginx', 'site.conf')};
}
`,
  );
  const conf = path.join(work, 'nginx', 'nginx.conf');
  const own = ['-c', conf, '-p', path.join(work, 'nginx'), '-e', path.join(work, 'nginx', 'logs', 'error.log')];
  execFileSync('nginx', ['-t', '-q', ...own]);
  nginx = spawn('nginx', [...own, '-g', 'daemon off;'], { stdio: 'ignore' });
  await until(
    async () => (await fetch(`http://127.0.0.1:${shopPort}/readyz`)).status === 200,
    120_000,
    () => output.slice(-2000),
  );
  db = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 1 });
}, 180_000);

afterAll(async () => {
  nginx?.kill('SIGQUIT');
  shop?.kill('SIGTERM');
  await Promise.all([nginx, shop].map((p) => p && p.exitCode === null && new Promise((r) => p.once('exit', r))));
  await db?.close();
  await admin?.db.execute(`drop database if exists "${name}" with (force)`);
  await admin?.close();
  rmSync(work, { recursive: true, force: true });
});

it('serves a page over HTTPS and HTTP/2, compressed, with immutable assets', async () => {
  const page = await request('/', { headers: { 'accept-encoding': 'gzip' } });
  expect(page.status).toBe(200);
  expect(page.headers['content-encoding']).toBe('gzip');
  expect(page.headers['strict-transport-security']).toContain('max-age=');
  const html = (await import('node:zlib')).gunzipSync(page.body).toString('utf8');
  expect(html).toContain('<html lang="ru"');
  const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0] as string;
  const script = await request(asset);
  expect(script.status).toBe(200);
  expect(String(script.headers['cache-control'])).toContain('immutable');

  const session = http2.connect(`https://127.0.0.1:${port}`, { servername: HOST, ca });
  const status = await new Promise<number>((resolve, reject) => {
    const stream = session.request({ ':path': '/healthz', ':authority': HOST });
    stream.on('response', (headers) => resolve(Number(headers[':status'])));
    stream.on('error', reject);
    stream.end();
  });
  session.close();
  expect(status).toBe(200);
  expect((await request('/metrics')).status).toBe(404);
});

it('adds to cart with the client address the rate limits and consent records see', async () => {
  const [offer] = await queryRows<{ id: number }>(
    db.db,
    sql`select s.offer_id as id from stock s join stores st on st.id = s.store_id
      where st.type = 'online' and s.quantity > 0 order by 1 limit 1`,
  );
  const add = async (from: string, forwarded?: string) => {
    const v = await visitor(from);
    return request('/api/v2/sale/basket/add/', {
      method: 'POST',
      from,
      headers: {
        cookie: v.cookie,
        'content-type': 'application/x-www-form-urlencoded',
        ...(forwarded ? { 'x-forwarded-for': forwarded } : {}),
      },
      body: new URLSearchParams({ sessid: v.sessid, offerId: String(offer?.id) }).toString(),
    });
  };
  // WRITE_LIMIT_PER_CLIENT=3: a client that says it is someone else is still itself.
  for (let i = 0; i < 3; i++) expect((await add('127.0.0.2', `10.0.0.${i}`)).status).toBe(200);
  expect((await add('127.0.0.2', '10.0.0.9')).status).toBe(429);
  expect((await add('127.0.0.3')).status).toBe(200);

  const v = await visitor('127.0.0.3');
  const subscribed = await request('/api/v2/user/subscribe/sign/', {
    method: 'POST',
    from: '127.0.0.3',
    headers: { cookie: v.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ sessid: v.sessid, email: 'nginx@example.ru', licenses_subscribe: 'Y' }).toString(),
  });
  expect(subscribed.status).toBe(200);
  const consents = await queryRows<{ client: string }>(
    db.db,
    sql`select client from consents where subject = 'nginx@example.ru'`,
  );
  expect(consents.map((c) => c.client)).toEqual(['127.0.0.3']);
});

it('passes 1C its Basic login and an 8 MB exchange chunk', async () => {
  const basic = `Basic ${Buffer.from(`${EXCHANGE.login}:${EXCHANGE.password}`).toString('base64')}`;
  const auth = await request('/bitrix/admin/1c_exchange.php?type=catalog&mode=checkauth', {
    headers: { authorization: basic },
  });
  expect(auth.body.toString('utf8').split('\n')[0]).toBe('success');
  const [, cookieName, cookieValue] = auth.body.toString('utf8').split('\n');
  const cookie = `${cookieName?.trim()}=${cookieValue?.trim()}`;
  const init = await request('/bitrix/admin/1c_exchange.php?type=catalog&mode=init', { headers: { cookie } });
  expect(init.body.toString('utf8')).toContain('file_limit=8388608');
  const chunk = await request('/bitrix/admin/1c_exchange.php?type=catalog&mode=file&filename=import.xml', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/octet-stream' },
    body: Buffer.alloc(8 * 1024 * 1024, 0x20),
  });
  expect(chunk.status).toBe(200);
  expect(chunk.body.toString('utf8').split('\n')[0]).toBe('success');
});

it('takes a back-office photo upload of several megabytes', async () => {
  const v = await visitor('127.0.0.4');
  const login = await request('/api/v2/admin/auth/login/', {
    method: 'POST',
    from: '127.0.0.4',
    headers: { cookie: v.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ sessid: v.sessid, ...OWNER }),
  });
  expect(login.status).toBe(200);
  const staff = cookieOf(login, STAFF_COOKIE);
  const [product] = await queryRows<{ id: number }>(db.db, sql`select id from products order by id limit 1`);
  const noise = Buffer.from(Array.from({ length: 1400 * 1400 * 3 }, () => Math.floor(Math.random() * 256)));
  const photo = await sharp(noise, { raw: { width: 1400, height: 1400, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer();
  expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
  const form = new FormData();
  form.set('sessid', v.sessid);
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'big.jpg');
  const body = new Request('http://x/', { method: 'POST', body: form });
  const upload = await request(`/api/v2/admin/products/${product?.id}/photos/`, {
    method: 'POST',
    from: '127.0.0.4',
    headers: {
      cookie: `${v.cookie}; ${staff}`,
      origin: `https://${HOST}`,
      'content-type': body.headers.get('content-type') as string,
    },
    body: Buffer.from(await body.arrayBuffer()),
  });
  expect(upload.status, upload.body.toString('utf8').slice(0, 300)).toBe(200);
  expect(json(upload).data.photos.length).toBeGreaterThan(0);
});

it('streams the reload command to an open page at once', async () => {
  const v = await visitor('127.0.0.5');
  const events: string[] = [];
  const stream = https.request({
    host: '127.0.0.1',
    port,
    path: '/api/v2/push/',
    servername: HOST,
    ca,
    localAddress: '127.0.0.5',
    headers: { host: HOST, cookie: v.cookie, accept: 'text/event-stream' },
    agent: false,
  });
  const opened = new Promise<void>((resolve) =>
    stream.on('response', (res) => {
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        events.push(d);
        if (d.includes('ready')) resolve();
      });
    }),
  );
  stream.end();
  await opened;
  const sent = Date.now();
  const command = await request('/api/v2/admin/reload-pages/', {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(command.status).toBe(200);
  await until(
    async () => events.join('').includes('COMMAND_NEED_RELOAD'),
    5_000,
    () => events.join(''),
  );
  expect(Date.now() - sent).toBeLessThan(2_000);
  stream.destroy();
});
