import { describe, expect, it } from 'vitest';
import { createRenderPool, RenderQueueFull } from './render-pool';

describe('createRenderPool', () => {
  it('runs at most `concurrency` tasks at once and queues the rest in order', async () => {
    const pool = createRenderPool({ concurrency: 2, maxWaiting: 10 });
    let active = 0;
    let most = 0;
    const order: number[] = [];
    const task = (n: number) => async () => {
      active++;
      most = Math.max(most, active);
      await new Promise((r) => setTimeout(r, 5));
      order.push(n);
      active--;
      return n;
    };
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => pool.run(task(n))));
    expect(results).toEqual([1, 2, 3, 4, 5, 6]);
    expect(most).toBe(2);
    expect(pool.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a task when the queue is full, and frees its place after a failure', async () => {
    const pool = createRenderPool({ concurrency: 1, maxWaiting: 1 });
    let release!: () => void;
    const first = pool.run(() => new Promise<void>((r) => (release = r)));
    const second = pool.run(async () => 'queued');
    await expect(pool.run(async () => 'third')).rejects.toBeInstanceOf(RenderQueueFull);
    release();
    await first;
    expect(await second).toBe('queued');
    await expect(pool.run(async () => Promise.reject(new Error('broken image')))).rejects.toThrow('broken image');
    expect(await pool.run(async () => 'after')).toBe('after');
  });
});
