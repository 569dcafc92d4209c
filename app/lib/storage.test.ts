// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LIFETIME_S, parseEntry, readEntry, storageKey, writeEntry } from './storage';

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('local storage entries', () => {
  it('prefixes keys with the domain and wraps values as {version: 1, expires, value}', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    writeEntry('city', { id: 3 });
    expect(storageKey('city')).toBe(`${location.hostname}:city`);
    expect(JSON.parse(localStorage.getItem(`${location.hostname}:city`) ?? '')).toEqual({
      version: 1,
      expires: 1_000_000 + DEFAULT_LIFETIME_S * 1000,
      value: { id: 3 },
    });
    expect(readEntry('city')).toEqual({ id: 3 });
  });

  it('lives 3600 s by default and the given lifetime otherwise', () => {
    vi.useFakeTimers({ now: 0 });
    writeEntry('a', 1);
    writeEntry('b', 2, 900);
    vi.setSystemTime(899_999);
    expect([readEntry('a'), readEntry('b')]).toEqual([1, 2]);
    vi.setSystemTime(900_000);
    expect([readEntry('a'), readEntry('b')]).toEqual([1, null]);
    vi.setSystemTime(3_600_000);
    expect(readEntry('a')).toBeNull();
  });

  it('throws away expired, corrupt and other-version entries', () => {
    vi.useFakeTimers({ now: 5000 });
    const key = storageKey('x');
    for (const raw of [
      '{not json',
      'null',
      '"text"',
      JSON.stringify({ version: 2, expires: 10_000, value: 1 }),
      JSON.stringify({ expires: 10_000, value: 1 }),
      JSON.stringify({ version: 1, expires: '10000', value: 1 }),
      JSON.stringify({ version: 1, expires: 10_000 }),
      JSON.stringify({ version: 1, expires: 4999, value: 1 }),
    ]) {
      localStorage.setItem(key, raw);
      expect(readEntry('x'), raw).toBeNull();
      expect(localStorage.getItem(key), raw).toBeNull();
    }
  });

  it('parses a raw value the way a storage event carries it', () => {
    expect(parseEntry(JSON.stringify({ version: 1, expires: 2000, value: 'v' }), 1000)).toBe('v');
    expect(parseEntry(null)).toBeNull();
  });

  it('works without storage when the browser refuses it', () => {
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => writeEntry('y', 1)).not.toThrow();
    spy.mockRestore();
    expect(readEntry('y')).toBeNull();
  });
});
