/**
 * Who may keep a page (decision 0017). Every page route says it in one line, `export const headers =
 * cachePolicy('public')` or `cachePolicy('private')`; a route that says nothing is private, and so is every answer
 * that carries no route headers (a redirect or an error its loader throws). Only a public page is kept by the page
 * cache and may be kept by a CDN; `tests/api/cache-policy.test.ts` fails on a route that declares no policy.
 */
export const PAGE_CACHE_CONTROL = {
  /** The same for everyone of a city and gender: a browser checks it each time, a CDN keeps it a minute. */
  public: 'public, max-age=0, s-maxage=60, stale-while-revalidate=600',
  /** The visitor's own data, or a GET that acts once (a confirmation link): rendered per visitor, kept by nobody. */
  private: 'private, no-store',
} as const;

export type CachePolicy = keyof typeof PAGE_CACHE_CONTROL;

/**
 * A route's `headers` export declaring its policy. A `Retry-After` its action or loader answered with (a form over
 * its limit) goes out too.
 */
export function cachePolicy(policy: CachePolicy) {
  return ({ actionHeaders, loaderHeaders }: { actionHeaders?: Headers; loaderHeaders?: Headers } = {}) => {
    const headers: Record<string, string> = { 'Cache-Control': PAGE_CACHE_CONTROL[policy] };
    const retryAfter = actionHeaders?.get('Retry-After') ?? loaderHeaders?.get('Retry-After');
    if (retryAfter) headers['Retry-After'] = retryAfter;
    return headers;
  };
}
