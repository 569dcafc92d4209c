import { Marked, type Tokens } from 'marked';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A link may lead inside the shop, to a web page, a phone or a mailbox; `javascript:` and the like go nowhere. A
 * browser reads a backslash as a slash: `/\host/` leads out of the shop as `//host/` does.
 */
const SAFE_HREF = /^(\/(?![/\\])|#|https?:\/\/|tel:|mailto:)/i;

/**
 * The information pages' Markdown as HTML, rendered once on the server. The texts are the staff's, but raw HTML in
 * them is shown as text and unsafe links lose their address: a slip in the back office cannot put a script on a page.
 * Links out of the shop open in a new tab.
 */
const marked = new Marked({
  gfm: true,
  renderer: {
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    link({ href, title, tokens }: Tokens.Link) {
      const text = this.parser.parseInline(tokens);
      if (!SAFE_HREF.test(href)) return text;
      const external = /^https?:\/\//i.test(href);
      const attrs = [
        `href="${escapeHtml(href)}"`,
        title ? `title="${escapeHtml(title)}"` : '',
        external ? 'rel="noopener noreferrer" target="_blank"' : '',
      ];
      return `<a ${attrs.filter(Boolean).join(' ')}>${text}</a>`;
    },
    image: ({ text }: Tokens.Image) => escapeHtml(text),
  },
});

export function renderMarkdown(source: string): string {
  return marked.parse(source, { async: false }) as string;
}
