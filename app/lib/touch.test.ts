import { describe, expect, it } from 'vitest';
import { SWIPE_THRESHOLD_PX, SWIPE_VELOCITY, TAP_MAX_MOVE_PX, TAP_MAX_MS, touchGesture } from './touch';

describe('touchGesture (spec §9 touch constants)', () => {
  it('keeps the spec’s numbers', () => {
    expect([SWIPE_THRESHOLD_PX, SWIPE_VELOCITY, TAP_MAX_MS, TAP_MAX_MOVE_PX]).toEqual([5, 0.3, 500, 50]);
  });

  it('takes a fast horizontal move for a swipe: to the left the next photo, to the right the previous one', () => {
    expect(touchGesture(-120, 10, 150)).toBe('next');
    expect(touchGesture(80, -5, 100)).toBe('prev');
    // A short flick counts once it is 5 px long and 0.3 px/ms fast.
    expect(touchGesture(-6, 0, 20)).toBe('next');
    expect(touchGesture(-6, 0, 21)).toBe('tap');
    expect(touchGesture(-4, 0, 5)).toBe('tap');
  });

  it('takes a short touch that stayed in place for a tap, a long press or a slow drag for nothing', () => {
    expect(touchGesture(2, 3, 120)).toBe('tap');
    expect(touchGesture(2, 3, 500)).toBe('tap');
    expect(touchGesture(2, 3, 501)).toBeNull();
    expect(touchGesture(-49, 0, 400)).toBe('tap');
    expect(touchGesture(-60, 0, 400)).toBeNull();
  });

  it('leaves a vertical scroll to the page', () => {
    expect(touchGesture(30, -200, 150)).toBeNull();
  });
});
