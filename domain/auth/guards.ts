import type { Actor, RequestContext, Role } from '../context';
import { DomainError } from '../errors';

export type UserActor = Extract<Actor, { kind: 'user' }>;

/** Top of a use-case or loader that needs a logged-in user (epic-stack's `requireUserId`). */
export function requireUser(ctx: Pick<RequestContext, 'actor'>): UserActor {
  if (ctx.actor.kind !== 'user') {
    throw new DomainError('unauthorized', 'Войдите в личный кабинет, чтобы продолжить.', 'AUTH_REQUIRED');
  }
  return ctx.actor;
}

/** Top of a use-case or loader for staff: a user with `role` (admins may do everything). */
export function requireRole(ctx: Pick<RequestContext, 'actor'>, role: Role): UserActor {
  const user = requireUser(ctx);
  if (!user.roles.includes(role) && !user.roles.includes('admin')) {
    throw new DomainError('forbidden', 'Недостаточно прав для этого действия.', 'ROLE_REQUIRED');
  }
  return user;
}
