/** What went wrong, in business terms; the HTTP layer maps each kind to a status in one table. */
export type ErrorKind =
  | 'validation'
  | 'not_found'
  | 'forbidden'
  | 'unauthorized'
  | 'conflict'
  | 'unavailable'
  | 'limit'
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
