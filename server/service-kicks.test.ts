import { describe, expect, it } from 'vitest';
import { oneSweepAtATime } from './service-kicks';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('one sweep at a time', () => {
  it('folds the kicks made during a run into one more run, a gap after it', async () => {
    const runs: { start: number; end: number }[] = [];
    const kick = oneSweepAtATime(
      async () => {
        const start = Date.now();
        await tick(20);
        runs.push({ start, end: Date.now() });
      },
      () => {},
      200,
    );
    const first = kick();
    for (let i = 0; i < 50; i++) void kick();
    await first;
    expect(runs).toHaveLength(2);
    const [a, b] = runs as [{ start: number; end: number }, { start: number; end: number }];
    expect(b.start - a.end).toBeGreaterThanOrEqual(190);
  });

  it('runs at once when nothing runs, and again after a failure', async () => {
    let calls = 0;
    const failures: unknown[] = [];
    const kick = oneSweepAtATime(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('нет связи');
      },
      (err) => failures.push(err),
      10_000,
    );
    const started = Date.now();
    await kick();
    await kick();
    expect(calls).toBe(2);
    expect(failures).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
