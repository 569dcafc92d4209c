import { type Context, Hono } from 'hono';
import { STAFF_API } from '../../../contract/staff-api';
import { imageUrl } from '../../../contract/images';
import type { PhotoBoard } from '../../../domain/photos/photos';
import { ownerId, photoId, photoOrderInput } from '../../../domain/photos/photos.schemas';
import type { Services } from '../../../domain/services';
import { requirePermission } from '../../../domain/staff/permissions';
import { answer } from '../../http/api-layer';
import { parseInput, readBody } from '../../http/body';
import type { AppEnv } from '../../http/env';
import { HttpError } from '../../http/errors';
import { PhotoTooLargeError } from '../../images/upload-check';

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

/** A file over the limit is a 413, as a body over it is. */
async function withSizeStatus<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PhotoTooLargeError) throw new HttpError(413, error.message, error.code);
    throw error;
  }
}

/**
 * `/api/v2/admin/products/{id}/photos/` (issue 28.6): upload (multipart, field `file`, one or several), order, delete.
 * Every answer is the product's photos in order, the main one first.
 */
export function adminPhotosApi(services: Services, options: { imgVersion: string }) {
  const api = new Hono<AppEnv>();
  const view = (board: PhotoBoard) => ({
    photos: board.photos.map((p) => ({
      id: p.id,
      file: p.file,
      url: imageUrl(p.file, 'source', options.imgVersion),
      sort: p.sort,
    })),
  });
  const productOf = (c: Context<AppEnv>) => ownerId(c.req.param('id'), 'товара');

  api.get(STAFF_API.productPhotos, async (c) =>
    answer(c, view(await services.photos.productPhotos(c.get('ctx'), productOf(c)))),
  );
  api.post(STAFF_API.productPhotos, async (c) => {
    const ctx = c.get('ctx');
    const id = productOf(c);
    // The permission before the body is read: a role that may not uploads nothing to be checked.
    requirePermission(ctx, 'catalog.edit');
    if (!(c.req.header('content-type') ?? '').toLowerCase().includes('multipart/form-data'))
      throw new HttpError(415, 'Фото загружаются формой multipart/form-data, поле file.', 'UNSUPPORTED_MEDIA_TYPE');
    const files = await uploadedFiles(await readBody(c));
    return answer(c, view(await withSizeStatus(() => services.photos.addProductPhotos(ctx, id, files))));
  });
  api.post(STAFF_API.productPhotoOrder, async (c) => {
    const ctx = c.get('ctx');
    const id = productOf(c);
    requirePermission(ctx, 'catalog.edit');
    const { ids } = await parseInput(c, photoOrderInput);
    return answer(c, view(await services.photos.orderProductPhotos(ctx, id, ids)));
  });
  api.post(STAFF_API.productPhotoDelete, async (c) => {
    const ctx = c.get('ctx');
    const id = productOf(c);
    const photo = photoId(c.req.param('photoId'));
    requirePermission(ctx, 'catalog.edit');
    return answer(c, view(await services.photos.deleteProductPhoto(ctx, id, photo)));
  });
  return api;
}
