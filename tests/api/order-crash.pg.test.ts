import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { ignorePoolErrorsOnClose, offerFacts } from '../support/basket-offers';
import { checkoutKit, freshPhone } from '../support/checkout';
import { createTestApp, type TestApp } from '../support/test-app';
import { freePort } from '../../scripts/free-port';

// PostgreSQL only (vitest.config.ts): the shop runs as its own process on this test's database and is killed with
// SIGKILL in the middle of a stream of order saves; what it leaves behind is then checked in the database.
let app: TestApp;
let shop: ChildProcess | undefined;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-crash-'));

beforeAll(async () => {
  app = await createTestApp();
  ignorePoolErrorsOnClose(app.database.db);
});
afterAll(async () => {
  shop?.kill('SIGKILL');
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function startShop(databaseUrl: string): Promise<string> {
  const port = await freePort();
  shop = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      NEW_SESSIONS_PER_CLIENT: '1000000',
      WRITE_LIMIT_PER_SESSION: '1000000',
      WRITE_LIMIT_PER_CLIENT: '1000000',
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  // A minute: beside the PostgreSQL suite's other files on two cores, the start (pages warmed before it listens) has
  // taken over the 20 s this once allowed.
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${base}/api/v2/user/state/`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return base;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the shop did not start');
}

it('a shop process killed during order saves leaves no half order and loses no stock', async () => {
  const k = await checkoutKit(app);
  const [{ db: name }] = (await queryRows<{ db: string }>(app.database.db, sql`select current_database() as db`)) as [
    { db: string },
  ];
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `/${name}`;
  const base = await startShop(url.toString());

  // 300 shoppers, each with one unit of one of 30 offers in the cart and a confirmed phone.
  const offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted).slice(0, 30);
  for (const offer of offers) await k.stockOf(offer, 8, 4);
  const offerIds = offers.map((o) => o.id);
  const stockBefore = await k.rows<{ n: number }>(
    sql`select sum(quantity)::int as n from stock where offer_id in ${offerIds}`,
  );
  const shoppers = await Promise.all(
    Array.from({ length: 300 }, async (_, i) => {
      const res = await fetch(`${base}/api/v2/user/state/`);
      const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
      const { sessid } = ((await res.json()) as { data: { sessid: string } }).data;
      const sessionId = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] as string;
      const phone = freshPhone();
      await app.database.db.execute(sql`update sessions set confirmed_phone = ${phone} where id = ${sessionId}`);
      await app.database.db.execute(sql`
        insert into basket_lines (session_id, offer_id, quantity) values (${sessionId}, ${offerIds[i % 30]}, 1)`);
      return { cookie, sessid, sessionId, phone };
    }),
  );

  // 20 at a time, like busy shoppers; the process is killed once 30 orders have been answered.
  let saved = 0;
  let queue = 0;
  const outcomes: ('saved' | 'refused' | 'cut off')[] = [];
  const killed = new Promise<void>((resolve) => shop?.once('exit', () => resolve()));
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (queue < shoppers.length) {
        const s = shoppers[queue++] as (typeof shoppers)[number];
        const body = new URLSearchParams({
          sessid: s.sessid,
          method: 'sale.order.save',
          ...k.pickup(s.phone, randomUUID()),
          deliveryShopId: String(k.stores.shop),
        });
        const outcome = await fetch(`${base}/api/`, {
          method: 'POST',
          headers: { cookie: s.cookie, 'content-type': 'application/x-www-form-urlencoded' },
          body,
        }).then(
          (r) => (r.ok ? 'saved' : 'refused'),
          () => 'cut off' as const,
        );
        outcomes.push(outcome);
        if (outcome === 'saved' && ++saved === 30) shop?.kill('SIGKILL');
      }
    }),
  );
  await killed;
  expect(outcomes.filter((o) => o === 'cut off').length).toBeGreaterThan(0);
  expect(outcomes.filter((o) => o === 'refused')).toEqual([]);

  // Every order in the database is whole: its line, its stock taken, its first status, its SMS in the outbox.
  const orders = await k.rows<{
    id: number;
    session_id: string;
    lines: number;
    taken: number;
    history: number;
    sms: number;
  }>(sql`
    select o.id, o.session_id,
      (select coalesce(sum(quantity), 0)::int from order_lines l where l.order_id = o.id) as lines,
      (select coalesce(sum(quantity), 0)::int from order_stock s where s.order_id = o.id) as taken,
      (select count(*)::int from order_status_history h where h.order_id = o.id) as history,
      (select count(*)::int from outbox m where m.recipient = o.phone and m.kind = 'order-confirmation') as sms
    from orders o`);
  expect(orders.length).toBeGreaterThanOrEqual(30);
  expect(orders.filter((o) => o.lines !== 1 || o.taken !== 1 || o.history !== 1 || o.sms !== 1)).toEqual([]);
  // No unit lost or made up: what is in the stores plus what the orders took is what there was.
  const [after] = await k.rows<{ n: number }>(sql`
    select (select sum(quantity) from stock where offer_id in ${offerIds})
      + (select coalesce(sum(quantity), 0) from order_stock where offer_id in ${offerIds}) as n`);
  expect(Number(after?.n)).toBe(Number(stockBefore[0]?.n));
  // A shopper whose order did not commit still has the item in the cart; one whose order did, does not.
  const ordered = new Set(orders.map((o) => o.session_id));
  const carts = await k.rows<{ session_id: string }>(
    sql`select session_id from basket_lines where session_id in ${shoppers.map((s) => s.sessionId)}`,
  );
  expect(carts.length + ordered.size).toBe(shoppers.length);
  expect(carts.filter((c) => ordered.has(c.session_id))).toEqual([]);
}, 120_000);
