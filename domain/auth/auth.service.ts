import type { Actor } from '../context';

export interface AuthRepository {
  /** The user bound to the session, or the visitor when none is. */
  actorOf(sessionId: string): Promise<Actor>;
}

export interface AuthService {
  actorOf(sessionId: string): Promise<Actor>;
}

export function createAuthService(repo: AuthRepository): AuthService {
  return { actorOf: (sessionId) => repo.actorOf(sessionId) };
}
