import type { Actor, RequestContext } from '../context';
import { DomainError } from '../errors';

export type UserActor = Extract<Actor, { kind: 'user' }>;

/** Top of a use-case or loader that needs a logged-in user (epic-stack's `requireUserId`). */
export function requireUser(ctx: Pick<RequestContext, 'actor'>): UserActor {
  if (ctx.actor.kind !== 'user') {
    throw new DomainError('unauthorized', 'Войдите в личный кабинет, чтобы продолжить.', 'AUTH_REQUIRED');
  }
  return ctx.actor;
}
