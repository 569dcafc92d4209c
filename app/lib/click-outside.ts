import { type RefObject, useEffect, useRef } from 'react';

/**
 * Spec §9: an overlay closes on a click outside it. Calls `onOutside` for a press anywhere on the page but inside
 * `ref`'s element (a press inside, its own toggle included, is the overlay's own business).
 */
export function useClickOutside(ref: RefObject<HTMLElement | null>, onOutside: () => void): void {
  const latest = useRef(onOutside);
  latest.current = onOutside;
  useEffect(() => {
    const listener = (event: MouseEvent) => {
      const element = ref.current;
      if (element && event.target instanceof Node && !element.contains(event.target)) latest.current();
    };
    document.addEventListener('click', listener);
    return () => document.removeEventListener('click', listener);
  }, [ref]);
}
