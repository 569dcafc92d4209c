// @vitest-environment jsdom
import { act, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBodyClass } from './body-class';
import { MIDDLE_MENU_FREE_PX, middleMenuFits, useMiddleMenuFits } from './middle-menu';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLDivElement;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Page({ search, hidden }: { search: boolean; hidden: boolean }) {
  useBodyClass('search-open', search);
  useBodyClass('header-hidden', hidden);
  return null;
}

/** The header bar's parts, their widths as the test sets them. */
function Bar({ onFits }: { onFits: (fits: boolean) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  onFits(useMiddleMenuFits(ref));
  return (
    <div ref={ref} data-width="bar">
      <button type="button" data-menu-toggle data-width="burger" />
      <a href="/" data-width="logo">
        ВЬЮГА
      </a>
      <nav data-width="menu" />
      <div data-width="actions" />
    </div>
  );
}

describe('body classes (spec §4)', () => {
  it('are on <body> while their state holds, and gone after', () => {
    act(() => root.render(<Page search hidden={false} />));
    expect(document.body.className).toBe('search-open');
    act(() => root.render(<Page search={false} hidden />));
    expect(document.body.className).toBe('header-hidden');
    act(() => root.unmount());
    expect(document.body.className).toBe('');
    root = createRoot(container);
  });
});

describe('the header’s middle menu (spec §4)', () => {
  it('fits while more than 56 px stay free beside the bar’s parts', () => {
    expect(MIDDLE_MENU_FREE_PX).toBe(56);
    expect(middleMenuFits(1200, 1143)).toBe(true);
    expect(middleMenuFits(1200, 1144)).toBe(false);
  });

  it('is measured on the bar: the burger aside, again when a part changes size', () => {
    const observed: (() => void)[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private run: () => void) {}
        observe() {
          observed.push(this.run);
        }
        disconnect() {}
      },
    );
    const widths = { bar: 1200, logo: 150, menu: 790, actions: 200, burger: 40 };
    let fits: boolean | undefined;
    const width = (el: HTMLElement) => widths[el.dataset.width as keyof typeof widths];
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return width(this);
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return width(this);
    });
    act(() =>
      root.render(
        <Bar
          onFits={(value) => {
            fits = value;
          }}
        />,
      ),
    );
    // 1 200 − (150 + 790 + 200) = 60 px free, the burger not counted: the menu stays.
    act(() => observed[0]?.());
    expect(fits).toBe(true);
    // A longer menu leaves 50 px: the burger takes its place (the throttle's trailing call, 500 ms later).
    widths.menu = 800;
    vi.useFakeTimers();
    act(() => {
      observed[0]?.();
      vi.advanceTimersByTime(500);
    });
    vi.useRealTimers();
    expect(fits).toBe(false);
  });
});
