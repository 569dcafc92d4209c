import type { Logger } from 'pino';
import type { RelatedService } from '../domain/catalog/related/related.service';
import { logFailure, startPeriodic } from './periodic';

/** «С этим покупают» follows the completed orders within the hour. */
const EVERY_MS = 60 * 60_000;
const FIRST_RUN_MS = 60_000;

/**
 * Counts `product_pairs` again from the completed orders (issue 44.3), in one transaction. Several processes may run
 * it: the first takes the lock, the others find it taken and wait for the next hour.
 */
export function startPairsRecount(deps: { related: RelatedService; log: Pick<Logger, 'info' | 'error'> }) {
  return startPeriodic({
    firstMs: FIRST_RUN_MS,
    everyMs: EVERY_MS,
    run: () =>
      logFailure(deps.log, 'с этим покупают: пересчёт пар не удался', async () => {
        const pairs = await deps.related.recountPairs();
        if (pairs != null) deps.log.info({ pairs }, 'с этим покупают: пары пересчитаны');
      }),
  });
}
