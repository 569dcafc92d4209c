// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceClass } from './device';
import { nextHeaderState } from './scroll';
import { lockScroll, scrollLockDepth } from './scroll-lock';
import { throttle } from './throttle';

describe('deviceClass', () => {
  it.each([
    [320, 'mobile'],
    [675, 'mobile'],
    [676, 'tablet'],
    [1024, 'tablet'],
    [1025, 'desktop'],
    [1440, 'desktop'],
  ])('%i px is %s', (width, device) => {
    expect(deviceClass(width)).toBe(device);
  });
});

describe('mobile header on scroll', () => {
  const start = { hidden: false, showScrollUp: false };
  it('hides while scrolling down from 53 px', () => {
    expect(nextHeaderState(0, 52, start).hidden).toBe(false);
    expect(nextHeaderState(0, 53, start).hidden).toBe(true);
    expect(nextHeaderState(53, 54, start).hidden).toBe(true);
  });
  it('shows again when scrolling up at 53 px or more, and always near the top', () => {
    const hidden = { hidden: true, showScrollUp: true };
    expect(nextHeaderState(800, 700, hidden).hidden).toBe(false);
    expect(nextHeaderState(60, 40, hidden)).toEqual({ hidden: false, showScrollUp: false });
  });
  it('shows the scroll-up button from 500 px', () => {
    expect(nextHeaderState(0, 499, start).showScrollUp).toBe(false);
    expect(nextHeaderState(0, 500, start).showScrollUp).toBe(true);
  });
});

describe('scroll locks', () => {
  it('stack: the page scrolls again only when the last lock is released, at the same position', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    Object.defineProperty(window, 'scrollY', { value: 420, configurable: true });
    const first = lockScroll();
    const second = lockScroll();
    expect(document.body.classList.contains('scroll-locked')).toBe(true);
    expect(document.body.style.top).toBe('-420px');
    first();
    first();
    expect(scrollLockDepth()).toBe(1);
    expect(document.body.classList.contains('scroll-locked')).toBe(true);
    second();
    expect(scrollLockDepth()).toBe(0);
    expect(document.body.classList.contains('scroll-locked')).toBe(false);
    expect(scrollTo).toHaveBeenCalledWith(0, 420);
  });
});

describe('throttle', () => {
  afterEach(() => vi.useRealTimers());
  it('runs at once, then at most once per interval with the latest arguments', () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const t = throttle((n: number) => calls.push(n), 500);
    t(1);
    t(2);
    t(3);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(499);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([1, 3]);
  });
});
