import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import type { ServerBuild } from 'react-router';
import type { Settings } from '../config/settings';
import type { Database } from '../db/client';
import { metricsRepository, outsideCallsRepository, readinessRepository } from '../db/repositories/ops';
import { ALL, CACHE_TAGS_CHANNEL, createInvalidations, parseTags } from '../domain/cache-tags';
import { outboxQueue } from '../db/repositories/outbox';
import { demoPhotoSubjects } from '../db/repositories/demo-photo-subjects';
import { createApp } from './app';
import { createReadiness } from './ops/health';
import { createMetrics } from './ops/metrics';
import { demoSources } from './images/demo-sources';
import { openPhotoStore } from './images/open-photo-store';
import { createOutboxSender } from './outbox/sender';
import { createTransport } from './outbox/transports';
import { createPushHub } from './push/hub';
import { createServices } from './services';

const root = path.resolve(import.meta.dirname, '..');

/** The pages built by `npm run build`; imported at run time, so the type check passes before the first build. */
export async function loadBuild(): Promise<ServerBuild> {
  return (await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)) as ServerBuild;
}

/**
 * The whole shop on one database: the services, the built pages and assets, its health, readiness and metrics, and
 * the sender of the outbox (the caller starts and stops it) and the pages' push channel (the caller closes it).
 */
export async function createShopApp(deps: {
  settings: Settings;
  database: Database;
  secret: string;
  logger: Logger;
  /** The shop's clock; tests set it. */
  clock?: () => Date;
}) {
  const { settings, database, secret, logger, clock } = deps;
  const transport = createTransport(settings);
  const outbox = createOutboxSender({ queue: outboxQueue(database.db), transport, logger });
  // Every process hears every change (the database's cache tag triggers) and drops the pages and data it touches.
  const invalidations = createInvalidations();
  // A dropped connection may have missed some: everything is dropped once it is back.
  const stopListening = await database.listen(
    CACHE_TAGS_CHANNEL,
    (payload) => invalidations.publish(parseTags(payload)),
    () => invalidations.publish([ALL]),
  );
  const photoFiles = openPhotoStore(settings, database.db);
  const metrics = createMetrics({ gauges: metricsRepository(database.db).gauges, pool: database.pool });
  const calls = outsideCallsRepository(database.db);
  // A call's count must never fail the call it counts.
  const outsideCall = (service: string, ok: boolean) => {
    metrics.outsideCall(service, ok);
    calls.record(service, ok, new Date()).catch((err) => logger.warn({ err }, 'счётчик внешних вызовов не записан'));
  };
  let facetIndexLoaded = false;
  const readiness = createReadiness({ ...readinessRepository(database.db), facetIndexLoaded: () => facetIndexLoaded });
  const services = createServices({
    database,
    settings,
    secret,
    clock,
    invalidations,
    photoFiles,
    outsideCall,
    stopping: readiness.stopping,
  });
  const push = await createPushHub(database, logger);
  const app = createApp({
    settings,
    services,
    build: await loadBuild(),
    clientDir: path.join(root, 'build/client'),
    secret,
    logger,
    ops: { readiness, metrics },
    clock,
    push,
    invalidations,
    catalogueImporter: services.catalogueImporter,
    photos: { store: photoFiles, demo: demoSources(demoPhotoSubjects(database.db)) },
  });
  return {
    app,
    outbox,
    services,
    push,
    transport: transport.describe,
    stopListening,
    readiness,
    metrics,
    /** Loads the catalogue's facet index (decision 0026); the process is ready once it has. */
    warmIndex: () =>
      services.listing.warm().then(() => {
        facetIndexLoaded = true;
      }),
  };
}
