// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_TIMEOUT_MS,
  ChunkLoadError,
  loadChunk,
  RELOAD_GUARD_MS,
  reloadForChunk,
  reloadOnPreloadError,
} from './chunks';

const gone = 'https://shop.test/assets/LoginForms-3f9a1c.js';

beforeEach(() => {
  sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('loading a chunk (spec §8, §9)', () => {
  it('turns a failed import into a chunk-load error naming the failure type and the address', async () => {
    const failed = loadChunk(() =>
      Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${gone}`)),
    );
    await expect(failed).rejects.toMatchObject({ name: 'ChunkLoadError', type: 'error', address: gone });
    await expect(failed).rejects.toThrow(`Loading chunk failed. (error: ${gone})`);
  });

  it('gives up on a chunk that has not come in 120 seconds, and not before', async () => {
    vi.useFakeTimers();
    let settled: unknown = 'pending';
    loadChunk(() => new Promise(() => {})).catch((error) => {
      settled = error;
    });
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toMatchObject({ type: 'timeout' });
  });

  it('gives what a chunk that comes in time exports', async () => {
    await expect(loadChunk(() => Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
  });
});

describe('the reload after a chunk failure', () => {
  it('reloads the page once; a failure again right after that reload does not reload in a loop', () => {
    const reload = vi.fn();
    const error = new ChunkLoadError('error', gone);
    expect(reloadForChunk(error, reload, 1_000_000)).toBe(true);
    expect(reloadForChunk(error, reload, 1_000_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // A deploy later on is a new stale tab: it reloads again.
    expect(reloadForChunk(error, reload, 1_000_000 + RELOAD_GUARD_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('reloads on a failed preload of a route’s script or stylesheet, and takes the failure from the page', () => {
    const reload = vi.fn();
    const remove = reloadOnPreloadError(reload);
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
      payload: new Error('Unable to preload CSS for /assets/catalog-9b1e.css'),
    });
    window.dispatchEvent(event);
    remove();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
    expect(console.error).toHaveBeenCalledWith('CSS-chunk-load-failed: /assets/catalog-9b1e.css');
  });
});
