/** What went wrong, in business terms; the HTTP layer maps each kind to a status in one table. */
export type ErrorKind =
  | 'validation'
  | 'not_found'
  | 'forbidden'
  | 'unauthorized'
  | 'conflict'
  /** What was asked cannot be had (a size not sold online). */
  | 'unavailable'
  /** An outside service the answer needs (the payment provider, a carrier) does not answer now. */
  | 'outage'
  | 'limit'
  /** What was sent is bigger than the shop takes (a photo over `PHOTO_MAX_MB`). */
  | 'too_large'
  /** Too many calls in a time window (domain/limits): the caller may try again later. */
  | 'rate_limited';

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly code: string = kind.toUpperCase(),
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/**
 * Whether `error` is a domain error. Not `instanceof`: the page build bundles its own copy of this module, and an
 * error thrown by a service of the server's copy must still be recognised there.
 */
export function isDomainError(error: unknown): error is DomainError {
  return error instanceof Error && typeof (error as { kind?: unknown }).kind === 'string';
}
