import pino from 'pino';
import { afterEach, expect, it, vi } from 'vitest';
import { startGuestsRegroup } from './guests-regroup';

afterEach(() => vi.useRealTimers());

it('regroups the guests two minutes after start and then every ten, and keeps going after a failure', async () => {
  vi.useFakeTimers();
  let runs = 0;
  const logged: { level: number; msg: string }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) });
  const job = startGuestsRegroup({
    customers: {
      async regroupGuests() {
        runs += 1;
        if (runs === 1) throw new Error('database gone');
      },
    },
    log,
  });
  await vi.advanceTimersByTimeAsync(119_000);
  expect(runs).toBe(0);
  await vi.advanceTimersByTimeAsync(1_000);
  expect(runs).toBe(1);
  expect(logged).toMatchObject([{ level: 50, msg: 'покупатели: группировка гостей не удалась' }]);
  await vi.advanceTimersByTimeAsync(600_000);
  expect(runs).toBe(2);
  job.stop();
  await vi.advanceTimersByTimeAsync(3_600_000);
  expect(runs).toBe(2);
});
