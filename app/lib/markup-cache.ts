import { createContext, useContext } from 'react';

/**
 * The server's store of rendered markup (app/entry.server.tsx): `markup(key, render)` answers the static HTML of
 * `render()`, rendered once per key. A key names everything the markup shows (a card's data, its photo version and
 * priority), so a product's card is rendered once until the product changes, not on every uncached page (issue 46.4).
 * The browser has none: it keeps the server's HTML at the first hydration (`ServerHtml`) and renders later ones.
 */
export type Markup = (key: string, render: () => React.ReactElement) => string;

export const MarkupContext = createContext<Markup | null>(null);

export const useMarkup = () => useContext(MarkupContext);
