/**
 * Text that no page or query can mean: the NUL character (PostgreSQL cannot store it, so it would reach the
 * database as an error) and percent-encoding that is not UTF-8. Checked once at the edge, so no handler has to.
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

/** Whether a value read from a form or JSON body holds no NUL, at any depth. */
export function readableValue(value: unknown): boolean {
  if (typeof value === 'string') return !value.includes('\u0000');
  if (Array.isArray(value)) return value.every(readableValue);
  if (value && typeof value === 'object') {
    return Object.entries(value).every(([k, v]) => !k.includes('\u0000') && readableValue(v));
  }
  return true;
}
