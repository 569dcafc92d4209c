import { describe, expect, it } from 'vitest';
import { createPageStore, entrySize, type PageEntry } from './store';

const entry = (key: string, tags: string[], bytes = 1000): PageEntry => ({
  key,
  headers: [],
  body: { identity: Buffer.alloc(bytes), br: Buffer.alloc(bytes / 10), gzip: Buffer.alloc(bytes / 10) },
  etag: `W/"${key}"`,
  tags,
  storedAt: 0,
});

describe('the page store', () => {
  it('keeps its bytes under the bound, dropping the least recently used first', () => {
    const size = entrySize(entry('/a', ['shell']));
    const store = createPageStore(size * 4 + 10);
    for (const key of ['/a', '/b', '/c', '/d']) store.put(entry(key, ['shell']), store.generation());
    store.get('/a');
    store.put(entry('/e', ['shell']), store.generation());
    expect(store.get('/b')).toBeUndefined();
    expect(store.get('/a')?.key).toBe('/a');
    expect(store.stats()).toEqual({ entries: 4, bytes: size * 4 });
  });

  it('refuses a page bigger than a quarter of the bound', () => {
    const store = createPageStore(10_000);
    expect(store.put(entry('/big', ['shell'], 5000), store.generation())).toBe(false);
    expect(store.get('/big')).toBeUndefined();
  });

  it('drops the pages carrying a changed tag, or all of them', () => {
    const store = createPageStore(1_000_000);
    store.put(entry('/product/a/', ['shell', 'product:1']), 0);
    store.put(entry('/product/b/', ['shell', 'product:2']), 0);
    store.put(entry('/info/', ['shell', 'content']), 0);
    expect(store.invalidate(new Set(['product:1']))).toBe(1);
    expect(store.get('/product/a/')).toBeUndefined();
    expect(store.get('/product/b/')).toBeDefined();
    expect(store.invalidate(new Set(['all']))).toBe(2);
    expect(store.stats()).toEqual({ entries: 0, bytes: 0 });
  });

  it('does not keep a render that began before a change of one of its tags', () => {
    const store = createPageStore(1_000_000);
    const startedAt = store.generation();
    store.invalidate(new Set(['product:1']));
    expect(store.put(entry('/product/a/', ['product:1']), startedAt)).toBe(false);
    expect(store.put(entry('/product/b/', ['product:2']), startedAt)).toBe(true);
    store.invalidate(new Set(['all']));
    expect(store.put(entry('/product/c/', ['product:3']), startedAt)).toBe(false);
  });
});
