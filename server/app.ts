import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Logger } from 'pino';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { ShopOptions } from '../app/context';
import type { Settings } from '../config/settings';
import type { Services } from '../domain/services';
import { apiV2 } from './api';
import { catalogElementApi } from './api/catalog-element';
import { rpcHandler } from './api/rpc';
import { compression } from './http/compress';
import type { AppEnv } from './http/env';
import { fail, GENERIC_ERROR } from './http/envelope';
import { sessionMiddleware } from './http/session';
import { staticFiles } from './http/static';
import { imageRoutes } from './images/resize';

export interface AppDeps {
  settings: Settings;
  services: Services;
  build: ServerBuild;
  /** Folder of the client build (build/client). */
  clientDir: string;
  secret: string;
  logger: Logger;
  /** Answers /healthz: throws when the database is unreachable. */
  health: () => Promise<void>;
}

export function createApp(deps: AppDeps) {
  const { settings, services, logger } = deps;
  const app = new Hono<AppEnv>();
  const handleRequest = createRequestHandler(deps.build, process.env.NODE_ENV === 'development' ? 'development' : 'production');

  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    const log = logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    c.header('x-request-id', requestId);
    const started = performance.now();
    await next();
    log.info({ method: c.req.method, url: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) }, 'request');
  });
  app.onError((error, c) => {
    c.get('log').error({ err: error, url: c.req.url }, 'unhandled error');
    if (c.req.path.startsWith('/api/')) return fail(c, 500, [{ message: GENERIC_ERROR, code: 'INTERNAL' }]);
    return c.html(errorPage(c.get('requestId')), 500);
  });
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: 'strict-origin-when-cross-origin',
    }),
  );
  app.get('/healthz', async (c) => {
    try {
      await deps.health();
      return c.json({ status: 'ok' });
    } catch {
      return c.json({ status: 'error' }, 503);
    }
  });
  app.use('*', staticFiles(path.resolve(deps.clientDir)));
  app.route('/images', imageRoutes(path.join(settings.DATA_DIR, 'images')));
  app.use('*', compression());
  app.use('*', sessionMiddleware(deps.secret, settings.SITE_URL.startsWith('https:')));
  app.route('/api/v2', apiV2(services, { imgVersion: settings.IMG_VERSION }));
  app.all('/api/v2/*', (c) => fail(c, 404, [{ message: 'Такого метода API нет.', code: 'NOT_FOUND' }]));
  app.route('/bitrix/components/bitrix/catalog.element', catalogElementApi(services, settings.SITE_ID));
  const rpc = rpcHandler(services);
  app.post('/api/', rpc);
  app.post('/api', rpc);

  app.all('*', async (c) => {
    const session = c.get('session');
    const options: ShopOptions = {
      mapServiceKey: settings.MAPS_API_KEY ?? '',
      addressKeys: settings.ADDRESS_API_KEY ? [settings.ADDRESS_API_KEY] : [],
      imgVersion: settings.IMG_VERSION,
      isEnabledGiveOutDiscountCardOnRegister: settings.GIVE_OUT_DISCOUNT_CARD_ON_REGISTER,
      stopBannerChangeOnHover: true,
      urlPersonalDataProcessing: '/agreement/',
      urlOferta: '/info/oferta/',
      urlAuthPage: '/auth/',
      urlRegisterPage: '/auth/register/',
      siteId: settings.SITE_ID,
      sessid: session.sessid,
    };
    const response = await handleRequest(c.req.raw, {
      services,
      session: { id: session.id, userId: null },
      options,
      requestId: c.get('requestId'),
    });
    // Keep the visitor cookie the session middleware set on this response.
    for (const cookie of c.res.headers.getSetCookie()) response.headers.append('set-cookie', cookie);
    return response;
  });
  return app;
}

function errorPage(requestId: string): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Ошибка — сервис временно недоступен</title><style>body{font:16px/1.5 system-ui,sans-serif;color:#161616;max-width:560px;margin:15vh auto;padding:0 24px}h1{font-size:28px;font-weight:600}a{color:#161616}small{color:#6b6b6b}</style></head><body><h1>Что-то пошло не так</h1><p>Мы уже знаем о проблеме. Обновите страницу через минуту или вернитесь на <a href="/">главную</a>.</p><small>Код запроса: ${requestId}</small></body></html>`;
}
