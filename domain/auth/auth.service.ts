import { type Actor, type RequestContext, userIdOf } from '../context';
import { GUEST, type User } from './user';

export interface AuthRepository {
  /** The user bound to the session, or the visitor when none is. */
  actorOf(sessionId: string): Promise<Actor>;
  /** The logged-in user's fields as the spec's User; null when the user is gone. */
  user(userId: number): Promise<User | null>;
}

export interface AuthService {
  actorOf(sessionId: string): Promise<Actor>;
  /** Whoever asks, as the spec's User: the guest for a visitor. */
  currentUser(ctx: Pick<RequestContext, 'actor'>): Promise<User>;
}

export function createAuthService(repo: AuthRepository): AuthService {
  return {
    actorOf: (sessionId) => repo.actorOf(sessionId),
    async currentUser(ctx) {
      const userId = userIdOf(ctx);
      return (userId !== null && (await repo.user(userId))) || GUEST;
    },
  };
}
