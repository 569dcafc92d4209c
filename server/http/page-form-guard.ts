import type { Context, MiddlewareHandler } from 'hono';
import { RateLimitedError } from '../../domain/limits/limits';
import { READS } from './api-layer';
import type { AppEnv } from './env';
import { messagePage } from './message-page';
import { validSessid } from './session';
import { countWrite, type WriteLimits } from './write-limits';

/**
 * Whether a browser says the request comes from a page of `siteOrigin` itself: its `Origin` is that origin, or,
 * when it sends none, its `Sec-Fetch-Site` is `same-origin`. A request that says neither is not taken as same-origin.
 */
export function fromSameOrigin(headers: Headers, siteOrigin: string): boolean {
  const origin = headers.get('origin');
  if (origin !== null) return origin === siteOrigin;
  return headers.get('sec-fetch-site') === 'same-origin';
}

/**
 * Whether a browser says another site started the request (a link or a form there): `Sec-Fetch-Site` says
 * `cross-site` or `same-site`, or else the `Origin` or the `Referer` is not `siteOrigin`. An address typed or
 * bookmarked says none of it.
 */
export function fromAnotherSite(headers: Headers, siteOrigin: string): boolean {
  const fetchSite = headers.get('sec-fetch-site');
  if (fetchSite !== null) return fetchSite === 'cross-site' || fetchSite === 'same-site';
  const origin = headers.get('origin');
  if (origin !== null) return origin !== siteOrigin;
  const referer = headers.get('referer');
  return referer !== null && originOf(referer) !== siteOrigin;
}

function originOf(address: string): string | null {
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

/** The sessid a form carries as its hidden `sessid` field, or in the `X-Sessid` header. */
async function sessidOf(request: Request): Promise<unknown> {
  const header = request.headers.get('x-sessid');
  if (header !== null) return header;
  const type = request.headers.get('content-type') ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return undefined;
  // A copy: the page's action reads the body itself.
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  return form?.get('sessid') ?? undefined;
}

/** A refusal as a page of its own: the form's action never runs, so nothing changes. */
export function refusalPage(c: Context<AppEnv>, status: 403 | 429, title: string, text: string): Response {
  c.header('Cache-Control', 'no-store');
  return c.html(messagePage(title, text, '<p><a href="/">На главную</a></p>'), status);
}

/**
 * The gate of every page form post (login, registration, the cabinet, the order page, the back office's forms to
 * come), in front of the page handler, as `guardWrites` is for the API (decision 0019). A post must come from the
 * shop's own pages (`fromSameOrigin`) or carry the session's sessid (403 otherwise), and it counts against the
 * write limits of its session and client address (429 with `Retry-After` above either). API paths pass: their
 * dialect's gate checks them.
 */
export function guardPageForms(deps: { siteOrigin: string; limits: WriteLimits }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (READS.has(c.req.method) || c.get('dialect')) return next();
    const request = c.req.raw;
    if (!fromSameOrigin(request.headers, deps.siteOrigin) && !validSessid(c.get('session'), await sessidOf(request)))
      return refusalPage(
        c,
        403,
        'Форма не отправлена',
        'Форма пришла не со страницы магазина. Откройте страницу магазина и отправьте форму ещё раз.',
      );
    try {
      await countWrite(deps.limits, c.get('ctx'));
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error;
      c.header('Retry-After', String(error.retryAfterS));
      return refusalPage(c, 429, 'Слишком много отправок', error.message);
    }
    return next();
  };
}
