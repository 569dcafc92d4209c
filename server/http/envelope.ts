import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { DomainError, type ErrorKind } from '../../domain/errors';
import { HttpError } from './errors';

/** The one table from domain error kinds to HTTP statuses. */
export const STATUS_BY_KIND: Record<ErrorKind, ContentfulStatusCode> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  limit: 422,
  unavailable: 422,
};

export interface ErrorItem {
  message: string;
  code: string;
}

export const GENERIC_ERROR = 'Что-то пошло не так. Попробуйте ещё раз через минуту.';

export function ok<T>(c: Context, data: T) {
  return c.json({ status: 'ok' as const, data });
}

export function fail(c: Context, status: ContentfulStatusCode, errors: ErrorItem[]) {
  return c.json({ status: 'error' as const, errors }, status);
}

/** A zod failure as the envelope's errors: the first message is the one the shopper sees. */
export function validationErrors(error: z.ZodError): ErrorItem[] {
  return error.issues.map((issue) => ({
    message: issue.message,
    code: issue.path.length ? `INVALID_${issue.path.join('_').toUpperCase()}` : 'INVALID_REQUEST',
  }));
}

export function errorResponse(c: Context, error: unknown) {
  if (error instanceof DomainError) {
    return fail(c, STATUS_BY_KIND[error.kind], [{ message: error.message, code: error.code }]);
  }
  if (error instanceof HttpError) return fail(c, error.status, [{ message: error.message, code: error.code }]);
  if (error instanceof z.ZodError) return fail(c, 400, validationErrors(error));
  return null;
}
