import cluster from 'node:cluster';
import path from 'node:path';
import { paymentProviderOf, readSettings, SettingsError } from '../config/settings';
import { type Database, openConfiguredDatabase } from '../db/client';
import { prepareDatabase } from '../db/bootstrap';
import { retentionRepository } from '../db/repositories/retention';
import { runPrimary, workerCount } from './cluster';
import { listen } from './listen';
import { startReservationExpiry } from './reservations';
import { startPaymentUpkeep } from './payment/upkeep';
import { startRetention } from './retention';
import { startViewFlush } from './view-counts';
import { createLogger } from './logger';
import { createShopApp } from './shop';
import { bootstrapStaff } from './staff-bootstrap';

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
    runPrimary(workers, logger);
    return;
  }
  const database = await open();
  const { secret } = await prepare(database);
  await pagesBuilt;
  const { app, outbox, services, push, transport, stopListening, makeMissingPhotoSizes, warmPages } =
    await createShopApp({
      settings: { ...settings, DATA_DIR: dataDir },
      database,
      secret,
      logger,
    });
  // Issue 46.2: photos' missing sizes made in the background, and the first visitors' pages before listening.
  makeMissingPhotoSizes();
  await warmPages();
  // One process speaks for the staff at start: the first worker, or the only process.
  if (!cluster.isWorker || cluster.worker?.id === 1) await bootstrapStaff({ services, settings, log: logger });
  outbox.start();
  logger.info(`исходящие сообщения: ${transport}`);
  const retention = startRetention({
    repo: retentionRepository(database.db, { auditDays: settings.AUDIT_RETENTION_DAYS }),
    log: logger,
  });
  const reservations = startReservationExpiry({ orders: services.orders, log: logger });
  const payments = startPaymentUpkeep({ payments: services.payments, log: logger });
  if (services.testPayments && paymentProviderOf(settings) === 'test')
    logger.warn(
      'онлайн-оплата: тестовый шлюз (деньги не списываются); для живого магазина задайте ЮKassa или PAYMENT_PROVIDER=none',
    );
  const views = startViewFlush({ product: services.product, log: logger });
  const server = listen(app, { port: settings.PORT, hostname: settings.HOST }, (info) => {
    logger.info(`магазин работает: http://localhost:${info.port} (${database.kind})`);
  });
  let closing = false;
  // The catalogue's facet index (decision 0026) loads now: a listing asked for meanwhile waits only for the rest of it.
  const warming = Date.now();
  services.listing
    .warm()
    .then(() => logger.info(`фильтры каталога загружены за ${((Date.now() - warming) / 1000).toFixed(1)} с`))
    .catch((error) => {
      if (!closing) logger.warn({ err: error }, 'фильтры каталога не загрузились заранее: загрузятся с первым списком');
    });
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'останавливаюсь: дожидаюсь запросов в работе');
    // The sender finishes the messages it is sending and takes no more; what stays queued waits for the next start
    // (or another process).
    const outboxStopped = outbox.stop().catch(() => {});
    retention.stop();
    reservations.stop();
    payments.stop();
    views.stop();
    // Open push streams would keep close() waiting: they end now, and the pages connect again elsewhere.
    const pushClosed = Promise.all([push.close(), stopListening()]).catch(() => {});
    // close() stops accepting connections and calls back once the requests in flight have finished.
    server.close(async () => {
      await Promise.all([outboxStopped, pushClosed]);
      // The views counted up to the last request, before the database closes.
      await views.flush();
      await database.close().catch(() => {});
      logger.info('остановлен');
      process.exit(0);
    });
    if ('closeIdleConnections' in server) (server as { closeIdleConnections(): void }).closeIdleConnections();
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
