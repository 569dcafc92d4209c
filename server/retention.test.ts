import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startRetention } from './retention';

afterEach(() => vi.useRealTimers());

describe('startRetention', () => {
  it('prunes a minute after start and then hourly, logging what went, and keeps going after a failure', async () => {
    vi.useFakeTimers();
    const runs: Date[] = [];
    let fail = true;
    const logged: unknown[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) });
    const job = startRetention({
      repo: {
        async prune(now) {
          runs.push(now);
          if (fail) {
            fail = false;
            throw new Error('database gone');
          }
          return { sessions: 2 };
        },
      },
      log,
    });
    await vi.advanceTimersByTimeAsync(59_000);
    expect(runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(runs).toHaveLength(2);
    expect(logged).toMatchObject([{ level: 50 }, { level: 30, removed: { sessions: 2 } }]);
    job.stop();
    await vi.advanceTimersByTimeAsync(7_200_000);
    expect(runs).toHaveLength(2);
  });
});
