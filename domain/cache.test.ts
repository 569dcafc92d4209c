import { describe, expect, it } from 'vitest';
import { cachedFor, taggedCache } from './cache';
import { createInvalidations } from './cache-tags';

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

describe('taggedCache', () => {
  const setup = () => {
    const invalidations = createInvalidations();
    let loads = 0;
    const cache = taggedCache<number>({ max: 2, ttlMs: 60_000, invalidations });
    const load = (tags: string[]) => async () => ({ value: ++loads, tags });
    return { invalidations, cache, load, loads: () => loads };
  };

  it('keeps a value until a change names one of its tags, or all', async () => {
    const { invalidations, cache, load } = setup();
    expect(await cache.get('a', load(['product:1', 'section:2']))).toBe(1);
    expect(await cache.get('a', load(['product:1']))).toBe(1);
    invalidations.publish(['product:9']);
    expect(await cache.get('a', load(['product:1']))).toBe(1);
    invalidations.publish(['section:2']);
    expect(await cache.get('a', load(['product:1']))).toBe(2);
    invalidations.publish(['all']);
    expect(await cache.get('a', load(['product:1']))).toBe(3);
  });

  it('shares one load between callers, keeps no failure and no more than `max` values', async () => {
    const { cache, load, loads } = setup();
    const [x, y] = await Promise.all([cache.get('a', load([])), cache.get('a', load([]))]);
    expect([x, y, loads()]).toEqual([1, 1, 1]);
    await expect(cache.get('b', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('b', load([]))).toBe(2);
    await cache.get('c', load([]));
    expect(await cache.get('a', load([]))).toBe(4);
  });

  it('does not keep a value whose load a change overtook', async () => {
    const { invalidations, cache } = setup();
    let release: (v: { value: number; tags: string[] }) => void = () => {};
    const pending = cache.get('a', () => new Promise((r) => (release = r)));
    invalidations.publish(['product:1']);
    release({ value: 1, tags: ['product:1'] });
    expect(await pending).toBe(1);
    expect(await cache.get('a', async () => ({ value: 2, tags: [] }))).toBe(2);
  });
});
