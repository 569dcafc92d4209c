import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, nextAttemptAt } from './retry';

const t0 = new Date('2026-11-22T10:00:00Z');
const after = (attempts: number) => {
  const at = nextAttemptAt(attempts, t0);
  return at && (at.getTime() - t0.getTime()) / 1000;
};

describe('nextAttemptAt', () => {
  it('backs off from 30 s to 2 min, 10 min and an hour, then hours', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(after)).toEqual([30, 120, 600, 3600, 10_800, 21_600, 43_200]);
  });

  it('gives up after the eighth attempt', () => {
    expect(MAX_ATTEMPTS).toBe(8);
    expect(nextAttemptAt(8, t0)).toBeNull();
    expect(nextAttemptAt(9, t0)).toBeNull();
  });
});
