// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthDialogs } from '~/components/account/AuthDialogs';
import { DEMO_COMPANY } from '../../../domain/content/company';
import { Footer } from './Footer';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLDivElement;
beforeEach(() => {
  // A guest: the state call answers without a user.
  vi.stubGlobal('fetch', async () => Response.json({ status: 'error', errors: [] }));
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  vi.unstubAllGlobals();
});

describe('the footer’s discount-card link', () => {
  it('leads a guest to /auth/registerdc/ and opens the register-with-card popup there (spec §2, §4)', async () => {
    await act(async () =>
      root.render(
        <RouterProvider
          router={createMemoryRouter(
            [
              {
                path: '*',
                element: (
                  <>
                    <Footer company={DEMO_COMPANY} />
                    <AuthDialogs />
                  </>
                ),
              },
            ],
            { initialEntries: ['/catalog/women/'] },
          )}
        />,
      ),
    );
    const link = [...container.querySelectorAll('a')].find((a) => a.textContent === 'Дисконтная карта');
    expect(link?.getAttribute('href')).toBe('/auth/registerdc/');
    expect(container.querySelector('dialog')).toBeNull();
    await act(async () => link?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })));
    expect(container.querySelector('dialog h2')?.textContent).toBe('Регистрация с дисконтной картой');
  });
});
