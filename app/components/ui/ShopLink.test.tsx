// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShopLink } from './ShopLink';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Page() {
  const location = useLocation();
  return (
    <>
      <p data-testid="at">{location.pathname + location.search}</p>
      <ShopLink to="/catalog/man/">Мужчинам</ShopLink>
      <ShopLink to="/basket/">Корзина</ShopLink>
      <ShopLink to="?sort=price_asc">Сначала дешевле</ShopLink>
    </>
  );
}

let root: Root;
let container: HTMLDivElement;
beforeEach(() => {
  window.history.replaceState(null, '', '/basket/');
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const router = createBrowserRouter([{ path: '*', element: <Page /> }]);
  act(() => root.render(<RouterProvider router={router} />));
});
afterEach(() => act(() => root.unmount()));

const link = (text: string) => [...container.querySelectorAll('a')].find((a) => a.textContent === text) as HTMLElement;
const at = () => container.querySelector('[data-testid="at"]')?.textContent;
const click = (text: string, init: MouseEventInit = {}) => {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  act(() => link(text).dispatchEvent(event));
  return event;
};

describe('ShopLink', () => {
  it('is a plain link the router can discover, and a click navigates within the page', () => {
    expect(link('Мужчинам').getAttribute('href')).toBe('/catalog/man/');
    expect(link('Мужчинам').dataset.discover).toBe('true');
    const before = window.history.length;
    expect(click('Мужчинам').defaultPrevented).toBe(true);
    expect(at()).toBe('/catalog/man/');
    expect(window.history.length).toBe(before + 1);
  });

  it('leaves a click with a modifier to the browser (a new tab)', () => {
    expect(click('Мужчинам', { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(click('Мужчинам', { button: 1 }).defaultPrevented).toBe(false);
    expect(at()).toBe('/basket/');
  });

  it('replaces the history entry when it leads to the page the visitor is on', () => {
    const before = window.history.length;
    click('Корзина');
    expect(at()).toBe('/basket/');
    expect(window.history.length).toBe(before);
  });

  it('leaves an address relative to the page to React Router', () => {
    expect(link('Сначала дешевле').getAttribute('href')).toBe('/basket/?sort=price_asc');
    click('Сначала дешевле');
    expect(at()).toBe('/basket/?sort=price_asc');
  });
});
