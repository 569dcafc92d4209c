import { type AppLoadContext, data, redirect } from 'react-router';
import { type ErrorKind, isDomainError } from '../../domain/errors';
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

/** The status of a back-office form a rule refused: the same as the API's for that kind of refusal. */
const FORM_STATUS: Partial<Record<ErrorKind, number>> = {
  validation: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
};

export const refusalStatus = (kind: ErrorKind) => FORM_STATUS[kind] ?? 400;

/**
 * A form's refusal by a rule of the domain: its message, with the status (and the wait, over a limit); anything else
 * is thrown on.
 */
export function refused<T extends object>(error: unknown, body: T) {
  if (!isDomainError(error)) throw error;
  const wait = (error as { retryAfterS?: number }).retryAfterS;
  return data(
    { ...body, error: error.message },
    {
      status: refusalStatus(error.kind),
      headers: error.kind === 'rate_limited' ? { 'Retry-After': String(wait ?? 60) } : undefined,
    },
  );
}
