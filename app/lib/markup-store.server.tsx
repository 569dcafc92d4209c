import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { Markup } from './markup-cache';

/** About 1.5 KB a card: a section's pages and the searches of a busy hour, a few MB. */
const MAX_ENTRIES = 5_000;
const store = new Map<string, string>();
const LEADING_LINKS = /^(?:<link [^>]*>)+/;

/**
 * Markup rendered once per key and kept, the oldest dropped first. Rendered apart from the page (its links need a
 * router to exist, not this page's), so only for markup that reads nothing of the page's but its props.
 */
export const markup: Markup = (key, render, kind = 'static') => {
  const stored = `${kind} ${key}`;
  let html = store.get(stored);
  if (html === undefined) {
    const tree = <MemoryRouter>{render()}</MemoryRouter>;
    // With no head of its own, a render writes the links it would hoist (an eager photo's preload) before its markup:
    // the page's render writes those it wants into its own head.
    html = (kind === 'hydratable' ? renderToString(tree) : renderToStaticMarkup(tree)).replace(LEADING_LINKS, '');
    if (store.size >= MAX_ENTRIES) store.delete(store.keys().next().value as string);
    store.set(stored, html);
  }
  return html;
};
