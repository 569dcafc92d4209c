import type { Logger } from 'pino';
import type { Session } from './session';

/** Per-request values the middlewares hand to the handlers. */
export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
    session: Session;
    parsedBody: Record<string, unknown>;
  };
}
