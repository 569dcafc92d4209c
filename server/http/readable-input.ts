/**
 * Text that no page or query can mean: the NUL character (PostgreSQL cannot store it, so it would reach the
 * database as an error), percent-encoding that is not UTF-8, and in JSON half of a surrogate pair (`"\ud800"`: no
 * character, and PostgreSQL's `jsonb` refuses it). Checked once at the edge, so no handler has to.
 */

/** The decoded text of a URL component, or null when it is not valid percent-encoded UTF-8 or holds NUL. */
export function readableComponent(raw: string): string | null {
  let text: string;
  try {
    text = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return null;
  }
  return text.includes('\u0000') ? null : text;
}

/** Whether every segment of the path and every name and value of the query is readable text. */
export function readableUrl(url: URL): boolean {
  if (!url.pathname.split('/').every((segment) => readableComponent(segment) !== null)) return false;
  for (const pair of url.search.slice(1).split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const [name, value] = eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
    if (readableComponent(name) === null || readableComponent(value) === null) return false;
  }
  return true;
}

/** In `u` mode a pair is one code point: only a lone half matches. */
const LONE_SURROGATE = /\p{Surrogate}/u;
const readableText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** Whether a value read from a form or JSON body holds no NUL and no lone surrogate, at any depth. */
export function readableValue(value: unknown): boolean {
  if (typeof value === 'string') return readableText(value);
  if (Array.isArray(value)) return value.every(readableValue);
  if (value && typeof value === 'object') {
    return Object.entries(value).every(([k, v]) => readableText(k) && readableValue(v));
  }
  return true;
}
