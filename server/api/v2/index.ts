import { Hono, type MiddlewareHandler } from 'hono';
import { API_V2_BASE } from '../../../contract/api';
import type { Services } from '../../../domain/services';
import { allowedMethods } from '../../http/api-layer';
import type { AppEnv } from '../../http/env';
import { HttpError } from '../../http/errors';
import { catalogListApi } from './catalog-list';
import { catalogProductApi } from './catalog-product';
import { catalogReviewsApi } from './catalog-reviews';
import { catalogRelatedApi } from './catalog-related';
import { eventApi } from './event';
import { feedbackApi } from './feedback';
import type { PushHub } from '../../push/hub';
import { pushApi } from '../../push/routes';
import { saleApi } from './sale';
import { deliveryTownsApi } from './delivery-towns';
import { shopApi } from './shop';
import { userApi } from './user';
import { addressSuggestApi } from '../../delivery/address-routes';
import { catalogAdminApi } from './admin/catalog';
import { catalogIoAdminApi } from './admin/catalog-io';
import { contentAdminApi } from './admin/content';
import { customersAdminApi } from './admin/customers';
import { deskSearchApi } from './admin/search';
import { ordersAdminApi } from './admin/orders';
import { ordersBulkAdminApi } from './admin/orders-bulk';
import { orderEditsAdminApi } from './admin/order-edits';
import { deliveryAdminApi } from './admin/delivery';
import { photosAdminApi } from './admin/photos';
import { promoAdminApi } from './admin/promo';
import { productMakingApi } from './admin/product-making';
import { promoBatchesApi } from './admin/promo-batches';
import { shopsQuestionsAdminApi } from './admin/shops-questions';
import { staffAdminApi } from './admin/staff';
import { stockAdminApi } from './admin/stock';
import { stockDocumentsAdminApi } from './admin/stock-documents';
import { reviewsApi } from './reviews';
import { reviewsAdminApi } from './admin/reviews';
import { funnelAdminApi } from './admin/funnel';
import { notificationsAdminApi } from './admin/notifications';
import { stockAlertsAdminApi, stockAlertsApi } from './stock-alerts';

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
    catalogReviewsApi(services, options),
    catalogRelatedApi(services, options),
    saleApi(services),
    deliveryTownsApi(services),
    shopApi(services),
    eventApi(services),
    feedbackApi(services),
    stockAlertsApi(services),
    stockAlertsAdminApi(services),
    addressSuggestApi(services),
    pushApi(options.push),
    staffAdminApi(services),
    // Before the single-order calls: `/orders/views/` is no order's id.
    ordersBulkAdminApi(services),
    ordersAdminApi(services),
    orderEditsAdminApi(services),
    deliveryAdminApi(services),
    // Before the catalogue's `products/:id/`, which would read «bulk» as a product's id.
    productMakingApi(services),
    catalogAdminApi(services),
    catalogIoAdminApi(services),
    photosAdminApi(services, options),
    stockAdminApi(services),
    stockDocumentsAdminApi(services),
    promoAdminApi(services),
    promoBatchesApi(services),
    contentAdminApi(services, options.push),
    shopsQuestionsAdminApi(services),
    customersAdminApi(services),
    deskSearchApi(services),
    reviewsApi(services),
    reviewsAdminApi(services),
    funnelAdminApi(services),
    notificationsAdminApi(services, options.push),
  ]) {
    api.route('/', area);
  }
  api.all(`${API_V2_BASE}/*`, () => {
    throw new HttpError(404, 'Такого метода API нет.', 'NOT_FOUND');
  });
  return api;
}
