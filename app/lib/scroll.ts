import { useEffect, useState } from 'react';
import { SCROLL_THROTTLE_MS } from './device';
import { throttle } from './throttle';

/** Spec §4/§9 thresholds. */
export const MOBILE_HEADER_FIXED_AT = 53;
export const SCROLL_UP_BUTTON_AT = 500;

export interface HeaderScrollState {
  hidden: boolean;
  showScrollUp: boolean;
}

/**
 * Pure rule: shown while scrolling up at 53 px or more and always above, hidden while scrolling down. The header is
 * sticky, so it stays at the top once scrolled past (spec: fixed past 53 px) without the page jumping by its height.
 */
export function nextHeaderState(prevY: number, y: number, prev: HeaderScrollState): HeaderScrollState {
  let hidden = prev.hidden;
  if (y < MOBILE_HEADER_FIXED_AT) hidden = false;
  else if (y < prevY) hidden = false;
  else if (y > prevY) hidden = true;
  return { hidden, showScrollUp: y >= SCROLL_UP_BUTTON_AT };
}

export function useHeaderScroll(): HeaderScrollState {
  const [state, setState] = useState<HeaderScrollState>({ hidden: false, showScrollUp: false });
  useEffect(() => {
    let prevY = window.scrollY;
    const onScroll = throttle(() => {
      // A locked body reports 0: keep the header as it was while an overlay is open.
      if (document.body.classList.contains('scroll-locked')) return;
      const y = window.scrollY;
      setState((prev) => {
        const next = nextHeaderState(prevY, y, prev);
        prevY = y;
        return next.hidden === prev.hidden && next.showScrollUp === prev.showScrollUp ? prev : next;
      });
    }, SCROLL_THROTTLE_MS);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      onScroll.cancel();
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  return state;
}
