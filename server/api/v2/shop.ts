import { Hono } from 'hono';
import type { Services } from '../../../domain/services';
import { shopListInput } from '../../../domain/stores/shops.schemas';
import { parseInput } from '../../http/body';
import type { AppEnv } from '../../http/env';
import { route } from '../route';

/** `/api/v2/shop/*`: the physical shops (spec §7 `shop/list`). */
export function shopApi(services: Services) {
  const api = new Hono<AppEnv>();
  route(api, 'shopList', ['GET', 'POST'], async (c) => {
    const { city } = await parseInput(c, shopListInput);
    return { items: await services.shops.list(c.get('ctx'), { city }) };
  });
  return api;
}
