import type { RequestContext } from '../context';
import type { LimitRule, RateLimiter } from '../limits/limits';

export interface SessionsRepository {
  /**
   * Marks a known session seen when its last mark is a day old (a visit is noted once a day, not on every page);
   * answers whether the session has a row.
   */
  touch(sessionId: string): Promise<boolean>;
  /** Gives a session its row: from now on its product views count and retention keeps it while it is seen. */
  start(sessionId: string): Promise<void>;
}

export interface SessionsService {
  /** A page's visit. */
  visit(ctx: Pick<RequestContext, 'sessionId' | 'client'>): Promise<void>;
}

export function createSessionsService(
  repo: SessionsRepository,
  limits: RateLimiter,
  /** The catalogue's `newSessionsPerClient`. */
  newSessions: LimitRule,
): SessionsService {
  return {
    async visit(ctx) {
      if (await repo.touch(ctx.sessionId)) return;
      // Over the limit the session gets no row yet: its pages and calls still work (shoppers behind one NAT share an
      // address), but its product views do not count, which is all a cookie-dropping script was after.
      if (!(await limits.hit(ctx.client, newSessions)).allowed) return;
      await repo.start(ctx.sessionId);
    },
  };
}
