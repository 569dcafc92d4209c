// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { animateScrollTo, SCROLL_ANIMATION_MS } from './scroll';

afterEach(() => vi.restoreAllMocks());

/** Frames at the times given; records where the window was scrolled at each. */
function framesAt(times: number[], reduce = false) {
  // jsdom has no media queries: the visitor's motion preference is the test's.
  window.matchMedia = () => ({ matches: reduce }) as MediaQueryList;
  vi.spyOn(performance, 'now').mockReturnValue(0);
  Object.defineProperty(window, 'scrollY', { value: 1000, configurable: true });
  const positions: number[] = [];
  vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) =>
    positions.push(y)) as unknown as typeof scrollTo);
  const queue: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((run) => queue.push(run));
  return {
    positions,
    run() {
      for (const time of times) queue.shift()?.(time);
    },
  };
}

describe('the scroll animation (spec §9)', () => {
  it('takes 700 ms from the current place to the top, halfway at half the time', () => {
    expect(SCROLL_ANIMATION_MS).toBe(700);
    const frames = framesAt([0, 350, 699, 700, 800]);
    animateScrollTo(0);
    frames.run();
    expect(frames.positions[0]).toBe(1000);
    expect(frames.positions[1]).toBe(500);
    expect(frames.positions[2]).toBeGreaterThan(0);
    expect(frames.positions.slice(3)).toEqual([0]);
  });

  it('jumps at once for a visitor who asks for reduced motion', () => {
    const frames = framesAt([], true);
    animateScrollTo(0);
    expect(frames.positions).toEqual([0]);
  });
});
