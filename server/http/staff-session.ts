import type { MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { STAFF_API } from '../../contract/staff-api';
import type { Services } from '../../domain/services';
import type { AppEnv } from './env';
import { HttpError } from './errors';

/** The staff session's cookie: apart from the shopper's `SHOPSID`, never sent by another site's request. */
export const STAFF_COOKIE = 'SHOPSTAFF';

/** The back office's paths open without a staff session: the login and the page of an invitation link. */
export const OPEN_STAFF_PATHS = new Set(['/admin/login/', '/admin/invite/', STAFF_API.login]);

/** Open by the page's own address or its data request's (`/admin/login/_.data`, what a hydrated form posts to). */
const isOpen = (path: string) => {
  const page = path.toLowerCase().replace(/_?\.data$/, '');
  return OPEN_STAFF_PATHS.has(page.endsWith('/') ? page : `${page}/`);
};

/** The back office's paths, in any letter case: the page router matches `/Admin/` as it does `/admin/`. */
export const STAFF_PATHS = /^\/(api\/v2\/)?admin(\/|$)/i;

/**
 * The gate of the back office (`/admin/*`, `/api/v2/admin/*`), after the request context: the actor becomes the staff
 * member of the staff cookie (or a visitor: the shopper's login means nothing here), and a request without a staff
 * session goes no further than the login — a page to `/admin/login/`, a call or a form post 401. The permission of
 * each page and call is then checked by `requirePermission` at its top.
 */
export function staffGate(deps: {
  services: Pick<Services, 'staffAccounts'>;
  secure: boolean;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ctx = c.get('ctx');
    const token = getCookie(c, STAFF_COOKIE) ?? null;
    const member = token ? await deps.services.staffAccounts.memberOf(token, ctx.now()) : null;
    c.set('ctx', { ...ctx, actor: member ? { kind: 'staff', ...member } : { kind: 'visitor' } });
    // What the answer does with the cookie: a session that is over (idle, ended elsewhere) takes it away.
    const cookie: { change: { start: string } | 'end' | null } = { change: token && !member ? 'end' : null };
    c.set('staffSession', {
      token,
      start: (next) => {
        cookie.change = { start: next };
      },
      end: () => {
        cookie.change = 'end';
      },
    });
    const path = c.req.path;
    if (!member && !isOpen(path)) {
      // A page's data request (`.data`) reaches its loader, whose guard answers the router's own redirect.
      const pageRead = c.req.method === 'GET' || c.req.method === 'HEAD';
      if (c.get('dialect') || !pageRead)
        throw new HttpError(401, 'Войдите в панель управления магазином.', 'STAFF_AUTH_REQUIRED');
      if (!path.endsWith('.data')) {
        c.header('Cache-Control', 'private, no-store');
        return c.redirect(`/admin/login/?next=${encodeURIComponent(path)}`, 302);
      }
    }
    await next();
    c.res.headers.set('Cache-Control', 'private, no-store');
    const { change } = cookie;
    if (change === 'end') deleteCookie(c, STAFF_COOKIE, { path: '/', secure: deps.secure });
    else if (change)
      setCookie(c, STAFF_COOKIE, change.start, {
        path: '/',
        httpOnly: true,
        secure: deps.secure,
        sameSite: 'Strict',
      });
  };
}
