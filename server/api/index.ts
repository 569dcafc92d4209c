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

/** `/api/v2/*`: every answer is the envelope; every state-changing call must carry the session's sessid. */
export function apiV2(services: Services, options: { imgVersion: string } = { imgVersion: '1' }) {
  const api = new Hono<AppEnv>();
  api.use('*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
    const body = await readBody(c);
    const sessid = body.sessid ?? c.req.header('x-sessid');
    if (!validSessid(c.get('session'), sessid)) {
      return fail(c, 403, [{ message: 'Сессия устарела. Обновите страницу и повторите действие.', code: 'SESSID_INVALID' }]);
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
