import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { pickEncoding } from './compress';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

interface Entry {
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
  type: string;
}

/**
 * Serves the client build from memory. Hashed files under /assets/ are immutable. A text file is answered compressed
 * by its brotli or gzip twin the build wrote beside it (`file.br`, `file.gz`, vite.config.ts), read with it at its
 * first request: nothing is compressed while a visitor waits (issue 46.2).
 */
export function staticFiles(root: string): MiddlewareHandler {
  const cache = new Map<string, Promise<Entry | null>>();
  const load = async (file: string): Promise<Entry | null> => {
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const [raw, br, gzip] = await Promise.all([
      readFile(file),
      readFile(`${file}.br`).catch(() => undefined),
      readFile(`${file}.gz`).catch(() => undefined),
    ]);
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    return { raw, br, gzip, type, etag: `"${createHash('sha1').update(raw).digest('base64url').slice(0, 20)}"` };
  };
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      // Bad percent-encoding (`/%`, `/%E0%A4%A`) names no file: the page handler answers it.
      return next();
    }
    if (pathname === '/' || pathname.endsWith('/')) return next();
    const file = path.join(root, pathname);
    if (!file.startsWith(root + path.sep)) return next();
    let pending = cache.get(file);
    if (!pending) {
      pending = load(file);
      cache.set(file, pending);
    }
    const entry = await pending;
    if (!entry) {
      cache.delete(file);
      return next();
    }
    const immutable = pathname.startsWith('/assets/');
    const headers: Record<string, string> = {
      'content-type': entry.type,
      etag: entry.etag,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
    };
    if (c.req.header('if-none-match') === entry.etag) return c.body(null, 304, headers);
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    const body = (encoding && entry[encoding]) || entry.raw;
    if (body !== entry.raw && encoding) headers['content-encoding'] = encoding;
    headers['content-length'] = String(body.length);
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(new Uint8Array(body), 200, headers);
  };
}

/** The build's stylesheets by address (`/assets/root-….css`), for pages that write them into their head. */
export function readStylesheets(root: string): ReadonlyMap<string, string> {
  const dir = path.join(root, 'assets');
  if (!existsSync(dir)) return new Map();
  const files = readdirSync(dir).filter((name) => name.endsWith('.css'));
  return new Map(files.map((name) => [`/assets/${name}`, readFileSync(path.join(dir, name), 'utf8')]));
}
