/**
 * What a back-office page or call does with the staff session (server/http/staff-session.ts sets it on every
 * `/admin/` path): start it after a login, end it at logout.
 */
export interface StaffSessionCookie {
  /** The token of the request's staff session, if it sent one. */
  readonly token: string | null;
  start(token: string): void;
  end(): void;
}
