import { describe, expect, it } from 'vitest';
import { inlineStylesheets, lowerScriptPriority, rewriteHead } from './page-head.server';

const sheets = new Map([
  ['/assets/root-a1.css', 'body{margin:0}'],
  ['/assets/card-b2.css', '._card_x{color:red}'],
]);
const head =
  '<head><meta charSet="utf-8"/><title>Пуховики для женщин</title>' +
  '<link nonce="" rel="stylesheet" href="/assets/root-a1.css"/>' +
  '<link nonce="" rel="stylesheet" href="/assets/card-b2.css#"/>';

describe('inlineStylesheets', () => {
  it('writes the rules of every stylesheet into one style, in order, and disables the links', () => {
    expect(inlineStylesheets(head, sheets)).toBe(
      '<head><meta charSet="utf-8"/><title>Пуховики для женщин</title>' +
        '<style>body{margin:0}\n._card_x{color:red}</style>' +
        '<link nonce="" rel="stylesheet" href="/assets/root-a1.css" disabled=""/>' +
        '<link nonce="" rel="stylesheet" href="/assets/card-b2.css#" disabled=""/>',
    );
  });

  it('leaves the head as it is when one stylesheet is unknown, so no rule changes its place', () => {
    const withUnknown = `${head}<link rel="stylesheet" href="/app/dev.css?direct"/>`;
    expect(inlineStylesheets(withUnknown, sheets)).toBe(withUnknown);
  });

  it('never writes a rule that would close the style element', () => {
    const hostile = new Map([...sheets, ['/assets/card-b2.css', 'a{content:"</style><script>"}']]);
    expect(inlineStylesheets(head, hostile)).toBe(head);
  });
});

describe('lowerScriptPriority', () => {
  it('asks every preloaded module at low priority and leaves the other links alone', () => {
    const links =
      '<link rel="preload" as="image" fetchPriority="high" href="/images/a.jpg"/>' +
      '<link rel="modulepreload" href="/assets/entry.client-a1.js" nonce="n"/>' +
      '<link rel="modulepreload" href="/assets/root-b2.js" nonce="n"/>';
    expect(lowerScriptPriority(links)).toBe(
      '<link rel="preload" as="image" fetchPriority="high" href="/images/a.jpg"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client-a1.js" nonce="n"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/root-b2.js" nonce="n"/>',
    );
  });
});

describe('rewriteHead', () => {
  it('rewrites the head and leaves the body, with its Cyrillic letters, as it was', () => {
    const html = `<!DOCTYPE html><html>${head}</head><body><p>Пуховик</p></body></html>`;
    const out = rewriteHead(Buffer.from(html), (h) => inlineStylesheets(h, sheets)).toString('utf8');
    expect(out).toBe(html.replace(head, inlineStylesheets(head, sheets)));
    expect(out).toContain('<p>Пуховик</p>');
  });

  it('leaves a document without a head as it is', () => {
    const html = Buffer.from('<p>Пуховик</p>');
    expect(rewriteHead(html, () => 'x')).toEqual(html);
  });
});
