import { type Actor, type RequestContext, userIdOf } from '../context';
import { GUEST, type User } from './user';

export interface AuthRepository {
  /** The user bound to the session, or the visitor when none is. */
  actorOf(sessionId: string): Promise<Actor>;
  /** The logged-in user's fields as the spec's User; null when the user is gone. */
  user(userId: number): Promise<User | null>;
  /**
   * Moves a session to a new id bound to the user, in one transaction: the old id stops working, so a session id
   * planted before login (session fixation) is worth nothing after it. The confirmed phone goes along.
   */
  rotateSession(oldId: string, newId: string, userId: number): Promise<void>;
  /** Ends the session: its row goes, and with it the binding to the user. */
  endSession(sessionId: string): Promise<void>;
}

export interface AuthService {
  actorOf(sessionId: string): Promise<Actor>;
  /** Whoever asks, as the spec's User: the guest for a visitor. */
  currentUser(ctx: Pick<RequestContext, 'actor'>): Promise<User>;
  /** Logs the session in as the user under the new session id, the visitor's basket and wishlist merged in. */
  logIn(ctx: Pick<RequestContext, 'sessionId'>, userId: number, newSessionId: string): Promise<User>;
  logOut(ctx: Pick<RequestContext, 'sessionId'>): Promise<void>;
}

export function createAuthService(
  repo: AuthRepository,
  mergeVisitorBasket: (sessionId: string, userId: number) => Promise<void>,
): AuthService {
  return {
    actorOf: (sessionId) => repo.actorOf(sessionId),
    async currentUser(ctx) {
      const userId = userIdOf(ctx);
      return (userId !== null && (await repo.user(userId))) || GUEST;
    },
    async logIn(ctx, userId, newSessionId) {
      await mergeVisitorBasket(ctx.sessionId, userId);
      await repo.rotateSession(ctx.sessionId, newSessionId, userId);
      return (await repo.user(userId)) ?? GUEST;
    },
    logOut: (ctx) => repo.endSession(ctx.sessionId),
  };
}
