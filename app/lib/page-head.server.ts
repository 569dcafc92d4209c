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

/** The page with `rewrite` applied to its head; a page without one is left as it is. */
export function rewriteHead(page: Buffer<ArrayBuffer>, rewrite: (head: string) => string): Buffer<ArrayBuffer> {
  const end = page.indexOf('</head>');
  if (end === -1) return page;
  return Buffer.concat([Buffer.from(rewrite(page.subarray(0, end).toString('utf8'))), page.subarray(end)]);
}
