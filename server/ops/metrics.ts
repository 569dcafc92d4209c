import cluster from 'node:cluster';
import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import client from 'prom-client';
import type { ShopGauges } from '../../db/repositories/ops';
import { onQueryTimed } from '../../db/query-timing';

/** The pages' first path segments a route label may name; any other page is `page:other`, so labels stay few. */
const PAGE_SECTIONS = new Set([
  'catalog',
  'product',
  'search',
  'brands',
  'basket',
  'order',
  'lk',
  'auth',
  'stores',
  'info',
  'promo',
  'contacts',
  'agreement',
  'admin',
  'pay',
  'subscribe',
  'unsubscribe',
]);

/**
 * A request's route for the metrics: the Hono route that answered (`/api/v2/admin/orders/:id/`), else the page's
 * section (`page:catalog`). Never the raw path, whose values (ids, filters) would make a label per address.
 */
export function routeLabel(path: string, answered: string | undefined): string {
  if (answered && answered !== '*' && !answered.endsWith('/*')) return answered;
  if (path.startsWith('/assets/')) return 'assets';
  if (path.startsWith('/images/')) return 'images';
  if (path.startsWith('/api/')) return 'api:other';
  const first = path.split('/')[1] ?? '';
  if (first === '') return 'page:/';
  return PAGE_SECTIONS.has(first) ? `page:${first}` : 'page:other';
}

export interface ShopMetrics {
  registry: client.Registry;
  /** Counts and times every request after it (mount it before the app's own middlewares). */
  requests: MiddlewareHandler;
  /** Counts a call to an outside service (`payment`, `carrier`) by its result. */
  outsideCall(service: string, ok: boolean): void;
  /** The metrics as Prometheus reads them: this process's, or every worker's together under `WORKERS`. */
  text(): Promise<{ body: string; contentType: string }>;
  close(): void;
}

/**
 * The shop's Prometheus metrics (issue 45.2), on a registry of its own: the process's (CPU, memory, the event loop's
 * delay, GC), requests by route and status with their latency, the page cache's answers, the database pool's use and
 * query time, outside calls by result, and the database's own figures (outbox, 1C, payments, orders) read at each
 * scrape.
 */
export function createMetrics(deps: {
  gauges(): Promise<ShopGauges>;
  pool?: { totalCount: number; idleCount: number; waitingCount: number };
}): ShopMetrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const requestSeconds = new client.Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Ответы магазина по маршруту, методу и статусу: время до ответа',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pageCache = new client.Counter({
    name: 'shop_page_cache_total',
    help: 'Ответы кэша страниц: hit, stale (отдана и обновляется), miss, pass (личная страница)',
    labelNames: ['result'],
    registers: [registry],
  });
  const querySeconds = new client.Histogram({
    name: 'shop_db_query_duration_seconds',
    help: 'Запросы к базе данных: время и исход',
    labelNames: ['result'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [registry],
  });
  const stopTiming = onQueryTimed((seconds, ok) => querySeconds.observe({ result: ok ? 'ok' : 'error' }, seconds));
  const pool = deps.pool;
  new client.Gauge({
    name: 'shop_db_pool_connections',
    help: 'Соединения пула базы данных: всего, свободных, запросов в очереди за соединением',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  const outside = new client.Counter({
    name: 'shop_outside_calls_total',
    help: 'Вызовы внешних служб (оплата, перевозчики) по исходу',
    labelNames: ['service', 'result'],
    registers: [registry],
  });

  // The database's figures are the same whichever process reads them: under WORKERS one copy is shown, not a sum.
  let reading: Promise<ShopGauges> | null = null;
  const gauges = () => {
    reading ??= deps.gauges().finally(() => setTimeout(() => (reading = null), 1000).unref());
    return reading;
  };
  const fromDatabase = (
    name: string,
    help: string,
    labelNames: string[],
    fill: (g: client.Gauge, v: ShopGauges) => void,
  ) =>
    new client.Gauge({
      name,
      help,
      labelNames,
      aggregator: 'first',
      registers: [registry],
      async collect() {
        this.reset();
        fill(this, await gauges());
      },
    });
  fromDatabase('shop_outbox_pending', 'Письма и SMS в очереди на отправку', [], (g, v) => g.set(v.outbox.pending));
  fromDatabase('shop_outbox_oldest_seconds', 'Возраст самого старого неотправленного сообщения, с', [], (g, v) =>
    g.set(v.outbox.oldestSeconds),
  );
  fromDatabase('shop_outbox_failing', 'Сообщения за сутки с ошибкой отправки (повторяются или брошены)', [], (g, v) =>
    g.set(v.outbox.failing),
  );
  fromDatabase('shop_exchange_files', 'Файлы обмена с 1С за сутки по исходу', ['result'], (g, v) => {
    for (const [result, n] of Object.entries(v.exchange.byStatus)) g.set({ result }, n);
  });
  fromDatabase(
    'shop_exchange_age_seconds',
    'Секунд с последнего обмена с 1С (нет ряда — обмена не было)',
    [],
    (g, v) => {
      // A gauge without labels has a 0 after reset(), which would read «1C exchanged just now»: no sample instead.
      if (v.exchange.lastSuccessSeconds === null) g.remove();
      else g.set(v.exchange.lastSuccessSeconds);
    },
  );
  fromDatabase('shop_payments', 'Платежи по состоянию', ['state'], (g, v) => {
    for (const [state, n] of Object.entries(v.payments)) g.set({ state }, n);
  });
  fromDatabase('shop_refunds', 'Возвраты по состоянию', ['state'], (g, v) => {
    for (const [state, n] of Object.entries(v.refunds)) g.set({ state }, n);
  });
  fromDatabase('shop_orders_placed', 'Заказов оформлено за всё время (растёт; смотрите increase())', [], (g, v) =>
    g.set(v.orders),
  );

  const requests: MiddlewareHandler = async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const routes = matchedRoutes(c);
      const route = routeLabel(c.req.path, routes[c.req.routeIndex]?.path);
      const seconds = (performance.now() - started) / 1000;
      requestSeconds.observe({ route, method: c.req.method, status: String(c.res.status) }, seconds);
      const cache = c.res.headers.get('x-cache');
      if (cache) pageCache.inc({ result: cache });
    }
  };

  return {
    registry,
    requests,
    outsideCall: (service, ok) => outside.inc({ service, result: ok ? 'ok' : 'error' }),
    async text() {
      const body = cluster.isWorker ? await fromPrimary() : await registry.metrics();
      return { body, contentType: registry.contentType };
    },
    close: stopTiming,
  };
}

const ASK = 'shop:metrics?';
const ANSWER = 'shop:metrics';

/**
 * Under `WORKERS` each worker answers the primary's collection with its own registry (prom-client's cluster
 * protocol); a worker asked for `/metrics` on the shop's port asks the primary for all of them together.
 */
export function serveClusterMetrics(registry: client.Registry): void {
  new client.AggregatorRegistry();
  client.AggregatorRegistry.setRegistries([registry]);
}

let asked = 0;
function fromPrimary(): Promise<string> {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('главный процесс не ответил метриками'));
    }, 6_000);
    const onMessage = (message: { type?: string; id?: number; body?: string }) => {
      if (message?.type !== ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      resolve(message.body ?? '');
    };
    process.on('message', onMessage);
    process.send?.({ type: ASK, id });
  });
}

/** The primary's side: every worker's metrics together, for `METRICS_PORT` and for a worker that asks. */
export function clusterMetrics(): { text(): Promise<string>; contentType: string } {
  const aggregator = new client.AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== ASK) return;
    aggregator
      .clusterMetrics()
      .then((body) => worker.send({ type: ANSWER, id: message.id, body }))
      .catch(() => worker.send({ type: ANSWER, id: message.id, body: '' }));
  });
  return { text: () => aggregator.clusterMetrics(), contentType: aggregator.contentType };
}

/**
 * Whether a request may read the metrics on the shop's port: with `METRICS_TOKEN` and that bearer token only.
 * (On `METRICS_PORT` no token is asked: that port is for the monitoring network alone.)
 */
export function metricsAllowed(authorization: string | undefined, token: string | undefined): boolean {
  if (!token || !authorization?.startsWith('Bearer ')) return false;
  const given = Buffer.from(authorization.slice(7).trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
