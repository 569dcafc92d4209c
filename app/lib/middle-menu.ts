import { type RefObject, useEffect, useState } from 'react';
import { RESIZE_THROTTLE_MS } from './device';
import { throttle } from './throttle';

/** Spec §4: the header's middle menu shows while the bar keeps more than 56 px free beside its parts. */
export const MIDDLE_MENU_FREE_PX = 56;

/** A computed length in px ('normal' and '' as 0). */
const px = (value: string) => Number.parseFloat(value) || 0;

export function middleMenuFits(barWidth: number, partsWidth: number): boolean {
  return barWidth - partsWidth > MIDDLE_MENU_FREE_PX;
}

/**
 * Whether the header bar holds its middle menu: the menu comes from the shop's data (categories and blocks the
 * office edits), so a fixed breakpoint cannot know. Measured on the bar's parts — the burger aside, shown only in the
 * menu's place — when the window or the menu changes size, at most every 500 ms as the spec's resize. The server
 * draws the menu; CSS hides it on tablets and phones whatever this says.
 */
export function useMiddleMenuFits(bar: RefObject<HTMLElement | null>): boolean {
  const [fits, setFits] = useState(true);
  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const measure = throttle(() => {
      const style = getComputedStyle(el);
      const gap = px(style.columnGap);
      const width = el.clientWidth - px(style.paddingLeft) - px(style.paddingRight);
      const parts = [...el.children].filter(
        (part): part is HTMLElement => part instanceof HTMLElement && !part.hasAttribute('data-menu-toggle'),
      );
      const used = parts.reduce((sum, part) => sum + part.offsetWidth, 0) + gap * (parts.length - 1);
      setFits(middleMenuFits(width, used));
    }, RESIZE_THROTTLE_MS);
    const observer = new ResizeObserver(() => measure());
    // The bar follows the window; the menu's own width changes with its category and once the font has loaded.
    observer.observe(el);
    for (const part of el.children) observer.observe(part);
    return () => {
      measure.cancel();
      observer.disconnect();
    };
  }, [bar]);
  return fits;
}
