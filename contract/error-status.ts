import type { ErrorKind } from '../domain/errors';

/**
 * The one table from domain error kinds to HTTP statuses: the API's answers, the back office's forms and the shop's
 * pages refuse alike.
 */
export const STATUS_BY_KIND = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  limit: 422,
  unavailable: 422,
  outage: 503,
  too_large: 413,
  rate_limited: 429,
} as const satisfies Record<ErrorKind, number>;

export const statusOf = (kind: ErrorKind) => STATUS_BY_KIND[kind];
