/**
 * How long to wait after a failed attempt before the next one: quick at first for a blip of the mail server, then
 * spaced out for an outage, so the eight attempts cover about a day.
 */
const RETRY_DELAYS_MS = [30, 120, 600, 3_600, 3 * 3_600, 6 * 3_600, 12 * 3_600].map((s) => s * 1000);

export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** When to try again after `attempts` failed attempts, or null: give the message up. */
export function nextAttemptAt(attempts: number, failedAt: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay);
}
