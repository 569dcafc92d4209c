import { describe, expect, it } from 'vitest';
import { reloadDelayMs } from './commands';

describe('reloadDelayMs', () => {
  it('spreads reloads over 100 to 15 000 ms in steps of 100', () => {
    expect(reloadDelayMs(() => 0)).toBe(100);
    expect(reloadDelayMs(() => 0.999_999)).toBe(15_000);
    expect(reloadDelayMs(() => 0.5)).toBe(7_600);
    const seen = new Set(Array.from({ length: 2000 }, (_, i) => reloadDelayMs(() => i / 2000)));
    expect(seen.size).toBe(150);
    expect([...seen].every((d) => d % 100 === 0 && d >= 100 && d <= 15_000)).toBe(true);
  });
});
