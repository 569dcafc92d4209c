import { type AppLoadContext, data, redirect } from 'react-router';
import { isDomainError } from '../../domain/errors';
import { requirePermission, type StaffAction } from '../../domain/staff/permissions';
import type { StaffMember } from '../../domain/staff/staff-member';
import type { StaffSessionCookie } from '../../contract/staff-session';

/**
 * Top of every back-office loader and action: the one guard (`requirePermission`), as the router answers it — no
 * staff session: the login page, with the way back; a role that may not: 403. What a member of one shop sees of it
 * is the services' to limit.
 */
export function staffPage(request: Request, context: AppLoadContext, action: StaffAction): StaffMember {
  try {
    return requirePermission(context.ctx, action);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.kind === 'unauthorized') {
      const url = new URL(request.url);
      throw redirect(`/admin/login/?next=${encodeURIComponent(url.pathname)}`);
    }
    throw data(error.message, { status: 403 });
  }
}

/** The staff cookie of this request: the gate sets it on every `/admin/` path. */
export function staffCookie(context: AppLoadContext): StaffSessionCookie {
  if (!context.staffSession) throw new Error('staffGate is not in front of the back office');
  return context.staffSession;
}

/** Where to go after a login: a back-office path only, never another site. */
export function afterLogin(next: string | null): string {
  return next && /^\/admin\/[\w\-/]*$/.test(next) && !next.startsWith('/admin/login') ? next : '/admin/';
}
