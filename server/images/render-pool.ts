/** Refused because too many renders are already waiting: the caller answers 503 and the client tries again. */
export class RenderQueueFull extends Error {
  constructor() {
    super('render queue full');
    this.name = 'RenderQueueFull';
  }
}

/**
 * Runs image renders at most `concurrency` at a time, with at most `maxWaiting` more queued. An AVIF encode costs
 * a core for a good part of a second: without a bound, a client asking for many cold variants at once takes the
 * CPU from every page (the issue measured 96 such requests moving the median page from 36 ms to 1 s).
 */
export function createRenderPool({ concurrency, maxWaiting }: { concurrency: number; maxWaiting: number }) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (waiting.length >= maxWaiting) throw new RenderQueueFull();
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      running++;
      try {
        return await task();
      } finally {
        running--;
        waiting.shift()?.();
      }
    },
    stats: () => ({ running, waiting: waiting.length }),
  };
}
