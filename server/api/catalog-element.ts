import { Hono, type MiddlewareHandler } from 'hono';
import { CATALOG_ELEMENT_PATH, type CatalogElementAnswer } from '../../contract/api';
import { productViewInput } from '../../domain/catalog/product/product.schemas';
import type { Services } from '../../domain/services';
import { answer } from '../http/api-layer';
import { parseInput } from '../http/body';
import type { AppEnv } from '../http/env';
import { methodNotAllowed } from '../http/errors';

/**
 * Spec §7, the catalogue-element call the product page sends on each view, at the platform's path. It counts the
 * view for popularity, so it passes `writes` (the sessid and the write limits). Answers in the envelope.
 */
export function catalogElementApi(services: Services, siteId: string, writes: MiddlewareHandler<AppEnv>) {
  const input = productViewInput(siteId);
  const api = new Hono<AppEnv>();
  api.post(CATALOG_ELEMENT_PATH, writes, async (c) => {
    const { PRODUCT_ID, PARENT_ID } = await parseInput(c, input);
    const result: CatalogElementAnswer = await services.product.recordView(c.get('ctx'), {
      productId: PRODUCT_ID,
      parentId: PARENT_ID ?? null,
    });
    return answer(c, result);
  });
  api.all(CATALOG_ELEMENT_PATH, (c) => {
    c.header('allow', 'POST');
    throw methodNotAllowed(['POST']);
  });
  return api;
}
