// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_FILTER } from '../../../domain/catalog/filter/filter';
import { sortState } from '../../../domain/catalog/listing/sort';
import { SortMenu } from './SortMenu';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLDivElement;
beforeEach(() => {
  window.history.replaceState(null, '', '/catalog/');
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const location = { base: '/catalog/', filter: EMPTY_FILTER, sort: 'default_desc' as const, page: 1 };
  const page = (
    <>
      <SortMenu sort={sortState('default_desc')} location={location} />
      <p>Товары</p>
    </>
  );
  act(() => root.render(<RouterProvider router={createBrowserRouter([{ path: '*', element: page }])} />));
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const menu = () => container.querySelector('details') as HTMLDetailsElement;
const click = (element: Element) =>
  act(() => element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })));

describe('the sort menu', () => {
  it('closes on a click outside it (spec §9), and stays open for a click inside', () => {
    menu().open = true;
    click(menu().querySelector('ul') as Element);
    expect(menu().open).toBe(true);
    click(container.querySelector('p') as Element);
    expect(menu().open).toBe(false);
  });
});
