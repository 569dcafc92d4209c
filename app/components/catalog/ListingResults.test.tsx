import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { type Markup, MarkupContext } from '~/lib/markup-cache';
import { markup } from '~/lib/markup-store.server';
import type { ProductCard } from '../../../domain/catalog/listing/card';
import { streamHtml } from '../../../tests/support/stream-html';
import { ListingResults } from './ListingResults';

const card = (id: number, price = 1_299_000): ProductCard => ({
  id,
  modelId: id,
  name: `Пуховик ${id}`,
  brandName: 'Nord',
  url: `/catalog/product/p-${id}/`,
  price,
  oldPrice: id % 2 ? price + 300_000 : null,
  discountPercent: id % 2 ? 19 : 0,
  isNew: id === 3,
  images: [`p-${id}-1.jpg`, `p-${id}-2.jpg`],
  colorsCount: id,
  rating: id === 2 ? { average: 4.5, count: 12 } : null,
});

const items = [1, 2, 3, 4, 5, 6].map((id) => card(id));

/** The grid rendered as the shop renders its pages (the cards rendered apart by another renderer). */
const page = (cards: ProductCard[], store: Markup | null) =>
  streamHtml(
    <MemoryRouter>
      <MarkupContext.Provider value={store}>
        <ListingResults
          items={cards}
          navigation={{ limit: 24, count: cards.length, page: 1, pageCount: 1, url: '/catalog/women/' }}
          location={{ base: '/catalog/women/', filter: { lists: {}, ranges: {} }, sort: 'default_desc', page: 1 }}
          imgVersion="7"
        />
      </MarkupContext.Provider>
    </MemoryRouter>,
  );

/** The cards of a page, without React's text separators (the browser keeps them as HTML, unhydrated). */
const cardsOf = (html: string) => html.match(/<article[\s\S]*<\/article>/)?.[0].replaceAll('<!-- -->', '');
const preloads = (html: string) => html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];

describe('the section grid with the markup store (issue 46.4)', () => {
  it('sends the cards and the photo preloads the page rendered them into itself sends', async () => {
    const inline = await page(items, null);
    const stored = await page(items, markup);
    expect(cardsOf(stored)).toBe(cardsOf(inline));
    expect(cardsOf(stored)).toContain('Пуховик 6');
    // The first screen's two at high priority, the rest of the first row at the browser's, none in the grid.
    expect(preloads(stored)).toEqual(preloads(inline));
    expect(preloads(stored)).toHaveLength(4);
    expect(cardsOf(stored)).not.toContain('<link');
  });

  it('renders a card once while its data stays, and again when its price changes', async () => {
    const render = vi.fn(() => <p>x</p>);
    const key = `test ${Math.random()}`;
    expect(markup(key, render)).toBe('<p>x</p>');
    expect(markup(key, render)).toBe('<p>x</p>');
    expect(render).toHaveBeenCalledTimes(1);

    const cheaper = [card(1, 999_000), ...items.slice(1)];
    expect(cardsOf(await page(cheaper, markup))).toContain('9\u00a0990');
    expect(cardsOf(await page(cheaper, markup))).toBe(cardsOf(await page(cheaper, null)));
  });
});
