import { Hono } from 'hono';
import { productPayload } from '../../../contract/catalog';
import { productIdInput } from '../../../domain/catalog/product/product.schemas';
import { adviseSize } from '../../../domain/catalog/size/advice';
import { productSizeAdviceInput, sizeAdviceInput } from '../../../domain/catalog/size/advice.schemas';
import { hasTableSizes, productForAdvice } from '../../../domain/catalog/size/advice-subject';
import { adviseForProduct } from '../../../domain/catalog/size/product-advice';
import { reviewFitShift } from '../../../domain/catalog/size/review-fit';
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
  // Pure rules over the query: the same answers the «Выбор размера» page and the product page give.
  route(api, 'sizeAdvice', ['GET'], async (c) => {
    if (c.req.query('productId') === undefined) return adviseSize(await parseInput(c, sizeAdviceInput));
    const { productId, gender: _asked, ...measures } = await parseInput(c, productSizeAdviceInput);
    const page = await services.product.byId(productId);
    const item = page?.items.find((i) => i.id === page.currentId);
    if (!page || !item) throw new DomainError('not_found', 'Такого товара нет в каталоге.', 'PRODUCT_NOT_FOUND');
    // Buyers' reviews of the model move the advice when enough agree it runs small or large (issue 44.2).
    const found = productForAdvice(
      item,
      page.breadcrumbs,
      reviewFitShift(await services.reviews.fitOfProduct(item.id)),
    );
    if (!hasTableSizes(found.product))
      throw new DomainError(
        'validation',
        `Размеры этого товара — ${found.product.sizes.join(', ')}: по меркам их не подбирают.`,
        'SIZE_NOT_MEASURED',
      );
    return adviseForProduct({ gender: found.gender, ...measures }, found.product);
  });
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
