import { Hono } from 'hono';
import { productPayload } from '../../../contract/catalog';
import { productIdInput } from '../../../domain/catalog/product/product.schemas';
import { DomainError } from '../../../domain/errors';
import type { Services } from '../../../domain/services';
import { parseInput } from '../../http/body';
import type { AppEnv } from '../../http/env';
import { route } from '../route';

/**
 * `/api/v2/catalog/product/...`:
 * - `GET get/?id=` one product (an id of `products`): item, offers, colour variants, stock, images.
 * - `available/get/` with `id` = a product id (not an offer id): the shops holding any of its sizes, grouped by
 *   city, with the quantity of each offer, so the page can show the chosen size or all of them. It only reads, so
 *   GET answers it without `sessid`; the spec's POST (with `sessid`) answers the same.
 */
export function catalogProductApi(services: Services, options: { imgVersion: string }) {
  const api = new Hono<AppEnv>();
  route(api, 'productGet', ['GET'], async (c) => {
    const { id } = await parseInput(c, productIdInput);
    const page = await services.product.byId(id);
    if (!page) throw new DomainError('not_found', 'Такого товара нет в каталоге.', 'PRODUCT_NOT_FOUND');
    return productPayload(page, options.imgVersion);
  });
  route(api, 'productAvailable', ['GET', 'POST'], async (c) => {
    const { id } = await parseInput(c, productIdInput);
    return services.product.shopAvailability(id);
  });
  return api;
}
