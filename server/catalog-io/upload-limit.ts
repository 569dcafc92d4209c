import type { MiddlewareHandler } from 'hono';
import { MAX_IMPORT_MB } from '../../domain/catalog/io/catalog-io';
import { declaredBodyLimit } from '../http/body-limit';
import { HttpError } from '../http/errors';
import type { AppEnv } from '../http/env';

/** The paths that take a catalogue file (issue 47.5): the API's import and the «Импорт и экспорт» page (its data post). */
export const CATALOG_IMPORT_PATH = /^\/(?:api\/v2\/admin\/catalog-io\/import\/|admin\/catalog-io\/(?:_\.data)?)$/;

/** Room for the form's other fields and the multipart headers around the file. */
const FORM_OVERHEAD = 64 * 1024;

/** The body limit of a catalogue file: MAX_IMPORT_MB, refused by a declared Content-Length before a byte is read. */
export function catalogImportBodyLimit(): MiddlewareHandler<AppEnv> {
  return declaredBodyLimit(MAX_IMPORT_MB * 1024 * 1024 + FORM_OVERHEAD, () => {
    throw new HttpError(413, `Слишком большой файл: не больше ${MAX_IMPORT_MB} МБ.`, 'BODY_TOO_LARGE');
  });
}
