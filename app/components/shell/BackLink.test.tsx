// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ShopLink } from '~/components/ui/ShopLink';
import { BackLink } from './BackLink';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Page() {
  const location = useLocation();
  return (
    <>
      <p data-testid="at">{location.pathname}</p>
      <ShopLink to="/catalog/zhenskie/puhoviki/">Пуховики</ShopLink>
      <ShopLink to="/product/42/">Пуховик</ShopLink>
      <BackLink />
    </>
  );
}

let root: Root;
let container: HTMLDivElement;
function open(path: string) {
  window.history.replaceState(null, '', path);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<RouterProvider router={createBrowserRouter([{ path: '*', element: <Page /> }])} />));
}
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const at = () => container.querySelector('[data-testid="at"]')?.textContent;
const click = (text: string) => {
  const link = [...container.querySelectorAll('a')].find((a) => a.textContent?.trim() === text) as HTMLElement;
  act(() => link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })));
};
/** History's back is asynchronous: its popstate arrives after the click. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('the back action (spec §2)', () => {
  it('goes to the catalogue when the page is the first of the visit', async () => {
    open('/product/42/');
    click('Назад');
    await settle();
    expect(at()).toBe('/catalog/');
  });

  it('goes to the previous page of the visit when there is one', async () => {
    open('/catalog/zhenskie/puhoviki/');
    click('Пуховик');
    expect(at()).toBe('/product/42/');
    click('Назад');
    await settle();
    expect(at()).toBe('/catalog/zhenskie/puhoviki/');
  });
});
