import { describe, expect, it } from 'vitest';
import { cachedFor } from './cache';

describe('cachedFor', () => {
  it('shares one load for the time to live, then loads again', async () => {
    let loads = 0;
    let clock = 0;
    const cache = cachedFor(async () => ++loads, { ttlMs: 1000, now: () => clock });
    expect(await Promise.all([cache.get(), cache.get()])).toEqual([1, 1]);
    clock = 1000;
    expect(await cache.get()).toBe(1);
    clock = 1001;
    expect(await cache.get()).toBe(2);
    cache.clear();
    expect(await cache.get()).toBe(3);
  });

  it('does not keep a failed load', async () => {
    let fail = true;
    const cache = cachedFor(
      async () => {
        if (fail) throw new Error('база недоступна');
        return 'ok';
      },
      { ttlMs: 60_000 },
    );
    await expect(cache.get()).rejects.toThrow('база недоступна');
    fail = false;
    expect(await cache.get()).toBe('ok');
  });
});
