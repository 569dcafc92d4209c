import type { MiddlewareHandler } from 'hono';
import { declaredBodyLimit } from '../http/body-limit';
import { HttpError } from '../http/errors';
import type { AppEnv } from '../http/env';

/** The paths that take photo uploads: the API's and the back-office pages' (issue 28), the reviews' (issue 44.2). */
export const PHOTO_UPLOAD_PATH =
  /^\/(?:(?:api\/v2\/)?admin\/(?:products|shops)\/\d{1,9}\/photos\/|api\/v2\/catalog\/product\/reviews\/add\/|lk\/order\/|review\/)$/;

/** Room for the form's other fields and the multipart headers around the files. */
const FORM_OVERHEAD = 64 * 1024;

/**
 * The body limit of a photo upload: `maxMb` of photos in one request. A declared Content-Length above it is refused
 * with 413 before a byte is read; a body without one is counted as it streams and cut off at the limit.
 */
export function photoBodyLimit(maxMb: number): MiddlewareHandler<AppEnv> {
  return declaredBodyLimit(maxMb * 1024 * 1024 + FORM_OVERHEAD, () => {
    throw new HttpError(
      413,
      `Слишком большой запрос: фото за одну загрузку — не больше ${maxMb} МБ. Загрузите их по частям.`,
      'BODY_TOO_LARGE',
    );
  });
}
