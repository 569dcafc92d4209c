import { type Actor, type RequestContext, userIdOf } from '../context';
import type { SessionUserRepository } from './ports';
import { GUEST, type User } from './user';

export interface SessionUserService {
  actorOf(sessionId: string): Promise<Actor>;
  /** Whoever asks, as the spec's User: the guest for a visitor. */
  currentUser(ctx: Pick<RequestContext, 'actor'>): Promise<User>;
  /** Logs the session in as the user under the new session id, the visitor's basket and wishlist merged in. */
  logIn(ctx: Pick<RequestContext, 'sessionId'>, userId: number, newSessionId: string): Promise<User>;
  logOut(ctx: Pick<RequestContext, 'sessionId'>): Promise<void>;
}

export function createSessionUserService(
  repo: SessionUserRepository,
  mergeVisitorBasket: (sessionId: string, userId: number) => Promise<void>,
  /** Throws when the user may not log in (a customer blocked by the shop, issue 28.5): every login path comes here. */
  refuseLogin: (userId: number) => Promise<void> = async () => {},
): SessionUserService {
  return {
    actorOf: (sessionId) => repo.actorOf(sessionId),
    async currentUser(ctx) {
      const userId = userIdOf(ctx);
      return (userId !== null && (await repo.user(userId))) || GUEST;
    },
    async logIn(ctx, userId, newSessionId) {
      await refuseLogin(userId);
      await mergeVisitorBasket(ctx.sessionId, userId);
      await repo.rotateSession(ctx.sessionId, newSessionId, userId);
      return (await repo.user(userId)) ?? GUEST;
    },
    logOut: (ctx) => repo.endSession(ctx.sessionId),
  };
}
