import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductService } from '../domain/catalog/product/product.service';
import { startViewFlush } from './view-counts';

afterEach(() => vi.useRealTimers());

describe('startViewFlush', () => {
  it('flushes every 5 seconds, logs a failure and goes on, and flushes once more on demand after stop', async () => {
    vi.useFakeTimers();
    let flushes = 0;
    const logged: { level: number }[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) });
    const product = {
      async flushViews() {
        if (++flushes === 1) throw new Error('database gone');
        return 1;
      },
    } as Pick<ProductService, 'flushViews'> as ProductService;
    const job = startViewFlush({ product, log });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(flushes).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(flushes).toBe(1);
    expect(logged).toMatchObject([{ level: 50 }]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(flushes).toBe(2);
    job.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(flushes).toBe(2);
    await job.flush();
    expect(flushes).toBe(3);
  });
});
