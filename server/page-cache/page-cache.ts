import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { API_V2_BASE, CATALOG_ELEMENT_PATH, RPC_PATH } from '../../contract/api';
import { type Invalidations, parseTags } from '../../domain/cache-tags';
import { pickEncoding } from '../http/compress';
import type { AppEnv } from '../http/env';
import { createPageStore, type PageEntry } from './store';

/** The header a rendered page names its tags in; only the cache reads it, nobody else sees it. */
export const TAGS_HEADER = 'x-cache-tags';
/** A kept page is served as it is for this long, then served while a new render replaces it. */
const FRESH_MS = 60_000;
/** After this, a kept page is too old to be served even once more: the visitor waits for a render. */
const MAX_STALE_MS = 10 * 60_000;
/** A key whose page turned out personal is rendered per visitor, without asking the cache, for this long. */
const PASS_MS = 10 * 60_000;
const MAX_PASS_KEYS = 10_000;
/** The cookies that change a public page's markup (decision 0011): the header's city and the menu's gender. */
const KEY_COOKIES = ['city', 'user_gender'] as const;
/** Query parameters only ads and mail campaigns add: the page is the same without them. */
const TRACKING = /^(utm_\w+|yclid|gclid|fbclid|_openstat)$/i;
/** Addresses that are never pages: the API, images and the health check; files by their extension. */
const NOT_PAGES = [`${API_V2_BASE}/`, RPC_PATH, CATALOG_ELEMENT_PATH, '/images/', '/assets/', '/healthz'];
const FILE = /\.(?!data$)\w+$/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What a render gave: a page now kept, or an answer for one visitor only (their session's, a redirect, a 404). */
type Rendered = { kind: 'stored'; entry: PageEntry } | { kind: 'personal' };

export interface PageCacheOptions {
  enabled: boolean;
  maxBytes: number;
  invalidations: Invalidations;
  /** Renders a request through the whole app (the cache lets its own requests pass). */
  render(request: Request, env: unknown): Promise<Response>;
  now?: () => number;
  onError?(error: unknown, url: string): void;
}

/**
 * The composite page cache (decision 0017). A page whose route declares `cachePolicy('public')` is the same for
 * everyone with its key — the address and the two cookies that change its markup — so it is kept once with its brotli and
 * gzip copies, served to everyone with that key (304 to a browser that has it), refreshed in the background from
 * the key alone when a minute old (one render per key at a time), and dropped when the database announces a change
 * to one of its tags. The visitor's own parts come from `/api/v2/user/state/` after load.
 */
export function pageCache(options: PageCacheOptions): MiddlewareHandler<AppEnv> {
  const { enabled, render, now = Date.now } = options;
  const store = createPageStore(options.maxBytes);
  const inflight = new Map<string, Promise<Rendered>>();
  const passes = new Map<string, number>();
  const internal = new WeakSet<Request>();
  options.invalidations.subscribe((tags) => {
    store.invalidate(tags);
  });

  /** One render per key at a time: whoever asks while it runs waits for it. */
  function once(key: string, run: () => Promise<Rendered>): Promise<Rendered> {
    const running = inflight.get(key);
    if (running) return running;
    const done = run().finally(() => inflight.delete(key));
    inflight.set(key, done);
    return done;
  }

  /** A render from the key alone: the URL and the key's cookies, nothing of whoever asked. */
  function refresh(key: string, url: URL, cookies: string, env: unknown): Promise<Rendered> {
    return once(key, async () => {
      const startedAt = store.generation();
      const request = new Request(url, { headers: cookies ? { cookie: cookies } : {} });
      internal.add(request);
      const res = await render(request, env);
      if (!storable(res)) {
        await res.body?.cancel();
        return markPersonal(key);
      }
      return keep(key, res, startedAt);
    });
  }

  async function keep(key: string, res: Response, startedAt: number): Promise<Rendered> {
    const tags = parseTags(res.headers.get(TAGS_HEADER) ?? '');
    const body = Buffer.from(await res.arrayBuffer());
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip(body, { level: 9 }),
    ]);
    const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
    const headers = [...res.headers].filter(([name]) => !DROPPED.has(name));
    const entry: PageEntry = {
      key,
      headers: [...headers, ['etag', etag], ['vary', 'Accept-Encoding, Cookie']],
      body: { identity: body, br, gzip: gz },
      etag,
      tags,
      storedAt: now(),
    };
    store.put(entry, startedAt);
    return { kind: 'stored', entry };
  }

  function markPersonal(key: string): Rendered {
    store.remove(key);
    if (passes.size >= MAX_PASS_KEYS) passes.delete(passes.keys().next().value as string);
    passes.set(key, now() + PASS_MS);
    return { kind: 'personal' };
  }

  return async (c, next) => {
    const method = c.req.method;
    if (internal.has(c.req.raw)) return next();
    const url = new URL(c.req.url);
    if (
      !enabled ||
      (method !== 'GET' && method !== 'HEAD') ||
      NOT_PAGES.some((p) => url.pathname.startsWith(p)) ||
      FILE.test(url.pathname) ||
      url.searchParams.has('logout')
    ) {
      await next();
      c.res.headers.delete(TAGS_HEADER);
      return;
    }
    for (const name of [...url.searchParams.keys()]) if (TRACKING.test(name)) url.searchParams.delete(name);
    const cookies = KEY_COOKIES.map((name) => [name, getCookie(c, name)?.slice(0, 40)] as const)
      .filter(([, value]) => value && /^[\w-]+$/.test(value))
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const key = `${url.pathname}${url.search} ${cookies}`;

    const passUntil = passes.get(key);
    if (passUntil !== undefined && passUntil > now()) return personal(c, next);

    const entry = store.get(key);
    const age = entry ? now() - entry.storedAt : 0;
    if (entry && age < MAX_STALE_MS) {
      if (age >= FRESH_MS && !inflight.has(key)) {
        refresh(key, url, cookies, c.env).catch((error) => options.onError?.(error, url.href));
      }
      return serveEntry(c, entry, age >= FRESH_MS ? 'stale' : 'hit', now());
    }
    // A HEAD has no body to keep.
    if (method === 'HEAD') return personal(c, next);
    // A miss is rendered for the visitor who asked, as without a cache (a GET of a personal page may do something
    // once, such as confirming an address), and kept if its route says it is public; visitors asking meanwhile
    // wait for it.
    let renderedHere = false;
    const rendered = await once(key, async () => {
      renderedHere = true;
      const startedAt = store.generation();
      await next();
      return storable(c.res) ? keep(key, c.res, startedAt) : markPersonal(key);
    }).catch((error: unknown): Rendered => {
      if (renderedHere) throw error;
      return { kind: 'personal' };
    });
    if (rendered.kind === 'stored') {
      const served = serveEntry(c, rendered.entry, 'miss', now());
      // The rendered answer's headers must not be merged into the kept copy's (Hono merges on assignment).
      c.res = undefined;
      c.res = served;
      return;
    }
    if (!renderedHere) return personal(c, next);
    c.res.headers.delete(TAGS_HEADER);
    c.res.headers.set('x-cache', 'pass');
  };
}

/** A page everyone with its key may get: a 200 of a route that declares itself public and sets no cookie. */
function storable(res: Response): boolean {
  return (
    res.status === 200 &&
    res.headers.has(TAGS_HEADER) &&
    /\bpublic\b/.test(res.headers.get('cache-control') ?? '') &&
    !res.headers.has('set-cookie')
  );
}

/** Rendered per visitor, as without a cache. */
async function personal(c: Context<AppEnv>, next: () => Promise<void>) {
  await next();
  c.res.headers.delete(TAGS_HEADER);
  c.res.headers.set('x-cache', 'pass');
}

function serveEntry(c: Context<AppEnv>, entry: PageEntry, state: 'hit' | 'stale' | 'miss', at: number) {
  const headers = new Headers(entry.headers);
  headers.set('x-cache', state);
  headers.set('age', String(Math.floor((at - entry.storedAt) / 1000)));
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch?.split(',').some((tag) => tag.trim() === entry.etag)) {
    headers.delete('content-type');
    return c.body(null, 304, Object.fromEntries(headers));
  }
  const encoding = pickEncoding(c.req.header('accept-encoding'));
  const body = encoding ? entry.body[encoding] : entry.body.identity;
  if (encoding) headers.set('content-encoding', encoding);
  headers.set('content-length', String(body.length));
  const init = Object.fromEntries(headers);
  return c.req.method === 'HEAD' ? c.body(null, 200, init) : c.body(new Uint8Array(body), 200, init);
}

/** Headers of a render that are not the page's own: its request id, length and the cache's own signals. */
const DROPPED = new Set([TAGS_HEADER, 'x-request-id', 'content-length', 'content-encoding', 'set-cookie', 'x-cache']);
