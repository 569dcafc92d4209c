import type { RequestContext } from '../context';

export interface SessionsRepository {
  /**
   * Records that the session's browser loaded a page: creates its row, or marks it seen when the last mark is a day
   * old (a visit is noted once a day, not on every page).
   */
  visit(sessionId: string): Promise<void>;
}

export interface SessionsService {
  visit(ctx: Pick<RequestContext, 'sessionId'>): Promise<void>;
}

export function createSessionsService(repo: SessionsRepository): SessionsService {
  return { visit: ({ sessionId }) => repo.visit(sessionId) };
}
