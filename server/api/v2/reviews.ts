import { Hono } from 'hono';
import { API } from '../../../contract/api';
import type { Services } from '../../../domain/services';
import { answer } from '../../http/api-layer';
import { readBody } from '../../http/body';
import type { AppEnv } from '../../http/env';
import { HttpError } from '../../http/errors';

/** The files of the multipart field `photos` (or `photos[]`), as bytes; an empty file input sends none. */
export async function reviewPhotos(fields: Record<string, unknown>): Promise<Uint8Array[]> {
  const value = fields.photos ?? fields['photos[]'];
  const list = Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value];
  if (list.some((v) => !(v instanceof File)))
    throw new HttpError(400, 'Поле photos — файлы фото (multipart/form-data).', 'REVIEW_PHOTO_NOT_FILE');
  const files = (list as File[]).filter((f) => f.size > 0 || f.name !== '');
  return Promise.all(files.map(async (f) => new Uint8Array(await f.arrayBuffer())));
}

/**
 * `POST /api/v2/catalog/product/reviews/add/` `{orderId, offerId, rating, text, fit, height?, size?, token?}` with
 * photos as multipart `photos` (up to 5) → `data.review {id, state: 'pending'}`. The sessid rule and the write limits
 * are the API's gate's; the owner of the order line, one review per line and the photos' checks are the service's.
 */
export function reviewsApi(services: Services) {
  const api = new Hono<AppEnv>();
  api.post(API.productReviewAdd, async (c) => {
    const fields = await readBody(c);
    const photos = await reviewPhotos(fields);
    const { photos: _files, 'photos[]': _list, ...rest } = fields;
    return answer(c, await services.reviews.add(c.get('ctx'), rest, photos));
  });
  return api;
}
