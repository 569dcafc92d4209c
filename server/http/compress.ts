import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { Context, MiddlewareHandler } from 'hono';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
const MIN_BYTES = 1024;

export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli or gzip for pages and API answers. A page streams, flushing every chunk, so server-rendered pages that
 * stream deferred data still reach the browser piece by piece. A JSON answer is whole already: it is compressed in
 * one piece and answered with its length.
 *
 * The answer's body is touched only once it is to be compressed: reading `body` turns @hono/node-server's plain
 * string answer into a web stream, which it then writes chunk by chunk (a third of a basket call's time under load).
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const encoding = c.req.method === 'HEAD' ? null : pickEncoding(c.req.header('accept-encoding'));
    if (!encoding) return;
    const res = c.res;
    const type = res.headers.get('content-type') ?? '';
    const length = Number(res.headers.get('content-length') ?? Number.NaN);
    // A push stream stays open for hours with a few bytes an hour: a compressor per stream would only hold memory.
    const pushStream = type.startsWith('text/event-stream');
    if (res.headers.has('content-encoding') || !COMPRESSIBLE.test(type) || pushStream || length < MIN_BYTES) return;
    if (type.startsWith('application/json')) {
      const text = Buffer.from(await res.arrayBuffer());
      const body = text.length < MIN_BYTES ? text : await (encoding === 'br' ? brotli(text, BROTLI) : gzip(text));
      const headers = new Headers(res.headers);
      if (body !== text) encodedAs(headers, encoding);
      replace(c, new Response(body, { status: res.status, headers }));
      return;
    }
    if (!res.body) return;
    const stream =
      encoding === 'br'
        ? zlib.createBrotliCompress({ ...BROTLI, flush: zlib.constants.BROTLI_OPERATION_FLUSH })
        : zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH, level: 6 });
    const body = Readable.fromWeb(res.body as import('node:stream/web').ReadableStream).pipe(stream);
    const headers = new Headers(res.headers);
    encodedAs(headers, encoding);
    replace(c, new Response(Readable.toWeb(body) as ReadableStream, { status: res.status, headers }));
  };
}

const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

function encodedAs(headers: Headers, encoding: 'br' | 'gzip') {
  headers.delete('content-length');
  headers.set('content-encoding', encoding);
  headers.append('vary', 'Accept-Encoding');
}

/**
 * Hono merges a response set over an earlier one by copying it (reading its body); cleared first, the new answer
 * stays as built, a plain buffer that is written with its length in one piece.
 */
function replace(c: Context, res: Response) {
  c.res = undefined;
  c.res = res;
}
