import { type ChildProcess, execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { API, RPC_PATH } from '../../contract/api';
import { type Database, openDatabase, queryRows } from '../../db/client';
import { freePort } from '../../scripts/free-port';
import { newSessionId, signedVisitor } from '../../server/http/session';
import { withDatabase } from '../support/global-setup';
import { shopProcess } from '../support/shop-process';

/**
 * Issue 45.3, as an administrator deploys: two shops start at once on an empty PostgreSQL (the migrations are applied
 * once), then a load of page views, adds to cart and order saves runs through `npm run shop -- reload` of a
 * `WORKERS=2` shop, each request on a new connection as the shipped nginx configuration makes them. Not one request
 * may fail and every order answered must be in the database.
 */
const root = path.resolve(import.meta.dirname, '../..');
const url = process.env.DATABASE_URL as string;
const name = `shop_roll_${randomBytes(4).toString('hex')}`;
const folders: string[] = [];
const shops: ChildProcess[] = [];
let admin: Database;
let db: Database;

afterAll(async () => {
  for (const shop of shops) if (shop.exitCode === null) shop.kill('SIGKILL');
  await db?.close();
  await admin?.db.execute(`drop database if exists "${name}" with (force)`);
  await admin?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

function start(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-roll-'));
  folders.push(dataDir);
  const { shop, output } = shopProcess({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: withDatabase(url, name),
    SEED_PRODUCTS: '40',
    LOG_LEVEL: 'info',
    ORDERS_PER_PHONE_DAY: '100000',
    WRITE_LIMIT_PER_SESSION: '100000',
    WRITE_LIMIT_PER_CLIENT: '100000',
    ...env,
  });
  shops.push(shop);
  return { shop, dataDir, output };
}

interface Answer {
  status: number;
  body: string;
}

/** One request on a connection of its own (`agent: false`), as nginx's default proxying to the shop makes them. */
function request(
  port: number,
  p: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: p, method: init.method ?? 'GET', headers: init.headers, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(20_000, () => req.destroy(new Error('timeout')));
    req.end(init.body);
  });
}

async function until<T>(what: () => Promise<T | null>, ms: number, label: string): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > end) throw new Error(`не дождался: ${label}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const readyPid = (port: number) =>
  request(port, '/readyz').then((a) => (a.status === 200 ? (JSON.parse(a.body) as { pid: number }).pid : null));

const t0 = Date.now();
const mark = (what: string) => console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s: ${what}`);

it('starts two shops at once on an empty database, and loses no request nor order through a rolling reload', async () => {
  admin = await openDatabase({ databaseUrl: url, poolSize: 1 });
  await admin.db.execute(`create database "${name}"`);
  const [port, second, metricsPort] = [await freePort(), await freePort(), await freePort()];
  const a = start({ WORKERS: '2', PORT: String(port), METRICS_PORT: String(metricsPort) });
  const b = start({ WORKERS: '1', PORT: String(second) });
  await until(() => readyPid(port), 90_000, `готовность магазина на ${port}: ${a.output().slice(-2000)}`);
  await until(() => readyPid(second), 90_000, `готовность второго магазина: ${b.output().slice(-2000)}`);

  mark('оба магазина готовы');
  db = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 2 });
  const journal = JSON.parse(readFileSync(path.join(root, 'db/migrations/meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  const [applied] = await queryRows<{ n: number; hashes: number }>(
    db.db,
    sql`select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations`,
  );
  expect(applied).toEqual({ n: journal.entries.length, hashes: journal.entries.length });
  const [seeded] = await queryRows<{ n: number }>(db.db, sql`select count(*)::int as n from products`);
  expect(seeded?.n).toBe(40);
  b.shop.kill('SIGTERM');
  expect((await once(b.shop, 'exit'))[0]).toBe(0);

  // Shoppers with a confirmed phone (the code flow is tested elsewhere), ordering offers with plenty of stock.
  const [secretRow] = await queryRows<{ value: string }>(
    db.db,
    sql`select value from app_secrets where name = 'session'`,
  );
  const offers = await queryRows<{ id: number; url: string }>(
    db.db,
    sql`select o.id, p.url from offers o join products p on p.id = o.product_id
      where not exists (select 1 from offer_restrictions r where r.offer_id = o.id) order by o.id limit 10`,
  );
  await db.db.execute(sql`insert into stock (offer_id, store_id, quantity)
    select o.id, st.id, 100000 from offers o, stores st
    where st.type = 'online' and o.id in ${sql.raw(`(${offers.map((o) => o.id).join(',')})`)}
    on conflict (offer_id, store_id) do update set quantity = excluded.quantity`);
  const shoppers: { cookie: string; sessid: string; phone: string }[] = [];
  for (let i = 0; i < 4; i++) {
    const id = newSessionId();
    const phone = `7977${String(i).padStart(7, '0')}`;
    await db.db.execute(sql`insert into sessions (id, confirmed_phone) values (${id}, ${phone})`);
    shoppers.push({ ...signedVisitor(secretRow?.value as string, id), phone });
  }
  const form = (cookie: string) => ({ cookie, 'content-type': 'application/x-www-form-urlencoded' });
  const first = shoppers[0] as (typeof shoppers)[number];
  const data = await request(port, RPC_PATH, {
    method: 'POST',
    headers: form(first.cookie),
    body: new URLSearchParams({ sessid: first.sessid, method: 'sale.order.data', deliveryType: 'PICKUP' }).toString(),
  });
  const pointId = (JSON.parse(data.body) as { pickupPointList: { id: number }[] }).pickupPointList[0]?.id;
  expect(pointId).toBeGreaterThan(0);

  const failures: string[] = [];
  const placed: number[] = [];
  let requests = 0;
  let running = true;
  const expectOk = async (what: string, answer: Promise<Answer>, ok: (a: Answer) => boolean) => {
    requests++;
    try {
      const a = await answer;
      if (!ok(a)) failures.push(`${what}: ${a.status} ${a.body.slice(0, 200)}`);
      return a;
    } catch (error) {
      failures.push(`${what}: ${(error as Error).message}`);
      return null;
    }
  };
  const shopperLoop = async (s: (typeof shoppers)[number], n: number) => {
    for (let i = 0; running; i++) {
      const offer = offers[(n + i) % offers.length] as { id: number; url: string };
      await expectOk('страница товара', request(port, offer.url), (a) => a.status === 200);
      await expectOk(
        'в корзину',
        request(port, API.basketAdd, {
          method: 'POST',
          headers: form(s.cookie),
          body: new URLSearchParams({ sessid: s.sessid, offerId: String(offer.id) }).toString(),
        }),
        (a) => a.status === 200 && JSON.parse(a.body).status === 'ok',
      );
      const saved = await expectOk(
        'заказ',
        request(port, RPC_PATH, {
          method: 'POST',
          headers: form(s.cookie),
          body: new URLSearchParams({
            sessid: s.sessid,
            method: 'sale.order.save',
            idempotencyKey: `${s.phone}-${i}`,
            deliveryType: 'PICKUP',
            deliveryPickupPointId: String(pointId),
            name: 'Покупатель Нагрузочный',
            email: '',
            phone: s.phone,
          }).toString(),
        }),
        (a) => a.status === 200 && Number(JSON.parse(a.body).id) > 0,
      );
      if (saved?.status === 200) placed.push(Number(JSON.parse(saved.body).id));
    }
  };
  const before = new Set<number>();
  for (let i = 0; i < 20 && before.size < 2; i++) before.add((await readyPid(port)) as number);
  mark('нагрузка');
  const load = Promise.all(shoppers.map((s, n) => shopperLoop(s, n)));
  await new Promise((r) => setTimeout(r, 1_000));
  const reload = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/shop.ts', 'reload'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: a.dataDir },
  });
  expect(reload.stdout).toContain('SIGHUP');
  await until(
    async () => (a.output().includes('перезапуск: заменён процесс 2 из 2') ? true : null),
    60_000,
    `перезапуск: ${a.output().slice(-3000)}`,
  );
  mark('перезапуск закончен');
  await new Promise((r) => setTimeout(r, 1_000));
  running = false;
  await load;

  const after = new Set<number>();
  for (let i = 0; i < 20 && after.size < 2; i++) after.add((await readyPid(port)) as number);
  expect([...after].filter((pid) => before.has(pid))).toEqual([]);
  expect(failures).toEqual([]);
  const [stored] = await queryRows<{ n: number }>(
    db.db,
    sql`select count(*)::int as n from orders where id in ${sql.raw(`(${placed.join(',') || 0})`)}`,
  );
  expect(stored?.n).toBe(placed.length);
  const [all] = await queryRows<{ n: number }>(db.db, sql`select count(*)::int as n from orders`);
  expect(all?.n).toBe(placed.length);
  console.log(`нагрузка через перезапуск: запросов ${requests}, заказов ${placed.length}, ошибок ${failures.length}`);

  // The primary's metrics port answers for both workers together.
  const metrics = await request(metricsPort, '/metrics');
  expect(metrics.status).toBe(200);
  expect(metrics.body).toMatch(new RegExp(`^shop_orders_placed ${placed.length}$`, 'm'));
  a.shop.kill('SIGTERM');
  expect((await once(a.shop, 'exit'))[0]).toBe(0);
}, 150_000);
