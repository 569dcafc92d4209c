import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * A request the HTTP layer itself refuses before any business rule runs (wrong method, unsupported body format,
 * body too large): it carries its own status, unlike a `DomainError`, whose kind the envelope maps to one.
 */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const unsupportedMediaType = () =>
  new HttpError(
    415,
    'Неподдерживаемый формат запроса: отправьте форму (application/x-www-form-urlencoded) или JSON (application/json).',
    'UNSUPPORTED_MEDIA_TYPE',
  );
