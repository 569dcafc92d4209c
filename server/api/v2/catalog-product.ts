import { Hono } from 'hono';
import { z } from 'zod';
import type { ProductItem, ProductPage } from '../../../domain/catalog/product/product';
import { DomainError } from '../../../domain/errors';
import { positiveInt } from '../../../domain/input';
import type { Services } from '../../../domain/services';
import { imageUrl } from '../../../app/lib/images';
import { parseInput } from '../../http/body';
import type { AppEnv } from '../../http/env';
import { ok } from '../../http/envelope';

const BAD_ID = 'Укажите номер товара — целое положительное число.';
/** Ids are int4 in the database: a bigger number is bad input, not a database error; `0x10` or `true` is no id. */
export const productIdInput = z.object({ id: positiveInt(BAD_ID, BAD_ID) });

const notFound = () => new DomainError('not_found', 'Такого товара нет в каталоге.', 'PRODUCT_NOT_FOUND');

/** The read API of one product: the same data the product page renders, image files turned into URLs. */
export function productPayload(page: ProductPage, imgVersion: string) {
  const item = page.items.find((i) => i.id === page.currentId) as ProductItem;
  const offerIds = new Set(item.offers.map((o) => o.id));
  const { offers, images, seo, ...rest } = item;
  return {
    item: { ...rest, seo: { ...seo, image: seo.image ? imageUrl(seo.image, 'detail', imgVersion) : null } },
    offers,
    variants: page.items.map((v) => ({
      id: v.id,
      url: v.url,
      colorCode: v.color.code,
      colorName: v.color.name,
      colorHex: v.color.hex,
      image: v.images[0] ? imageUrl(v.images[0].file, 'listingMobile', imgVersion) : null,
      current: v.id === item.id,
    })),
    availability: page.availabilityOffers.filter((a) => offerIds.has(a.id)),
    restrictionOrderShops: Object.fromEntries(
      Object.entries(page.restrictionOrderShops).filter(([id]) => offerIds.has(Number(id))),
    ),
    onlineStoreIds: page.onlineStoreIds,
    movementStoreIds: page.movementStoreIds,
    images: images.map((i) => ({
      sid: item.sid,
      sort: i.sort,
      file: i.file,
      thumb: imageUrl(i.file, 'thumb', imgVersion),
      detail: imageUrl(i.file, 'detail', imgVersion),
      source: imageUrl(i.file, 'source', imgVersion),
    })),
    breadcrumbs: page.breadcrumbs,
  };
}

/**
 * `/api/v2/catalog/product/...`:
 * - `GET get/?id=` one product (an id of `products`): item, offers, colour variants, stock, images.
 * - `POST available/get/` with `id` = a product id (not an offer id): the shops holding any of its sizes,
 *   grouped by city, with the quantity of each offer, so the page can show the chosen size or all of them.
 */
export function catalogProductApi(services: Services, options: { imgVersion: string }) {
  const api = new Hono<AppEnv>();
  api.get('/product/get/', async (c) => {
    const { id } = await parseInput(c, productIdInput);
    const page = await services.product.byId(id);
    if (!page) throw notFound();
    return ok(c, productPayload(page, options.imgVersion));
  });
  api.post('/product/available/get/', async (c) => {
    const { id } = await parseInput(c, productIdInput);
    return ok(c, await services.product.shopAvailability(id));
  });
  return api;
}
