import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { type Context, Hono } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import type { Logger } from 'pino';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { API, API_V2_BASE, CATALOG_ELEMENT_PATH, RPC_PATH } from '../contract/api';
import { PAGE_CACHE_CONTROL } from '../contract/cache-policy';
import type { ShopOptions } from '../contract/options';
import { paymentProviderOf, type Settings } from '../config/settings';
import { SHELL, type Invalidations } from '../domain/cache-tags';
import type { Services } from '../domain/services';
import type { CatalogueImporter } from '../domain/exchange/ports';
import { catalogElementApi } from './api/catalog-element';
import { exchangeRoutes } from './exchange/routes';
import { testGatewayRoutes, yookassaNotifyRoutes } from './payment/routes';
import { cdekNotifyRoutes, testDeliveryRoutes } from './delivery/routes';
import { parseNetworks, YOOKASSA_NETWORKS } from './payment/yookassa-notify';
import { packageRerun } from './exchange/rerun';
import { rpcApi } from './api/rpc';
import type { PushHub } from './push/hub';
import { adminApi } from './push/routes';
import { RELOAD_COMMAND } from '../domain/push/commands';
import { apiV2 } from './api/v2';
import { guardWrites, respondRefusal, speaks } from './http/api-layer';
import { declaredBodyLimit } from './http/body-limit';
import { compression } from './http/compress';
import { ENVELOPE, RPC } from './http/dialect';
import type { AppEnv } from './http/env';
import { GENERIC_ERROR, HttpError, methodNotAllowed } from './http/errors';
import { messagePage } from './http/message-page';
import { fromAnotherSite, guardPageForms, refusalPage } from './http/page-form-guard';
import { readableUrl } from './http/readable-input';
import { requestContext } from './http/request-context';
import { newSessionId, sessionMiddleware } from './http/session';
import { STAFF_PATHS, staffGate } from './http/staff-session';
import { readStylesheets, staticFiles } from './http/static';
import type { WriteLimits } from './http/write-limits';
import { widgetScripts, widgetSources } from './http/widgets';
import type { DemoSources } from './images/demo-sources';
import type { PhotoSizes } from './images/photo-sizes';
import type { PhotoStore } from './images/photo-store';
import { imageRoutes } from './images/resize';
import { PHOTO_UPLOAD_PATH, photoBodyLimit } from './images/upload-limit';
import { CATALOG_IMPORT_PATH, catalogImportBodyLimit } from './catalog-io/upload-limit';
import type { Readiness } from './ops/health';
import type { ShopMetrics } from './ops/metrics';
import { opsRoutes } from './ops/routes';
import { pageCache, TAGS_HEADER } from './page-cache/page-cache';
import { menuJsonRoutes } from './http/menu-json';
import { inputIssueMessage } from '../domain/input-messages';

// Every schema of the shop, the pages' forms too (one zod for the server and its build), answers in Russian.
z.config({ customError: inputIssueMessage });

/**
 * The largest request body taken (256 KiB): every call of the shop fits in a few kilobytes, and a bigger body is
 * refused before it is read, so nobody can make a process hold megabytes per request.
 */
export const MAX_BODY_BYTES = 256 * 1024;
const PAGE_METHODS = ['GET', 'HEAD', 'POST'];
/**
 * The most path segments a page URL may have. The deepest real page (a section three levels down with every filter)
 * has about 16; React Router's route discovery does work quadratic in the segment count, so a URL of thousands of
 * `a/` would cost seconds of CPU for one 404.
 */
export const MAX_PAGE_SEGMENTS = 40;

export interface AppDeps {
  settings: Settings;
  services: Services;
  build: ServerBuild;
  /** Folder of the client build (build/client). */
  clientDir: string;
  secret: string;
  logger: Logger;
  /** Health, readiness and metrics (issue 45): answered before everything else, and never logged at info. */
  ops: { readiness: Readiness; metrics: ShopMetrics };
  /** The shop's clock; tests set it. */
  clock?: () => Date;
  /** The open pages' push channel. */
  push: PushHub;
  /** Changes announced by the database (cache tags): the page cache drops what they touch. */
  invalidations: Invalidations;
  /** Where the 1C exchange hands catalogue records (issue 26); for now one that only counts them. */
  catalogueImporter: CatalogueImporter;
  /** Where the photos live, and the demo pictures drawn on their first request. */
  photos: { store: PhotoStore; demo?: DemoSources; sizes?: PhotoSizes };
}

export function createApp(deps: AppDeps) {
  const { settings, services, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const app = new Hono<AppEnv>();
  const siteUrl = new URL(settings.SITE_URL).origin;
  const handleRequest = createRequestHandler(
    deps.build,
    process.env.NODE_ENV === 'development' ? 'development' : 'production',
  );
  const stylesheets = readStylesheets(path.resolve(deps.clientDir));
  const exchangeRerun = packageRerun({ dataDir: settings.DATA_DIR, importer: deps.catalogueImporter });

  app.route(
    '/',
    opsRoutes({
      readiness: deps.ops.readiness,
      metrics: () => deps.ops.metrics.text(),
      metricsToken: settings.METRICS_TOKEN,
      metricsPort: settings.METRICS_PORT,
    }),
  );
  app.use('*', deps.ops.metrics.requests);
  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    const log = logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    c.header('x-request-id', requestId);
    const started = performance.now();
    await next();
    withCharset(c.res.headers);
    log.info(
      { method: c.req.method, url: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  });
  // The 1C exchange (issue 26) before everything else: 1C is a program with its own cookie and Basic login, its
  // answers are never cached, compressed or given a page's headers, its uploads are chunks of up to 8 MB (above the
  // 256 KB body limit), and it posts without the shop's session, origin or sessid (the page form guard and write
  // limits would refuse it). It counts its own login tries.
  app.route(
    '/',
    exchangeRoutes({
      services,
      dataDir: settings.DATA_DIR,
      importer: deps.catalogueImporter,
      trustProxy: settings.TRUST_PROXY,
      clock,
      timeZone: settings.TZ,
    }),
  );
  // YooKassa posts its notifications without the shop's session or sessid, from its own addresses.
  app.route(
    '/',
    yookassaNotifyRoutes({
      services,
      networks: settings.YOOKASSA_NOTIFY_NETWORKS
        ? parseNetworks(settings.YOOKASSA_NOTIFY_NETWORKS)
        : YOOKASSA_NETWORKS,
      trustProxy: settings.TRUST_PROXY,
    }),
  );
  // CDEK posts its notifications without the shop's session or sessid; each is only a cue to read the shipment back.
  app.route('/', cdekNotifyRoutes(services));
  // The API paths answer in their dialect, errors included; every other path answers with pages.
  app.use(`${API_V2_BASE}/*`, speaks(ENVELOPE));
  app.use(CATALOG_ELEMENT_PATH, speaks(ENVELOPE));
  app.use(RPC_PATH, speaks(RPC));
  app.use(RPC_PATH.slice(0, -1), speaks(RPC));
  app.onError((error, c) => {
    // The body was not read: Node closes the socket after this answer, and the answer must say so.
    if (error instanceof HttpError && error.status === 413) c.header('Connection', 'close');
    const refusal = respondRefusal(c, error);
    if (refusal) return refusal;
    if (error instanceof HttpError) return c.text(error.message, error.status);
    c.get('log').error({ err: error, url: c.req.url }, 'unhandled error');
    if (c.get('dialect')) return c.get('dialect').fail(c, 500, [{ message: GENERIC_ERROR, code: 'INTERNAL' }]);
    return c.html(errorPage(c.get('requestId')), 500);
  });
  // The maps service's hosts, allowed only when the shop has a maps key (spec §7); without it nothing leaves the site.
  const maps = settings.MAPS_API_KEY
    ? {
        script: ['https://api-maps.yandex.ru', 'https://yastatic.net'],
        img: ['https://*.maps.yandex.net', 'https://api-maps.yandex.ru', 'https://yastatic.net'],
        connect: ['https://api-maps.yandex.ru', 'https://*.maps.yandex.net'],
      }
    : { script: [], img: [], connect: [] };
  // Yandex Metrica's host, allowed only when the shop has a counter (issue 43.4).
  const metrica = settings.METRICA_ID ? ['https://mc.yandex.ru'] : [];
  const widgets = widgetSources(settings);
  // Outside the page cache: it compresses what is rendered per visitor; a kept page comes compressed already. The
  // page cache is outside the security headers, so a kept page keeps the policy naming its scripts' nonce.
  app.use('*', compression());
  // The build's hashed scripts, styles and fonts and the product photos need none of a page's headers: a policy with
  // its fresh nonce and the rest are about 700 bytes on each of the 30 scripts and 24 photos of a section page.
  app.use('/assets/*', staticFiles(path.resolve(deps.clientDir)));
  app.route(
    '/images',
    imageRoutes(deps.photos.store, { demo: deps.photos.demo, sizes: deps.photos.sizes, log: deps.logger }),
  );
  // The header's menu for the browser, by its version (issue 46.3): data for everyone, none of a page's headers.
  app.route('/', menuJsonRoutes(services.menu));
  app.use(
    '*',
    pageCache({
      enabled: settings.PAGE_CACHE === 'on',
      maxBytes: settings.PAGE_CACHE_MB * 1024 * 1024,
      invalidations: deps.invalidations,
      render: async (request, env) => app.fetch(request, env),
      now: () => clock().getTime(),
      onError: (err, url) => logger.error({ err, url }, 'page cache render failed'),
    }),
  );
  const headerRules = {
    crossOriginEmbedderPolicy: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    // One framing rule: nobody may frame the shop (as frame-ancestors 'none' says).
    xFrameOptions: 'DENY',
    // HSTS means something only over https, and a browser ignores it over http anyway.
    strictTransportSecurity: siteUrl.startsWith('https:') ? 'max-age=31536000; includeSubDomains' : false,
  } as const;
  const pageHeaders = secureHeaders({
    ...headerRules,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', ...maps.img, ...metrica, ...widgets.pages],
      // No inline script runs without this response's nonce (React Router's own scripts carry it).
      scriptSrc: ["'self'", NONCE, ...maps.script, ...metrica, ...widgets.pages],
      styleSrc: ["'self'", "'unsafe-inline'", ...widgets.pages],
      fontSrc: ["'self'", 'data:', ...widgets.pages],
      connectSrc: ["'self'", ...maps.connect, ...metrica, ...widgets.connect],
      // A chat opens its window in a frame of its host and plays its sounds from there; without widgets frames and
      // sounds fall under default-src.
      ...(widgets.pages.length > 0 && {
        frameSrc: ["'self'", ...widgets.pages],
        mediaSrc: ["'self'", ...widgets.pages],
      }),
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  });
  // An API answer is data, never a document: nothing in it may load or run, so it needs no nonce (a random one per
  // call was 2 % of a basket call's time).
  const apiHeaders = secureHeaders({
    ...headerRules,
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  });
  app.use('*', (c, next) => (c.get('dialect') ? apiHeaders(c, next) : pageHeaders(c, next)));
  const anyBody = declaredBodyLimit(MAX_BODY_BYTES, () => {
    throw new HttpError(413, `Слишком большой запрос: не больше ${MAX_BODY_BYTES / 1024} КБ.`, 'BODY_TOO_LARGE');
  });
  // Photo uploads (issue 28): up to PHOTO_MAX_MB on their own paths only, refused by Content-Length before reading.
  const photoBody = photoBodyLimit(settings.PHOTO_MAX_MB);
  // A catalogue file (issue 47.5): up to MAX_IMPORT_MB on its own paths only.
  const catalogBody = catalogImportBodyLimit();
  app.use('*', (c, next) =>
    PHOTO_UPLOAD_PATH.test(c.req.path)
      ? photoBody(c, next)
      : CATALOG_IMPORT_PATH.test(c.req.path)
        ? catalogBody(c, next)
        : anyBody(c, next),
  );
  app.use('*', staticFiles(path.resolve(deps.clientDir)));
  // The operator's calls, before the session and the visitor API's gate: their token authorises them.
  app.route('/', adminApi(deps.push, settings.ADMIN_TOKEN));
  // A new visitor's reads of the API (the shops holding a size, a listing) get no cookie of their own: the state
  // call the page makes at the same time gives it, with the sessid of that same session.
  const readOfTheApi = (c: Context<AppEnv>) =>
    (c.req.method === 'GET' || c.req.method === 'HEAD') &&
    c.req.path.startsWith(`${API_V2_BASE}/`) &&
    c.req.path !== API.userState;
  app.use('*', sessionMiddleware(deps.secret, settings.SITE_URL.startsWith('https:'), readOfTheApi));
  // The basket's state, add to cart and the wishlist's calls find the session's user in their own query (issue 29.1).
  const basketCalls = new Set<string>([API.basketState, API.basketAdd, API.wishlistAdd, API.wishlistDelete]);
  const basketCall = (c: Context<AppEnv>) => c.req.method === 'POST' && basketCalls.has(c.req.path);
  app.use('*', requestContext({ services, trustProxy: settings.TRUST_PROXY, clock, looksUpItsActor: basketCall }));
  // The back office: its own staff session and gate, pages and calls alike (issue 25.1).
  const staff = staffGate({ services, secure: settings.SITE_URL.startsWith('https:') });
  app.use('*', (c, next) => (STAFF_PATHS.test(c.req.path) ? staff(c, next) : next()));
  const writeLimits: WriteLimits = { limiter: services.limits, rules: services.limitRules };
  const writes = guardWrites(writeLimits, (c) => c.req.path === API.basketState);
  app.route('/', apiV2(services, { imgVersion: settings.IMG_VERSION, writes, push: deps.push }));
  app.route('/', catalogElementApi(services, settings.SITE_ID, writes));
  app.route('/', rpcApi(services, writes));
  // Every page form post: from the shop's own pages or with the sessid, within the write limits (decision 0019).
  app.use('*', guardPageForms({ siteOrigin: siteUrl, limits: writeLimits }));
  // Its pages pay any payment whose id one knows: served only while the test gateway is the provider in force.
  if (paymentProviderOf(settings) === 'test') app.route('/', testGatewayRoutes(services));
  // Its page hands over any parcel whose number one knows: served only while the test carrier is in force.
  if (services.shipments.carrier === 'test') app.route('/', testDeliveryRoutes(services, clock));
  // Spec §2: any page with logout=y ends the session and reloads the address without it, under a new session id;
  // not when another site links to it (the visitor stays logged in).
  app.get('*', async (c, next) => {
    const url = new URL(c.req.url);
    if (url.searchParams.get('logout')?.toLowerCase() !== 'y') return next();
    if (fromAnotherSite(c.req.raw.headers, siteUrl))
      return refusalPage(
        c,
        403,
        'Выход не выполнен',
        'Ссылка на выход пришла с другого сайта. Чтобы выйти, нажмите «Выход» в меню магазина.',
      );
    await services.sessionUser.logOut(c.get('ctx'));
    c.get('session').renew(newSessionId());
    url.searchParams.delete('logout');
    c.header('Cache-Control', 'no-store');
    // Leading slashes collapsed: `//evil.example/?logout=y` must not send the visitor to another host.
    return c.redirect(`/${url.pathname.replace(/^\/+/, '')}${url.search}`, 302);
  });
  app.all('*', async (c) => {
    // A page is read (GET, HEAD) and its forms post; another method is no page's (the router answered it in English).
    if (!PAGE_METHODS.includes(c.req.method)) {
      c.header('allow', PAGE_METHODS.join(', '));
      throw methodNotAllowed(PAGE_METHODS);
    }
    const options: ShopOptions = {
      mapServiceKey: settings.MAPS_API_KEY ?? '',
      // The key stays on the server (the shop asks DaData for the page): the page only learns that suggestions are on.
      addressKeys: settings.ADDRESS_API_KEY ? ['dadata'] : [],
      imgVersion: settings.IMG_VERSION,
      isEnabledGiveOutDiscountCardOnRegister: settings.GIVE_OUT_DISCOUNT_CARD_ON_REGISTER,
      stopBannerChangeOnHover: true,
      urlPersonalDataProcessing: '/agreement/',
      urlOferta: '/info/oferta/',
      urlAuthPage: '/auth/',
      urlRegisterPage: '/auth/register/',
      siteId: settings.SITE_ID,
      onlinePayment: paymentProviderOf(settings) !== 'none',
      metricaId: settings.METRICA_ID ?? '',
      widgetScripts: widgetScripts(settings),
    };
    // A URL deeper than any page is rendered as the address of no page: the same styled 404, without the router's
    // matching work on thousands of segments. So is a URL with NUL or broken UTF-8, which names no page either and
    // must not reach a database query.
    const tooDeep = c.req.path.split('/').filter(Boolean).length > MAX_PAGE_SEGMENTS;
    const request =
      tooDeep || !readableUrl(new URL(c.req.url))
        ? new Request(new URL('/not-found/', c.req.url), { headers: c.req.raw.headers })
        : c.req.raw;
    const cacheTags = new Set([SHELL]);
    const page = await handleRequest(request, {
      services,
      cacheTags,
      ctx: c.get('ctx'),
      options,
      siteUrl,
      nonce: c.get('secureHeadersNonce') ?? '',
      stylesheets,
      log: c.get('log'),
      session: { newId: newSessionId, renew: (id) => c.get('session').renew(id) },
      staffSession: c.get('staffSession'),
      exchangeRerun,
      reloadOpenPages: async () => {
        await deps.push.broadcast(RELOAD_COMMAND);
        return deps.push.size();
      },
    });
    page.headers.set(TAGS_HEADER, [...cacheTags].join(' '));
    return withPageCaching(page);
  });
  return app;
}

/** Every text answer names its charset (issue 13.7): HTML, JSON, CSS, scripts, XML and plain text. */
function withCharset(headers: Headers) {
  const type = headers.get('content-type');
  if (type && !/charset=/i.test(type) && /^(text\/|application\/(json|javascript|xml))/.test(type))
    headers.set('content-type', `${type}; charset=utf-8`);
}

/**
 * Caching of pages and their `.data` answers (issue 13.3, decision 0017). A page is private unless its route declares
 * `cachePolicy('public')` (contract/cache-policy.ts): an answer without a Cache-Control of its own — a redirect or
 * an error, which React Router sends without its route's headers — is `private, no-store`, and so is one that sets a
 * cookie or redirects for a while (`/lk/` sends a stranger to the login page; a `.data` redirect is a 202). A public
 * page is the same for everyone but for the city and gender cookies, hence `Vary: Cookie`.
 */
function withPageCaching(page: Response): Response {
  const headers = page.headers;
  const temporaryRedirect = [202, 302, 303, 307].includes(page.status);
  if (headers.has('set-cookie') || temporaryRedirect || !headers.has('cache-control'))
    headers.set('Cache-Control', PAGE_CACHE_CONTROL.private);
  // (The session cookie of a new visitor is added later, by the session middleware, which then sets no-store.)
  headers.append('Vary', 'Cookie');
  return page;
}

function errorPage(requestId: string): string {
  return messagePage(
    'Что-то пошло не так',
    'Мы уже знаем о проблеме. Обновите страницу через минуту или вернитесь на <a href="/">главную</a>.',
    `<small>Код запроса: ${requestId}</small>`,
  );
}
