import { useEffect, useState } from 'react';
import { SCROLL_THROTTLE_MS } from './device';
import { throttle } from './throttle';

/** Spec §4/§9 thresholds. */
export const MOBILE_HEADER_FIXED_AT = 53;
export const SCROLL_UP_BUTTON_AT = 500;

export interface HeaderScrollState {
  fixed: boolean;
  hidden: boolean;
  showScrollUp: boolean;
}

/** Pure rule: fixed past 53 px; shown while scrolling up at 53 px or more, hidden while scrolling down. */
export function nextHeaderState(prevY: number, y: number, prev: HeaderScrollState): HeaderScrollState {
  const fixed = y > MOBILE_HEADER_FIXED_AT;
  let hidden = prev.hidden;
  if (y < MOBILE_HEADER_FIXED_AT) hidden = false;
  else if (y < prevY) hidden = false;
  else if (y > prevY) hidden = true;
  return { fixed, hidden, showScrollUp: y >= SCROLL_UP_BUTTON_AT };
}

export function useHeaderScroll(): HeaderScrollState {
  const [state, setState] = useState<HeaderScrollState>({ fixed: false, hidden: false, showScrollUp: false });
  useEffect(() => {
    let prevY = window.scrollY;
    const onScroll = throttle(() => {
      // A locked body reports 0: keep the header as it was while an overlay is open.
      if (document.body.classList.contains('scroll-locked')) return;
      const y = window.scrollY;
      setState((prev) => {
        const next = nextHeaderState(prevY, y, prev);
        prevY = y;
        return next.fixed === prev.fixed && next.hidden === prev.hidden && next.showScrollUp === prev.showScrollUp
          ? prev
          : next;
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
