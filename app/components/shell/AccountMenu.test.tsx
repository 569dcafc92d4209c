// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountMenu } from './AccountMenu';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLDivElement;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => act(() => root.unmount()));

describe('AccountMenu', () => {
  it('logs out by reloading the current address with logout=y added to its query', () => {
    act(() =>
      root.render(
        <MemoryRouter initialEntries={['/search/?q=%D0%BF%D1%83%D1%85&PAGEN_1=2']}>
          <AccountMenu user={{ name: 'Анна' }} />
        </MemoryRouter>,
      ),
    );
    act(() => container.querySelector('a')?.focus());
    const logout = [...container.querySelectorAll('a')].find((a) => a.textContent === 'Выход');
    expect(logout?.getAttribute('href')).toBe('/search/?q=%D0%BF%D1%83%D1%85&PAGEN_1=2&logout=y');
  });
});
