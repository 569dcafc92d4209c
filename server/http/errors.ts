import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { STATUS_BY_KIND } from '../../contract/error-status';
import { DomainError } from '../../domain/errors';
import { RateLimitedError } from '../../domain/limits/limits';
import type { ErrorItem } from './dialect';

/**
 * A request the HTTP layer itself refuses before any business rule runs (wrong method, unsupported body format,
 * body too large): it carries its own status, unlike a `DomainError`, whose kind the table below maps to one.
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

export const GENERIC_ERROR = 'Что-то пошло не так. Попробуйте ещё раз через минуту.';

export interface Refusal {
  status: ContentfulStatusCode;
  errors: ErrorItem[];
  /** Headers the answer must carry: `Retry-After` on a 429. */
  headers?: Record<string, string>;
}

/** A known refusal as a status and the errors to show; null for a fault (a bug or an outage: a 500). */
export function refusalOf(error: unknown): Refusal | null {
  if (error instanceof DomainError) {
    return {
      status: STATUS_BY_KIND[error.kind],
      errors: [{ message: error.message, code: error.code }],
      headers: error instanceof RateLimitedError ? { 'retry-after': String(error.retryAfterS) } : undefined,
    };
  }
  if (error instanceof HttpError)
    return { status: error.status, errors: [{ message: error.message, code: error.code }] };
  if (error instanceof z.ZodError) {
    return {
      status: 400,
      errors: error.issues.map((issue) => ({
        message: issue.message,
        code: issue.path.length ? `INVALID_${issue.path.join('_').toUpperCase()}` : 'INVALID_REQUEST',
      })),
    };
  }
  return null;
}

export const unsupportedMediaType = () =>
  new HttpError(
    415,
    'Неподдерживаемый формат запроса: отправьте форму (application/x-www-form-urlencoded) или JSON (application/json).',
    'UNSUPPORTED_MEDIA_TYPE',
  );

export const sessidInvalid = () =>
  new HttpError(403, 'Сессия устарела. Обновите страницу и повторите действие.', 'SESSID_INVALID');

/** 405 with the methods the path answers. */
export const methodNotAllowed = (allowed: string[]) =>
  new HttpError(405, `Этот адрес принимает только запросы ${allowed.join(', ')}.`, 'METHOD_NOT_ALLOWED');
