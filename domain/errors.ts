/** What went wrong, in business terms; the HTTP layer maps each kind to a status in one table. */
export type ErrorKind =
  | 'validation'
  | 'not_found'
  | 'forbidden'
  | 'unauthorized'
  | 'conflict'
  | 'unavailable'
  | 'limit';

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
