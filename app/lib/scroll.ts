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

/** Spec §9: the page's scroll animation (the scroll-up button) takes 700 ms. */
export const SCROLL_ANIMATION_MS = 700;

/**
 * Scrolls the window to `top` over `duration` ms, easing in and out (a browser's own smooth scroll takes the time it
 * likes); at once for a visitor who asks for reduced motion. A wheel or touch of the visitor's stops it.
 */
export function animateScrollTo(top: number, duration = SCROLL_ANIMATION_MS): void {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches || duration <= 0) {
    window.scrollTo(0, top);
    return;
  }
  const from = window.scrollY;
  const start = performance.now();
  let stopped = false;
  const stop = () => {
    stopped = true;
  };
  window.addEventListener('wheel', stop, { once: true, passive: true });
  window.addEventListener('touchstart', stop, { once: true, passive: true });
  const step = (now: number) => {
    if (stopped) return;
    const t = Math.min(1, (now - start) / duration);
    const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
    window.scrollTo(0, from + (top - from) * eased);
    if (t < 1) requestAnimationFrame(step);
    else {
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchstart', stop);
    }
  };
  requestAnimationFrame(step);
}
