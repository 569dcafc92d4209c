import { Hono } from 'hono';
import type { Services } from '../../domain/services';
import { readBody } from '../http/body';
import type { AppEnv } from '../http/env';
import { errorResponse, fail } from '../http/envelope';
import { validSessid } from '../http/session';
import { catalogListApi } from './v2/catalog-list';
import { catalogProductApi } from './v2/catalog-product';
import { eventApi } from './v2/event';
import { saleApi } from './v2/sale';
import { userApi } from './v2/user';

/** Where `apiV2` is mounted. */
export const API_BASE = '/api/v2';

function routeMethods(routes: { path: string; method: string }[]): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const { path, method } of routes) {
    if (method === 'ALL' || path.includes('*') || path.includes(':')) continue;
    map.set(path, (map.get(path) ?? new Set()).add(method));
  }
  return map;
}

/** `/api/v2/*`: every answer is the envelope; every state-changing call must carry the session's sessid. */
export function apiV2(services: Services, options: { imgVersion: string } = { imgVersion: '1' }) {
  const api = new Hono<AppEnv>();
  // Path -> the methods it answers, read from the routes below once they are all registered.
  let methodsByPath: Map<string, Set<string>> | null = null;
  api.use('*', async (c, next) => {
    methodsByPath ??= routeMethods(api.routes);
    const path = c.req.path.startsWith(API_BASE) ? c.req.path.slice(API_BASE.length) : c.req.path;
    const allowed = methodsByPath.get(path);
    if (!allowed) {
      if (!path.endsWith('/') && methodsByPath.has(`${path}/`)) {
        return fail(c, 404, [
          { message: `Адрес метода API заканчивается косой чертой: ${API_BASE}${path}/`, code: 'NOT_FOUND' },
        ]);
      }
      return next();
    }
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    if (!allowed.has(method)) {
      const list = [...allowed].sort().join(', ');
      c.header('allow', list);
      return fail(c, 405, [
        { message: `Этот метод API принимает только запросы ${list}.`, code: 'METHOD_NOT_ALLOWED' },
      ]);
    }
    return next();
  });
  api.use('*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
    const body = await readBody(c);
    const sessid = body.sessid ?? c.req.header('x-sessid');
    if (!validSessid(c.get('session'), sessid)) {
      return fail(c, 403, [
        { message: 'Сессия устарела. Обновите страницу и повторите действие.', code: 'SESSID_INVALID' },
      ]);
    }
    return next();
  });
  api.route('/user', userApi(services));
  api.route('/catalog', catalogProductApi(services, options));
  api.route('/catalog', catalogListApi(services, options));
  api.route('/sale', saleApi(services));
  api.route('/event', eventApi(services));
  api.onError((error, c) => {
    const known = errorResponse(c, error);
    if (known) return known;
    throw error;
  });
  return api;
}
