// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZoomDialog } from './ZoomDialog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLDivElement;
beforeEach(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
  // The dialog's scroll lock restores the page's position, which jsdom does not have.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  vi.restoreAllMocks();
});

/** A one-finger touch event at `x`, `y` and time `at` ms (jsdom makes no Touch objects). */
function touch(type: 'touchstart' | 'touchend', x: number, y: number, at: number) {
  const event = new Event(type, { bubbles: true, cancelable: true });
  const finger = [{ clientX: x, clientY: y }];
  Object.defineProperties(event, {
    touches: { value: type === 'touchstart' ? finger : [] },
    changedTouches: { value: finger },
    timeStamp: { value: at },
  });
  return event;
}

function gesture(from: [number, number, number], to: [number, number, number]) {
  const image = container.querySelector('img') as HTMLImageElement;
  act(() => {
    image.dispatchEvent(touch('touchstart', ...from));
    image.dispatchEvent(touch('touchend', ...to));
  });
}

describe('the zoom dialog on a touch screen', () => {
  const open = (onIndex: (i: number) => void) =>
    act(() =>
      root.render(
        <ZoomDialog
          images={['a.jpg', 'b.jpg', 'c.jpg']}
          index={0}
          onIndex={onIndex}
          onClose={() => {}}
          name="Пуховик"
          imgVersion="1"
        />,
      ),
    );

  it('pages through by a swipe: to the left the next photo, to the right the previous', () => {
    const onIndex = vi.fn();
    open(onIndex);
    gesture([300, 400, 1000], [180, 410, 1150]);
    expect(onIndex).toHaveBeenLastCalledWith(1);
    gesture([100, 400, 2000], [200, 400, 2100]);
    expect(onIndex).toHaveBeenLastCalledWith(2);
  });

  it('zooms on a tap, and a slow drag does neither', () => {
    const onIndex = vi.fn();
    open(onIndex);
    gesture([200, 400, 1000], [220, 400, 1900]);
    expect(onIndex).not.toHaveBeenCalled();
    expect(container.querySelector('[aria-pressed="true"]')).toBeNull();
    gesture([200, 400, 3000], [202, 401, 3100]);
    expect(container.querySelector('[aria-pressed="true"]')?.getAttribute('aria-label')).toBe('Отдалить');
    // Zoomed, the finger pans the photo: a swipe does not page.
    gesture([300, 400, 4000], [100, 400, 4100]);
    expect(onIndex).not.toHaveBeenCalled();
  });
});
