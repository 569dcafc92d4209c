/**
 * Spec §9 touch constants: a swipe moves at least 5 px at 0.3 px/ms or faster; a tap ends within 500 ms (the later
 * setup; the earlier one had 250 ms) having moved under 50 px.
 */
export const SWIPE_THRESHOLD_PX = 5;
export const SWIPE_VELOCITY = 0.3;
export const TAP_MAX_MS = 500;
export const TAP_MAX_MOVE_PX = 50;

/** 'next' for a swipe to the left (the finger pulls the next photo in), 'prev' to the right. */
export type TouchGesture = 'next' | 'prev' | 'tap' | null;

/**
 * What a finger did between touching and leaving the screen: moved `dx`, `dy` px in `dt` ms. A mainly horizontal,
 * fast enough move is a swipe; a short touch that stayed near its place is a tap; anything else (a slow drag, a
 * vertical scroll, a long press) is neither.
 */
export function touchGesture(dx: number, dy: number, dt: number): TouchGesture {
  const distance = Math.hypot(dx, dy);
  const velocity = Math.abs(dx) / Math.max(dt, 1);
  if (Math.abs(dx) > Math.abs(dy) && Math.abs(dx) >= SWIPE_THRESHOLD_PX && velocity >= SWIPE_VELOCITY)
    return dx < 0 ? 'next' : 'prev';
  if (dt <= TAP_MAX_MS && distance < TAP_MAX_MOVE_PX) return 'tap';
  return null;
}
