import type { Logger } from 'pino';
import type { RequestContext } from '../../domain/context';
import type { Dialect } from './dialect';
import type { Session } from './session';
import type { StaffSessionCookie } from '../../contract/staff-session';

/** Per-request values the middlewares hand to the handlers. */
export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
    session: Session;
    /** The request context every service call gets; the same object the page loaders get. */
    ctx: RequestContext;
    /** How this path's API answers: set for the API paths only, so errors elsewhere become pages. */
    dialect: Dialect;
    parsedBody: Record<string, unknown>;
    /** The staff session of a back-office request (`staffGate`). */
    staffSession?: StaffSessionCookie;
    /** The CSP nonce of this response (hono's secure-headers `NONCE`). */
    secureHeadersNonce?: string;
  };
}
