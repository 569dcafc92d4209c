import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
const MIN_BYTES = 1024;

export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/**
 * Brotli or gzip for pages and API answers. It streams, flushing every chunk, so server-rendered pages
 * that stream deferred data still reach the browser piece by piece.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('content-type') ?? '';
    const length = Number(res.headers.get('content-length') ?? Number.NaN);
    // A push stream stays open for hours with a few bytes an hour: a compressor per stream would only hold memory.
    const pushStream = type.startsWith('text/event-stream');
    if (
      !res.body ||
      res.headers.has('content-encoding') ||
      !COMPRESSIBLE.test(type) ||
      pushStream ||
      length < MIN_BYTES
    )
      return;
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    if (!encoding || c.req.method === 'HEAD') return;
    const stream =
      encoding === 'br'
        ? zlib.createBrotliCompress({
            flush: zlib.constants.BROTLI_OPERATION_FLUSH,
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
          })
        : zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH, level: 6 });
    const body = Readable.fromWeb(res.body as import('node:stream/web').ReadableStream).pipe(stream);
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    headers.set('content-encoding', encoding);
    headers.append('vary', 'Accept-Encoding');
    c.res = new Response(Readable.toWeb(body) as ReadableStream, { status: res.status, headers });
  };
}
