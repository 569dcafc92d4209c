import { Hono, type MiddlewareHandler } from 'hono';
import { API_V2_BASE } from '../../../contract/api';
import type { Services } from '../../../domain/services';
import { allowedMethods } from '../../http/api-layer';
import type { AppEnv } from '../../http/env';
import { HttpError } from '../../http/errors';
import { catalogListApi } from './catalog-list';
import { catalogProductApi } from './catalog-product';
import { eventApi } from './event';
import { feedbackApi } from './feedback';
import type { PushHub } from '../../push/hub';
import { pushApi } from '../../push/routes';
import { saleApi } from './sale';
import { shopApi } from './shop';
import { userApi } from './user';
import { staffApi } from './admin';
// issue 28 · catalogue
import { catalogueAdminApi } from './admin-catalogue';
// issue 28 · photos
import { adminPhotosApi } from './admin-photos';
// issue 28 · stock
import { adminStockApi } from './admin-stock';
// issue 28 · promo
import { promoAdminApi } from './admin-promo';
// issue 28 · content
import { contentAdminApi } from './admin-content';
// issue 28 · shops-questions
import { shopsQuestionsAdminApi } from './admin-shops-questions';
// issue 28 · customers
import { adminCustomersApi } from './admin-customers';

/**
 * `/api/v2/*` (spec §7): every answer is the envelope; every state-changing call passes `guardWrites` (the sessid and
 * the write limits), given as `writes`.
 */
export function apiV2(
  services: Services,
  options: { imgVersion: string; writes: MiddlewareHandler<AppEnv>; push: PushHub },
) {
  const api = new Hono<AppEnv>();
  api.use(`${API_V2_BASE}/*`, allowedMethods(api), options.writes);
  for (const area of [
    userApi(services),
    catalogProductApi(services, options),
    catalogListApi(services, options),
    saleApi(services),
    shopApi(services),
    eventApi(services),
    feedbackApi(services),
    pushApi(options.push),
    staffApi(services),
    // issue 28 · catalogue
    catalogueAdminApi(services),
    // issue 28 · photos
    adminPhotosApi(services, options),
    // issue 28 · stock
    adminStockApi(services),
    // issue 28 · promo
    promoAdminApi(services),
    // issue 28 · content
    contentAdminApi(services, options.push),
    // issue 28 · shops-questions
    shopsQuestionsAdminApi(services),
    // issue 28 · customers
    adminCustomersApi(services),
  ]) {
    api.route('/', area);
  }
  api.all(`${API_V2_BASE}/*`, () => {
    throw new HttpError(404, 'Такого метода API нет.', 'NOT_FOUND');
  });
  return api;
}
