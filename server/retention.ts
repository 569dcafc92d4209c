import type { Logger } from 'pino';
import type { RetentionRepository } from '../domain/retention/retention';
import { logFailure, startPeriodic } from './periodic';

/** How often the process prunes: hourly is plenty for rules counted in days. */
const EVERY_MS = 3_600_000;
/** The first run waits a little, so a restart does not prune while the shop warms up. */
const FIRST_RUN_MS = 60_000;

/**
 * Runs the retention rules in the process on a timer. Several processes may run it: one prunes (an advisory lock),
 * the others skip. `npm run shop -- prune` runs the same rules once, for cron.
 */
export function startRetention(deps: { repo: RetentionRepository; log: Logger; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const run = () =>
    logFailure(deps.log, 'хранение: очистка не удалась', async () => {
      const report = await deps.repo.prune(now());
      if (report) deps.log.info({ removed: report }, 'хранение: удалено устаревшее');
    });
  return startPeriodic({ firstMs: FIRST_RUN_MS, everyMs: EVERY_MS, run });
}
