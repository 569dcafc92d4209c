import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readinessRepository } from '../../db/repositories/ops';
import { createReadiness } from '../../server/ops/health';
import { metricsPortApp } from '../../server/ops/routes';
import { createTestApp, newVisitor, type TestApp } from '../support/test-app';

/** Issue 45.1–2: health, readiness and metrics as a balancer, Prometheus and an administrator meet them. */
const TOKEN = 'metrics-token-0123456789';
let app: TestApp;
const lines: { msg: string; url?: string; level: number }[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await createTestApp({ METRICS_TOKEN: TOKEN }, { logger: pino({ level: 'info' }, sink) });
});
afterAll(() => app.close());

describe('health and readiness', () => {
  it('answers /healthz while the process runs, and /readyz once the facet index has loaded', async () => {
    const health = await app.fetch('/healthz');
    expect(health.status).toBe(200);
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(await health.json()).toEqual({ status: 'ok', pid: process.pid });

    const early = await app.fetch('/readyz');
    expect(early.status).toBe(503);
    expect(await early.json()).toMatchObject({ status: 'error', reason: 'индекс фильтров каталога загружается' });
    await app.ops.warmIndex();
    const ready = await app.fetch('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'ok', pid: process.pid });
  });

  it('logs neither at info, as it logs a page', async () => {
    lines.length = 0;
    await app.fetch('/healthz');
    await app.fetch('/readyz');
    await app.fetch('/stores/');
    const urls = lines.filter((l) => l.msg === 'request').map((l) => l.url);
    expect(urls).toEqual(['/stores/']);
  });

  it('says not ready, with the reason, when the database does not answer or migrations are missing', async () => {
    const other = await createTestApp();
    await other.ops.warmIndex();
    expect((await other.fetch('/readyz')).status).toBe(200);
    // A database behind this code (the newest migration not applied): a process that starts on it is not ready.
    await other.database.db.execute(
      'update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
    );
    const behind = createReadiness({ ...readinessRepository(other.database.db), facetIndexLoaded: () => true });
    expect(await behind.reason()).toBe('миграции базы данных не применены');
    await other.database.close();
    const down = await other.fetch('/readyz');
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ reason: 'база данных не отвечает' });
    expect((await other.fetch('/healthz')).status).toBe(200);
    await other.close().catch(() => {});
  });

  it('says not ready once the process is stopping', async () => {
    const stopping = await createTestApp();
    await stopping.ops.warmIndex();
    stopping.ops.readiness.stop();
    const res = await stopping.fetch('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ reason: 'процесс останавливается' });
    await stopping.close();
  });
});

describe('metrics', () => {
  it('are refused without the token, or with another', async () => {
    const none = await app.fetch('/metrics');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('Bearer');
    expect(await none.text()).toContain('METRICS_TOKEN');
    const wrong = await app.fetch('/metrics', { headers: { authorization: 'Bearer metrics-token-0123456788' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('shop_');
  });

  it('are refused on the shop port altogether when no token is set', async () => {
    const open = await createTestApp();
    const res = await open.fetch('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('METRICS_PORT');
    await open.close();
  });

  it('are refused on the shop port, token or not, when they have a port of their own', async () => {
    const apart = await createTestApp({ METRICS_TOKEN: TOKEN, METRICS_PORT: '9464' });
    const res = await apart.fetch('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(403);
    const text = await res.text();
    expect(text).toContain('METRICS_PORT');
    expect(text).not.toContain('shop_');
    await apart.close();
  });

  it('count requests by route and status, the page cache, the database and the shop', async () => {
    const v = await newVisitor(app);
    await v.get('/stores/');
    await v.get('/stores/');
    await v.post('/api/v2/sale/basket/add/', { offerId: 999999999 });
    const res = await app.fetch('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(
      /shop_http_request_duration_seconds_count\{route="page:stores",method="GET",status="200"\} [2-9]/,
    );
    expect(text).toMatch(/shop_http_request_duration_seconds_bucket\{le="0.1",route="page:stores"/);
    // A route with its parameters is one label, whatever the ids.
    expect(text).toMatch(/route="\/api\/v2\/sale\/basket\/add\/",method="POST",status="4\d\d"/);
    expect(text).toMatch(/shop_page_cache_total\{result="(miss|pass)"\} \d/);
    expect(text).toMatch(/shop_page_cache_total\{result="hit"\} \d/);
    expect(text).toMatch(/^shop_outbox_pending \d+$/m);
    expect(text).toMatch(/^shop_outbox_oldest_seconds [\d.e+-]+$/m);
    expect(text).toMatch(/^shop_orders_placed \d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e+-]+$/m);
    expect(text).toContain('shop_db_pool_connections');
    expect(text).not.toContain('route="/healthz"');
  });

  /** A scrape after the database's figures were read anew (they are read once a second for every process). */
  const scrapeUntil = async (seen: RegExp) => {
    for (let tries = 0; ; tries++) {
      const text = await (await app.fetch('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text();
      if (seen.test(text) || tries === 30) return text;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('have no 1C exchange age until 1C has exchanged, then the seconds since', async () => {
    const before = await scrapeUntil(/^# TYPE shop_exchange_age_seconds gauge$/m);
    expect(before).toContain('# HELP shop_exchange_age_seconds');
    // Not 0, which would read as «1C exchanged just now».
    expect(before).not.toMatch(/^shop_exchange_age_seconds /m);
    await app.database.db.execute(sql`insert into exchange_log (session_key, type, file_name, started_at, finished_at,
      status) values ('s', 'catalog', 'import.xml', now() - interval '2 hours', now() - interval '1 hour', 'success')`);
    const after = await scrapeUntil(/^shop_exchange_age_seconds /m);
    const age = Number(after.match(/^shop_exchange_age_seconds ([\d.e+-]+)$/m)?.[1]);
    expect(age).toBeGreaterThanOrEqual(3600);
    expect(age).toBeLessThan(3700);
  });

  it('read the outbox, 1C, payments and refunds from the database, and time its queries', async () => {
    const db = app.database.db;
    await db.execute(sql`insert into outbox (channel, kind, recipient, text_body, created_at, next_attempt_at,
      attempts, last_error) values ('sms', 'phone-code', '79110000000', 'код', now() - interval '10 minutes',
      now() + interval '1 hour', 3, 'шлюз недоступен')`);
    await db.execute(sql`insert into exchange_log (session_key, type, file_name, started_at, finished_at, status)
      values ('s', 'catalog', 'offers.xml', now() - interval '5 minutes', now(), 'failure')`);
    await db.execute(sql`insert into payments (order_id, provider, idempotence_key, status, amount, capture, receipt)
      values (1, 'test', 'ops-metrics-payment', 'paid', 990000, true, '{}'::jsonb)`);
    await db.execute(sql`insert into refunds (payment_id, order_id, amount, status, idempotence_key, reason, receipt)
      values (1, 1, 990000, 'failed', 'ops-metrics-refund', 'возврат', '{}'::jsonb)`);
    const text = await scrapeUntil(/^shop_refunds\{state="failed"\} 1$/m);
    for (const family of [
      'shop_db_query_duration_seconds',
      'shop_exchange_files',
      'shop_payments',
      'shop_refunds',
      'shop_outbox_failing',
    ]) {
      expect(text).toContain(`# HELP ${family} `);
      expect(text).toMatch(new RegExp(`^# TYPE ${family} (gauge|histogram)$`, 'm'));
    }
    expect(text).toMatch(/^shop_outbox_failing 1$/m);
    expect(text).toMatch(/^shop_exchange_files\{result="failure"\} 1$/m);
    expect(text).toMatch(/^shop_exchange_files\{result="success"\} 1$/m);
    expect(text).toMatch(/^shop_payments\{state="paid"\} 1$/m);
    expect(text).toMatch(/^shop_refunds\{state="failed"\} 1$/m);
    // The page views above went to the database: their queries are timed where they pass the pg driver's pool
    // (PostgreSQL, and PGlite on its thread as the shop runs it; not the tests' in-process PGlite).
    if (app.database.pool) {
      const queries = Number(text.match(/^shop_db_query_duration_seconds_count\{result="ok"\} (\d+)$/m)?.[1]);
      expect(queries).toBeGreaterThan(0);
    }
  });

  it('are answered without a token on their own port', async () => {
    const own = metricsPortApp(() => app.ops.metrics.text());
    const res = await own.fetch(new Request('http://metrics/metrics'));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('shop_http_request_duration_seconds');
    expect((await own.fetch(new Request('http://metrics/'))).status).toBe(404);
  });
});
