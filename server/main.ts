import cluster from 'node:cluster';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import {
  deliveryProviderOf,
  isLocalSite,
  paymentProviderOf,
  readSettings,
  type Settings,
  SettingsError,
} from '../config/settings';
import { type Database, openConfiguredDatabase } from '../db/client';
import { prepareDatabase } from '../db/bootstrap';
import { retentionRepository } from '../db/repositories/retention';
import { PID_FILE, runPrimary, WORKER_READY, workerCount } from './cluster';
import { listen } from './listen';
import { startReservationExpiry } from './reservations';
import { startGuestsRegroup } from './guests-regroup';
import { startPairsRecount } from './related-pairs';
import { startReviewInvitations } from './review-invitations';
import { startPaymentUpkeep } from './payment/upkeep';
import { startTrackingPoll } from './delivery/tracking-poll';
import { startRetention } from './retention';
import { startViewFlush } from './view-counts';
import { createLogger, sayPlain } from './logger';
import { clusterMetrics, serveClusterMetrics } from './ops/metrics';
import { metricsPortApp } from './ops/routes';
import { startAlerts } from './ops/alerts';
import { startStockAlertSweep, stockAlertSweeper } from './stock-alerts';
import { startNotificationSweep } from './staff-notifications';
import { writeBackup } from './ops/backup';
import { listenControl } from './ops/control';
import { shutDown } from './ops/shutdown';
import { createShopApp } from './shop';
import { bootstrapStaff } from './staff-bootstrap';
import { startBanner } from './start-banner';
import { deliveryStartLine } from './delivery/carrier-of-settings';
import { cdekWebhook } from './delivery/cdek';
import { CDEK_NOTIFY_PATH } from './delivery/routes';

/** `pagesBuilt`: the pages' build under way (`npm start` on a fresh clone), awaited once the database is ready. */
export async function main({ pagesBuilt }: { pagesBuilt?: Promise<void> } = {}): Promise<void> {
  let settings: ReturnType<typeof readSettings>;
  try {
    settings = readSettings();
  } catch (error) {
    if (error instanceof SettingsError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  process.env.TZ = settings.TZ;
  const logger = createLogger(settings.LOG_LEVEL);
  const dataDir = path.resolve(settings.DATA_DIR);
  const workers = workerCount(settings);
  if (workers > 1 && !settings.DATABASE_URL) {
    console.error(
      `WORKERS=${workers}: встроенная база данных обслуживает один процесс. Для нескольких процессов укажите DATABASE_URL (PostgreSQL) или WORKERS=1.`,
    );
    process.exit(1);
  }
  const open = () => openConfiguredDatabase(settings);
  const prepare = (database: Database) =>
    prepareDatabase(database, {
      seed: settings.SEED,
      products: settings.SEED_PRODUCTS,
      log: (m) => logger.info(m),
    });
  if (workers > 1 && cluster.isPrimary) {
    // The primary migrates and seeds once, before the workers (which then find the database ready) start.
    const database = await open();
    await prepare(database);
    await database.close();
    await pagesBuilt;
    logger.info(`процессов магазина: ${workers}`);
    const metrics = clusterMetrics();
    if (settings.METRICS_PORT)
      serveMetricsPort(
        settings,
        () => metrics.text().then((body) => ({ body, contentType: metrics.contentType })),
        logger,
      );
    writePidFile(dataDir);
    runPrimary(workers, logger, settings.SHUTDOWN_SECONDS * 1000);
    return;
  }
  const database = await open();
  const { secret } = await prepare(database);
  await pagesBuilt;
  const shop = await createShopApp({
    settings: { ...settings, DATA_DIR: dataDir },
    database,
    secret,
    logger,
  });
  const { app, outbox, services, push, transport, stopListening, readiness, metrics } = shop;
  if (cluster.isWorker) serveClusterMetrics(metrics.registry);
  else {
    if (settings.METRICS_PORT) serveMetricsPort(settings, () => metrics.text(), logger);
    writePidFile(dataDir);
  }
  // The embedded database is this process's: `npm run shop -- backup` asks it for the copy.
  const control =
    database.kind === 'pglite'
      ? listenControl(dataDir, (file) => writeBackup({ ...settings, DATA_DIR: dataDir }, database, file))
      : null;
  // Issue 46.2: photos' missing sizes made in the background, and the first visitors' pages before listening.
  shop.makeMissingPhotoSizes();
  await shop.warmPages();
  // One process speaks for the staff at start: the first worker, or the only process.
  const speaks = !cluster.isWorker || cluster.worker?.id === 1;
  const owner = speaks ? await bootstrapStaff({ services, settings, log: logger }) : null;
  outbox.start();
  logger.info(`исходящие сообщения: ${transport}`);
  const retention = startRetention({
    repo: retentionRepository(database.db, {
      auditDays: settings.AUDIT_RETENTION_DAYS,
      notificationReadDays: settings.STAFF_NOTIFICATIONS_READ_DAYS,
      notificationKeepDays: settings.STAFF_NOTIFICATIONS_KEEP_DAYS,
    }),
    log: logger,
  });
  const reservations = startReservationExpiry({ orders: services.orders, log: logger });
  const reviewInvitations = startReviewInvitations({ reviews: services.reviews, log: logger });
  const payments = startPaymentUpkeep({ payments: services.payments, log: logger });
  const tracking = startTrackingPoll({ shipments: services.shipments, log: logger });
  const pairs = startPairsRecount({ related: services.related, log: logger });
  const guests = startGuestsRegroup({ customers: services.customersAdmin, log: logger });
  if (services.testPayments && paymentProviderOf(settings) === 'test')
    logger.warn(
      'онлайн-оплата: тестовый шлюз (деньги не списываются); для живого магазина задайте ЮKassa или PAYMENT_PROVIDER=none',
    );
  const delivery = deliveryStartLine(settings);
  logger[delivery.level](delivery.text);
  // CDEK sends its ORDER_STATUS notifications to the public address; a failure here only waits for the poll.
  if (speaks && deliveryProviderOf(settings) === 'cdek' && !isLocalSite(settings.SITE_URL))
    cdekWebhook({
      clientId: settings.CDEK_CLIENT_ID ?? '',
      clientSecret: settings.CDEK_CLIENT_SECRET ?? '',
      apiUrl: settings.CDEK_API_URL,
      url: new URL(CDEK_NOTIFY_PATH, settings.SITE_URL).href,
    }).then(
      (made) => logger.info(made ? 'СДЭК: уведомления о посылках подключены' : 'СДЭК: уведомления уже подключены'),
      (err) => logger.warn({ err }, 'СДЭК: уведомления не подключены, статусы посылок придут с опросом'),
    );
  const views = startViewFlush({ product: services.product, log: logger });
  const alerts = startAlerts({ alerts: services.alerts, dataDir, log: logger, afterLetters: () => outbox.kick() });
  // Issue 44.1: the safety net of the kicks after stock writes (a 1C file, a document, a cancel, a return).
  const stockAlertSweep = startStockAlertSweep({
    kick: stockAlertSweeper(services.stockAlerts.sweep, logger),
    afterLetters: () => outbox.kick(),
  });
  // Issue 47.1: the staff's notifications of the clock (overdue orders, sizes running out) and the floods' summaries.
  const notificationSweep = startNotificationSweep({ services, log: logger, afterMessages: () => outbox.kick() });
  let closing = false;
  let listened = () => {};
  const listening = new Promise<void>((resolve) => {
    listened = resolve;
  });
  const server = listen(app, { port: settings.PORT, hostname: settings.HOST }, (info) => {
    logger.info(`магазин работает: http://localhost:${info.port} (${database.kind})`);
    listened();
  });
  // The catalogue's facet index (decision 0026) loads now: a listing asked for meanwhile waits only for the rest of
  // it, and the process says it is ready once it has loaded.
  const warming = Date.now();
  const warm = (): Promise<void> =>
    shop.warmIndex().then(
      () => logger.info(`фильтры каталога загружены за ${((Date.now() - warming) / 1000).toFixed(1)} с`),
      async (error) => {
        if (closing) return;
        logger.warn({ err: error }, 'фильтры каталога не загрузились: повторю через 5 с');
        await new Promise((r) => setTimeout(r, 5_000));
        return closing ? undefined : warm();
      },
    );
  void Promise.all([listening, warm()]).then(() => {
    if (closing) return;
    process.send?.({ type: WORKER_READY });
    // The plain words for whoever started the shop come last, once the JSON lines of the start are written.
    if (owner) sayPlain(logger, `\n${startBanner(settings, owner, Boolean(process.env.SITE_URL)).join('\n')}\n\n`);
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'останавливаюсь: дожидаюсь запросов в работе');
    const inTime = await shutDown({
      server,
      readiness,
      boundMs: settings.SHUTDOWN_SECONDS * 1000,
      // The sender finishes the messages it is sending and takes no more; what stays queued waits for the next
      // start (or another process). Open push streams would keep the server waiting: they end now, and the pages
      // connect again elsewhere.
      stopAtOnce: [
        () => outbox.stop(),
        retention.stop,
        reservations.stop,
        reviewInvitations.stop,
        payments.stop,
        tracking.stop,
        pairs.stop,
        guests.stop,
        views.stop,
        alerts.stop,
        stockAlertSweep.stop,
        notificationSweep.stop,
        () => push.close(),
        stopListening,
        () => control?.close(),
      ],
      // The views counted up to the last request, before the database closes.
      beforeClose: [() => views.flush()],
      closeDatabase: () => database.close(),
      log: logger,
    });
    metrics.close();
    logger.info('остановлен');
    process.exit(inTime ? 0 : 1);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  if (!cluster.isWorker)
    process.on('SIGHUP', () =>
      logger.warn('перезапуск по одному процессу работает при WORKERS от 2 на PostgreSQL; перезапустите службу'),
    );
}

/** `METRICS_PORT`: the metrics without a token on their own address (issue 45.2). */
function serveMetricsPort(
  settings: Settings,
  text: () => Promise<{ body: string; contentType: string }>,
  logger: Logger,
) {
  const port = settings.METRICS_PORT as number;
  listen(metricsPortApp(text), { port, hostname: settings.METRICS_HOST }, () =>
    logger.info(`метрики: http://${settings.METRICS_HOST}:${port}/metrics`),
  );
}

/** The serving process's pid, for `npm run shop -- reload`; removed when it exits. */
function writePidFile(dataDir: string) {
  const file = path.join(dataDir, PID_FILE);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${process.pid}\n`);
  process.once('exit', () => rmSync(file, { force: true }));
}
