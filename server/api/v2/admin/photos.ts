import type { Context } from 'hono';
import { STAFF_API } from '../../../../contract/staff-api';
import { imageUrl } from '../../../../contract/images';
import type { PhotoBoard } from '../../../../domain/photos/photos';
import { ownerId, photoId, photoOrderInput } from '../../../../domain/photos/photos.schemas';
import type { Services } from '../../../../domain/services';
import { answer } from '../../../http/api-layer';
import { readBody } from '../../../http/body';
import type { AppEnv } from '../../../http/env';
import { HttpError } from '../../../http/errors';
import { staffCalls } from './kit';

/** The files of a multipart upload's `file` field (one or several), as bytes. */
export async function uploadedFiles(fields: Record<string, unknown>): Promise<Uint8Array[]> {
  const value = fields.file;
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  if (list.some((v) => !(v instanceof File)))
    throw new HttpError(400, 'Поле file — файлы фото (multipart/form-data).', 'PHOTO_NOT_FILE');
  const files = list as File[];
  // An empty file input of a form sends one nameless empty part: that is no file.
  return Promise.all(
    files.filter((f) => f.size > 0 || f.name !== '').map(async (f) => new Uint8Array(await f.arrayBuffer())),
  );
}

/**
 * `/api/v2/admin/products/{id}/photos/` (issue 28.6): upload (multipart, field `file`, one or several), order, delete.
 * Every answer is the product's photos in order, the main one first.
 */
export function photosAdminApi(services: Services, options: { imgVersion: string }) {
  const calls = staffCalls();
  const view = (board: PhotoBoard) => ({
    photos: board.photos.map((p) => ({
      id: p.id,
      file: p.file,
      url: imageUrl(p.file, 'source', options.imgVersion),
      sort: p.sort,
    })),
  });
  const productOf = (c: Context<AppEnv>) => ownerId(c.req.param('id'), 'товара');

  calls.get(STAFF_API.productPhotos, 'catalog.edit', async (c) =>
    answer(c, view(await services.photos.productPhotos(c.get('ctx'), productOf(c)))),
  );
  calls.post(STAFF_API.productPhotos, 'catalog.edit', async (c) => {
    const id = productOf(c);
    if (!(c.req.header('content-type') ?? '').toLowerCase().includes('multipart/form-data'))
      throw new HttpError(415, 'Фото загружаются формой multipart/form-data, поле file.', 'UNSUPPORTED_MEDIA_TYPE');
    const files = await uploadedFiles(await readBody(c));
    return answer(c, view(await services.photos.addProductPhotos(c.get('ctx'), id, files)));
  });
  calls.writeTo(STAFF_API.productPhotoOrder, 'catalog.edit', productOf, photoOrderInput, async (ctx, id, { ids }) =>
    view(await services.photos.orderProductPhotos(ctx, id, ids)),
  );
  calls.post(STAFF_API.productPhotoDelete, 'catalog.edit', async (c) => {
    const id = productOf(c);
    const photo = photoId(c.req.param('photoId'));
    return answer(c, view(await services.photos.deleteProductPhoto(c.get('ctx'), id, photo)));
  });
  return calls.api;
}
