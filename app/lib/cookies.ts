/** Reads one cookie from a Cookie header (server) or document.cookie (browser). */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

import { PROFILE_COOKIE_DAYS, PROFILE_COOKIES, profileCookiesOf } from '../../contract/profile-cookies';

export { PROFILE_COOKIE_DAYS };

/** Spec §3: cookies live 365 days by default, the shopper's profile cookies 360. */
export const COOKIE_DAYS = 365;

/** Spec §3: the discount card the shopper gave at checkout, applied again on their next order. */
export const ORDER_DISCOUNT_CARD_COOKIE = 'order_discount_card';

/** One cookie the browser's code reads, as `document.cookie` takes it and as a `Set-Cookie` header carries it. */
export function cookieLine(name: string, value: string, days = COOKIE_DAYS): string {
  return `${name}=${encodeURIComponent(value)}; path=/; max-age=${days * 86400}; samesite=lax`;
}

export function writeCookie(name: string, value: string, days = COOKIE_DAYS): void {
  document.cookie = cookieLine(name, value, days);
}

/** Spec §3: the profile cookies of a name and a birthday, set from the fields the shopper gave (an absent one stays). */
export function profileCookieLines(given: {
  name?: string;
  lastName?: string;
  secondName?: string;
  birthday?: string;
}): string[] {
  const fields = ['name', 'lastName', 'secondName', 'birthday'] as const;
  return fields
    .filter((field) => given[field] !== undefined)
    .map((field) => cookieLine(PROFILE_COOKIES[field], given[field] ?? '', PROFILE_COOKIE_DAYS));
}

/** Spec §3: every profile cookie of a saved profile, the values the profile call sets (`profileCookiesOf`). */
export function savedProfileCookieLines(user: Parameters<typeof profileCookiesOf>[0]): string[] {
  return Object.entries(profileCookiesOf(user)).map(([name, value]) => cookieLine(name, value, PROFILE_COOKIE_DAYS));
}
