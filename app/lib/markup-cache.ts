import { createContext, useContext } from 'react';

/**
 * The server's store of rendered markup (app/entry.server.tsx): `markup(key, render)` answers the HTML of `render()`,
 * rendered once per key. A key names everything the markup shows (a card's data, its photo version and priority), so
 * a product's card is rendered once until the product changes, not on every uncached page (issue 46.4). `hydratable`
 * markup is React's own for a tree the browser will hydrate (text separators and Suspense marks kept); static markup
 * is for what the browser keeps as HTML (`ServerHtml`). The browser has no store.
 */
export type Markup = (key: string, render: () => React.ReactNode, kind?: 'static' | 'hydratable') => string;

export const MarkupContext = createContext<Markup | null>(null);

export const useMarkup = () => useContext(MarkupContext);
