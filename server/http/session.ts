import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from './env';

export const SESSION_COOKIE = 'SHOPSID';
const YEAR_SECONDS = 365 * 24 * 3600;

export interface Session {
  /** The visitor id; a server-side row is created the first time something is stored for it. */
  id: string;
  /** The token every state-changing call must carry (spec's `sessid`). */
  sessid: string;
  isNew: boolean;
  /**
   * Sends `newId` (from `newSessionId`) as this answer's session cookie and answers its sessid: a login moves the
   * session to a new id (the old one may have been planted), and calls this once the move has succeeded.
   */
  renew(newId: string): string;
}

function sign(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url').slice(0, 32);
}

/**
 * The most signatures a process keeps. Every call of a visitor checks the same cookie and derives the same sessid,
 * two HMACs that were a few percent of a basket call; past this many kept the list starts again, so strangers'
 * cookies cannot grow it.
 */
const KEPT_SIGNATURES = 20_000;

/** `sign` with `secret`, remembering what it signed. */
function signer(secret: string): (value: string) => string {
  const kept = new Map<string, string>();
  return (value) => {
    let mac = kept.get(value);
    if (mac === undefined) {
      mac = sign(secret, value);
      if (kept.size >= KEPT_SIGNATURES) kept.clear();
      kept.set(value, mac);
    }
    return mac;
  };
}

function equal(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Reads the signed visitor cookie or makes a new visitor id; nothing touches the database here. A new id's cookie
 * goes out with any answer except a publicly cacheable page and a read that `sharesNoSession` names: a public page
 * is the same for everyone, and the calls a page makes after load would each hand out another id at once, so the
 * browser gets its cookie from the visitor state call (which carries the sessid of that id).
 */
export function sessionMiddleware(
  secret: string,
  secure: boolean,
  sharesNoSession: (c: Context<AppEnv>) => boolean = () => false,
): MiddlewareHandler<AppEnv> {
  const signed = signer(secret);
  return async (c, next) => {
    const raw = getCookie(c, SESSION_COOKIE);
    let id: string | null = null;
    if (raw) {
      const [value, mac] = raw.split('.');
      if (value && mac && equal(mac, signed(`id:${value}`))) id = value;
    }
    const isNew = id === null;
    id ??= newSessionId();
    let renewed: string | null = null;
    c.set('session', {
      id,
      isNew,
      sessid: signed(`sessid:${id}`),
      renew(newId) {
        renewed = newId;
        return signed(`sessid:${newId}`);
      },
    });
    await next();
    const issue = isNew && !/\bpublic\b/.test(c.res.headers.get('cache-control') ?? '') && !sharesNoSession(c);
    const cookieId = renewed ?? (issue ? id : null);
    if (cookieId) {
      setCookie(c, SESSION_COOKIE, `${cookieId}.${signed(`id:${cookieId}`)}`, {
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
        secure,
        maxAge: YEAR_SECONDS,
      });
      // An answer that gives a session must never be stored, nor handed to someone else.
      c.res.headers.set('Cache-Control', 'private, no-store');
    }
  };
}

export const newSessionId = () => randomBytes(18).toString('base64url');

export function validSessid(session: Session, sessid: unknown): boolean {
  return typeof sessid === 'string' && equal(sessid, session.sessid);
}

/** The cookie and the sessid of visitor `id`, as a browser holds them (for tools that make visitors in bulk). */
export function signedVisitor(secret: string, id: string): { cookie: string; sessid: string } {
  return { cookie: `${SESSION_COOKIE}=${id}.${sign(secret, `id:${id}`)}`, sessid: sign(secret, `sessid:${id}`) };
}
