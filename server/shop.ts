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
import { photoSizes, sizedOnArrival } from './images/photo-sizes';
import { createRenderPool } from './images/render-pool';
import { RENDER_LIMITS } from './images/resize';
import { catalogPhotoFiles } from '../db/repositories/photo-files';
import { createOutboxSender } from './outbox/sender';
import { createTransport } from './outbox/transports';
import { createPushHub } from './push/hub';
import { createServices } from './services';
import type { Services } from '../domain/services';

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
  const keptPhotos = openPhotoStore(settings, database.db);
  const demo = demoSources(demoPhotoSubjects(database.db));
  const sizes = photoSizes({
    store: keptPhotos,
    demo,
    pool: createRenderPool(RENDER_LIMITS),
    onError: (error, key) => logger.warn({ err: error, key }, 'размер фото не сделан'),
  });
  // Uploads and 1C photos get their sizes made as they arrive; without it, on their first request only.
  const ahead = settings.PHOTO_SIZES_AHEAD === 'on';
  const photoFiles = ahead ? sizedOnArrival(keptPhotos, sizes) : keptPhotos;
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
    logger,
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
    photos: { store: keptPhotos, demo, sizes },
  });
  return {
    app,
    /** The start's own work, for the process entry (tests' apps skip it): the catalogue's missing photo sizes. */
    makeMissingPhotoSizes: () => {
      if (ahead) makeMissingSizes(database, sizes, logger);
    },
    /** Renders the first visitors' pages before the shop takes requests (at most `WARM_MS`). */
    warmPages: () => warmPages(app, services, logger),
    outbox,
    services,
    push,
    transport: transport.describe,
    // The background's photo sizes stop with the rest at shutdown (after the renders under way).
    stopListening: async () => {
      sizes.stop();
      await stopListening();
    },
    readiness,
    metrics,
    /** Loads the catalogue's facet index (decision 0026); the process is ready once it has. */
    warmIndex: () =>
      services.listing.warm().then(() => {
        facetIndexLoaded = true;
      }),
  };
}

/**
 * The catalogue's photos that arrived before this start — a seed, an import, an upload of a process that stopped —
 * and still lack a size get it now, in the background, the first screens' photos first (issue 46.2).
 */
function makeMissingSizes(database: Database, sizes: ReturnType<typeof photoSizes>, logger: Logger) {
  const started = Date.now();
  void catalogPhotoFiles(database.db)
    .then(async (files) => {
      sizes.ahead(files);
      await sizes.idle();
      logger.info(
        `размеры фото каталога готовы: ${files.length} фото, ${((Date.now() - started) / 1000).toFixed(1)} с`,
      );
    })
    .catch((error) => logger.warn({ err: error }, 'размеры фото не сделаны заранее: их сделает первый запрос'));
}

/** The longest the start waits for its pages to be warm: past it the shop takes requests anyway. */
const WARM_MS = 10_000;

/**
 * The pages most first visitors open — the home page and the menu's sections — rendered once before the shop takes
 * requests, so the first visitor after a start or a deploy finds them in the page cache and the render path compiled,
 * and the catalogue's facet index loaded (issue 46.2: the first section page took 0.6–1.6 s against 0.1–0.3 s).
 */
async function warmPages(
  app: { request(path: string, init?: RequestInit): Response | Promise<Response> },
  services: Services,
  logger: Logger,
): Promise<void> {
  const started = Date.now();
  const warm = (async () => {
    const menu = await services.menu.menu();
    const paths = new Set(['/', ...menu.categories.map((category) => category.url).filter(Boolean)]);
    for (const path of paths)
      await (await app.request(path, { headers: { 'accept-encoding': 'br, gzip' } })).arrayBuffer();
    logger.info(`страницы прогреты: ${paths.size}, ${((Date.now() - started) / 1000).toFixed(1)} с`);
  })().catch((error) => logger.warn({ err: error }, 'страницы не прогреты заранее'));
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([warm, new Promise((resolve) => (timer = setTimeout(resolve, WARM_MS)))]);
  clearTimeout(timer);
}
