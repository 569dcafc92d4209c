import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Actor } from '../../domain/context';
import type { Services } from '../../domain/services';
import { clientAddress } from './client-address';
import type { AppEnv } from './env';

const VISITOR: Actor = { kind: 'visitor' };
const OF_SESSION: Actor = { kind: 'session' };

/**
 * Resolves the request context once per request, after the session: the actor bound to the session (a new
 * visitor has no session row to look up), the city of the city cookie, the client address and the clock. API
 * handlers read it as `c.get('ctx')`, page loaders as `context.ctx`. A call that `looksUpItsActor` gets the actor
 * `session` instead: its own query finds the session's user (issue 29.1).
 */
export function requestContext(deps: {
  services: Pick<Services, 'sessionUser' | 'regions'>;
  trustProxy: boolean;
  clock: () => Date;
  looksUpItsActor?: (c: Context<AppEnv>) => boolean;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = c.get('session');
    const [actor, city] = await Promise.all([
      session.isNew ? VISITOR : deps.looksUpItsActor?.(c) ? OF_SESSION : deps.services.sessionUser.actorOf(session.id),
      deps.services.regions.current(getCookie(c, 'city')),
    ]);
    c.set('ctx', {
      requestId: c.get('requestId'),
      sessionId: session.id,
      actor,
      city,
      client: clientAddress(c, deps.trustProxy),
      now: deps.clock,
    });
    await next();
  };
}
