/**
 * Spec §2: after a login or a registration the browser goes to `backurl` when it is a path of this site, else `/`.
 * A path starts with one `/` (`//host` and `/\host` name another host to a browser) and holds no control characters.
 */
export function safeBackurl(value: string | null | undefined): string {
  if (!value || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  for (const char of value) if (char < ' ' || char === '\u007f' || char === '\\') return '/';
  return value;
}
