import { Hono } from 'hono';
import { STAFF_API } from '../../../contract/staff-api';
import type { Services } from '../../../domain/services';
import {
  stockSubscribeInput,
  stockSubscriptionsQuery,
  stockUnsubscribeInput,
} from '../../../domain/stock-alerts/stock-alerts.schemas';
import { answer } from '../../http/api-layer';
import { parseInput } from '../../http/body';
import type { AppEnv } from '../../http/env';
import { route } from '../route';
import { queryOf, staffCalls } from './admin/kit';

/**
 * «Сообщить о поступлении» (issue 44.1): `catalog/stock/subscribe/` (POST, the sessid rule of every write), the
 * shopper's own subscriptions (GET, after the page loads: pages carry nothing personal) and removing one (POST).
 */
export function stockAlertsApi(services: Services) {
  const api = new Hono<AppEnv>();
  route(api, 'stockSubscribe', ['POST'], async (c) =>
    services.stockAlerts.subscribe(c.get('ctx'), await parseInput(c, stockSubscribeInput)),
  );
  route(api, 'stockSubscriptions', ['GET'], async (c) => {
    const { productId } = queryOf(c, stockSubscriptionsQuery);
    return { items: await services.stockAlerts.mine(c.get('ctx'), productId ?? null) };
  });
  route(api, 'stockUnsubscribe', ['POST'], async (c) => {
    const { id } = await parseInput(c, stockUnsubscribeInput);
    return { items: await services.stockAlerts.remove(c.get('ctx'), id) };
  });
  return api;
}

/** `GET /api/v2/admin/stock-subscriptions/`: who waits for what, per product and size (the buyer's signal for 1C). */
export function stockAlertsAdminApi(services: Services) {
  const calls = staffCalls();
  calls.get(STAFF_API.stockSubscriptions, 'catalog.edit', async (c) =>
    answer(c, { items: await services.stockAlerts.waiting() }),
  );
  return calls.api;
}
