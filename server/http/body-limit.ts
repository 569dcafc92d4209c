import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './env';

/**
 * A body limit that reads the declared Content-Length when there is one (Node holds the body to it); a request from
 * the socket with neither it nor Transfer-Encoding has no body. Hono's own reaches for `request.body` first, which
 * builds the full web request of every call, a GET's too; a streamed body is still counted as it comes, by Hono's.
 */
export function declaredBodyLimit(maxSize: number, tooLarge: () => never): MiddlewareHandler<AppEnv> {
  const streamed = bodyLimit({ maxSize, onError: tooLarge });
  return (c, next) => {
    if (c.req.header('transfer-encoding')) return streamed(c, next);
    const length = c.req.header('content-length');
    if (length !== undefined) return Number(length) > maxSize ? tooLarge() : next();
    // Over HTTP/1.1 no length means no body; a request made in the process (tests) may stream one without either.
    return (c.env as { incoming?: unknown } | undefined)?.incoming ? next() : streamed(c, next);
  };
}
