// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Markup, MarkupContext } from '~/lib/markup-cache';
import { ServedMenuContext } from '~/lib/menu';
import { markup } from '~/lib/markup-store.server';
import { DEMO_COMPANY } from '../../../domain/content/company';
import type { Menu } from '../../../domain/menu/menu';
import { streamHtml } from '../../../tests/support/stream-html';
import { DesktopMenu } from './DesktopMenu';
import { Footer } from './Footer';
import { Marquee } from './Marquee';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const style = { bold: false, uline: false, color: null };
const menuNamed = (itemName: string): Menu => ({
  categories: [
    {
      id: 1,
      name: 'Женщинам',
      url: '/catalog/women/',
      visible: [],
      noMobile: false,
      size: null,
      ...style,
      blocks: [
        {
          id: 10,
          name: 'Верхняя одежда',
          url: '/catalog/women/verkhnyaya-odezhda/',
          minPrice: 990_000,
          columns: [
            {
              id: 100,
              items: [
                {
                  id: 1000,
                  name: itemName,
                  url: '/catalog/women/puhoviki/',
                  minPrice: 1_299_000,
                  hasNew: true,
                  offset: 0,
                  ...style,
                },
                {
                  id: 1001,
                  name: 'Парки',
                  url: '/catalog/women/parki/',
                  minPrice: null,
                  hasNew: false,
                  offset: 8,
                  ...style,
                  bold: true,
                },
              ],
            },
          ],
          banners: [{ id: 5, name: 'Новая коллекция', url: '/catalog/women/new/', src: '/images/banner.jpg' }],
        },
      ],
    },
    {
      id: 2,
      name: 'Мужчинам',
      url: '/catalog/man/',
      visible: [],
      noMobile: false,
      size: null,
      ...style,
      color: '#c00',
      blocks: [],
    },
  ],
});

const shell = (menu: Menu, version: string) => (
  <MemoryRouter initialEntries={['/catalog/women/']}>
    <ServedMenuContext.Provider value={menu}>
      <Marquee messages={['Доставка от 5 000 руб. бесплатно', 'Примерка перед покупкой']} />
      <DesktopMenu version={version} pathname="/catalog/women/" gender={undefined} />
      <Footer company={DEMO_COMPANY} />
    </ServedMenuContext.Provider>
  </MemoryRouter>
);

/** The shell as the shop renders a page, with or without the server's markup store. */
const render = (tree: React.ReactElement, store: Markup | null) =>
  streamHtml(<MarkupContext.Provider value={store}>{tree}</MarkupContext.Provider>);

afterEach(() => vi.unstubAllGlobals());

describe('the shell kept as markup (issue 46.4)', () => {
  it('sends byte for byte the markup the page renders inline', async () => {
    const inline = await render(shell(menuNamed('Пуховики'), 'v1'), null);
    expect(inline).toContain('Пуховики');
    expect(inline).toContain('Примерка перед покупкой');
    expect(inline).toContain('Публичная оферта');
    expect(await render(shell(menuNamed('Пуховики'), 'v1'), markup)).toBe(inline);
    // The second page is served from the store, and still the same.
    expect(await render(shell(menuNamed('Пуховики'), 'v1'), markup)).toBe(inline);
  });

  it('renders the menu again when its version changes, not before', async () => {
    await render(shell(menuNamed('Пуховики'), 'kept-1'), markup);
    // The same version names the same menu: what the store kept is sent.
    expect(await render(shell(menuNamed('Куртки'), 'kept-1'), markup)).toContain('Пуховики');
    const next = await render(shell(menuNamed('Куртки'), 'kept-2'), markup);
    expect(next).toContain('Куртки');
    expect(next).not.toContain('Пуховики');
  });

  it('keeps what React writes between two texts, which the browser hydration needs', () => {
    expect(
      markup(
        `two texts ${Math.random()}`,
        () => (
          <p>
            {'от '}
            {'12 990'}
          </p>
        ),
        'hydratable',
      ),
    ).toBe('<p>от <!-- -->12 990</p>');
  });

  it('is hydrated in the browser without a mismatch, and the menu answers', async () => {
    // A guest: the visitor's state call answers without a user.
    vi.stubGlobal('fetch', async () => Response.json({ status: 'error', errors: [] }));
    const container = document.createElement('div');
    container.innerHTML = await render(shell(menuNamed('Пуховики'), 'hydrate-1'), markup);
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, shell(menuNamed('Пуховики'), 'hydrate-1'), {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(errors).toEqual([]);
    const block = container.querySelector('[data-testid="menu-block"]')?.closest('li') as HTMLLIElement;
    await act(async () => block.dispatchEvent(new FocusEvent('focusin', { bubbles: true })));
    expect(container.querySelector('[data-testid="menu-dropdown"]')?.hasAttribute('data-open')).toBe(true);
  });
});
