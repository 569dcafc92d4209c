import { Transform } from 'node:stream';

const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*>/g;
// React Router marks some stylesheet addresses with a trailing `#`; the file is the same.
const HREF = /\bhref="([^"#]+)#?"/;
const MODULE_PRELOAD = /<link rel="modulepreload"/g;

/**
 * The page's stylesheets written into its head (issue 11.5): the first paint needs no request after the HTML, so it
 * comes before the scripts run. The `<link>`s stay, `disabled` (never fetched), because React hydrates the head by
 * matching them; the `<style>` before them is an element React leaves alone. All or nothing: a stylesheet that is
 * not in `stylesheets` (a development build) leaves the head as it is, so the rules keep their order.
 */
export function inlineStylesheets(head: string, stylesheets: ReadonlyMap<string, string>): string {
  const links = head.match(STYLESHEET_LINK);
  if (!links) return head;
  const rules = links.map((link) => stylesheets.get(link.match(HREF)?.[1] ?? ''));
  if (rules.some((css) => css === undefined || css.includes('</'))) return head;
  let first = true;
  return head.replace(STYLESHEET_LINK, (link) => {
    const disabled = link.replace(/\/?>$/, ' disabled=""/>');
    if (!first) return disabled;
    first = false;
    return `<style>${rules.join('\n')}</style>${disabled}`;
  });
}

/**
 * The scripts React Router preloads come after the photos of the first row (issue 11.5): nothing is drawn by them
 * before hydration, and on a slow network their hundred kilobytes at high priority delayed the photo that is the
 * page's largest paint. Low priority lets the browser fetch the photos (preloaded at high priority) first.
 */
export function lowerScriptPriority(head: string): string {
  return head.replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
}

/** A stream of the page's HTML with `rewrite` applied to its head; the rest passes through as it comes. */
export function pageHeadStream(rewrite: (head: string) => string): Transform {
  // Bytes until `</head>`: a chunk may end inside a letter, and the tag's bytes are a letter boundary in UTF-8.
  let head = Buffer.alloc(0);
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('</head>');
      if (end === -1) return callback();
      done = true;
      const rewritten = rewrite(head.subarray(0, end).toString('utf8'));
      callback(null, Buffer.concat([Buffer.from(rewritten), head.subarray(end)]));
    },
    flush(callback) {
      callback(null, done ? undefined : head);
    },
  });
}
