import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from './env';
import { type Dialect, ENVELOPE } from './dialect';
import { HttpError, methodNotAllowed, refusalOf, sessidInvalid } from './errors';
import { readBody } from './body';
import { readableUrl } from './readable-input';
import { validSessid } from './session';
import { countWrite, type WriteLimits } from './write-limits';

/**
 * The one HTTP layer of the shop's three API dialects (`/api/v2`, `POST /api/`, the platform path). A dialect
 * decides only the answer shape; the checks below and the error mapping of `respondError` are the same for all.
 */

/**
 * Marks the paths below as an API of `dialect`: its answers and its errors take that shape. API answers are
 * personal or momentary, so no cache keeps them.
 */
export function speaks(dialect: Dialect): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('dialect', dialect);
    if (!readableUrl(new URL(c.req.url))) {
      throw new HttpError(400, 'Адрес запроса содержит недопустимые символы (\\0 или не UTF-8).', 'BAD_CHARACTERS');
    }
    await next();
    c.res.headers.set('cache-control', 'no-store');
  };
}

/** The back office's calls: their sessid never comes in the address, which logs and `Referer` headers keep. */
const STAFF_CALLS = /^\/api\/v2\/admin\//i;

/** The methods that change nothing: the write gates let them pass. */
export const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The gate of every state-changing call of the three dialects: it must carry the session's `sessid` (in the fields
 * or the `X-Sessid` header; 403 without; a back-office call's not in the query string), then it counts against the
 * write limits of its session and of its client address (429 with `Retry-After` above either). A POST that
 * `onlyReads` (basket/state, which every page calls at start) carries the sessid but is not counted: it changes
 * nothing, and counting would be its only write.
 */
export function guardWrites(
  limits: WriteLimits,
  onlyReads: (c: Context<AppEnv>) => boolean = () => false,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!READS.has(c.req.method)) {
      const body = await readBody(c);
      if (STAFF_CALLS.test(c.req.path) && c.req.query('sessid') !== undefined) throw sessidInvalid();
      if (!validSessid(c.get('session'), body.sessid ?? c.req.header('x-sessid'))) throw sessidInvalid();
      if (!onlyReads(c)) await countWrite(limits, c.get('ctx'));
    }
    await next();
  };
}

/**
 * 405 with `Allow` for a known path asked with a method it does not answer, and a hint for a known path without
 * its final slash. Reads the registered routes of `api` once, after they are all in place.
 */
export function allowedMethods(api: Hono<AppEnv>): MiddlewareHandler<AppEnv> {
  let methodsByPath: Map<string, Set<string>> | null = null;
  return async (c, next) => {
    methodsByPath ??= routeMethods(api.routes);
    const allowed = methodsByPath.get(c.req.path);
    if (!allowed) {
      if (!c.req.path.endsWith('/') && methodsByPath.has(`${c.req.path}/`)) {
        throw new HttpError(404, `Адрес метода API заканчивается косой чертой: ${c.req.path}/`, 'NOT_FOUND');
      }
      return next();
    }
    if (!allowed.has(c.req.method === 'HEAD' ? 'GET' : c.req.method)) {
      const list = [...allowed].sort();
      c.header('allow', list.join(', '));
      throw methodNotAllowed(list);
    }
    return next();
  };
}

function routeMethods(routes: { path: string; method: string }[]): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const { path, method } of routes) {
    if (method === 'ALL' || path.includes('*') || path.includes(':')) continue;
    map.set(path, (map.get(path) ?? new Set()).add(method));
  }
  return map;
}

/** The answer of a successful call, in the path's dialect. */
export function answer(c: Context<AppEnv>, data: unknown): Response {
  return (c.get('dialect') ?? ENVELOPE).ok(c, data);
}

/**
 * A refusal in the path's dialect, or null when the path is no API (a page answers it) or the error is a fault
 * (the caller logs it and answers 500).
 */
export function respondRefusal(c: Context<AppEnv>, error: unknown): Response | null {
  const dialect = c.get('dialect');
  const refusal = refusalOf(error);
  if (!dialect || !refusal) return null;
  for (const [name, value] of Object.entries(refusal.headers ?? {})) c.header(name, value);
  return dialect.fail(c, refusal.status, refusal.errors);
}
