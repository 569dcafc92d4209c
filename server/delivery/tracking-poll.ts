import type { Logger } from 'pino';
import type { ShipmentsService } from '../../domain/delivery/shipments.service';
import { startPeriodic } from '../periodic';

/** Every few minutes: a carrier without webhooks is read back, and a lost notification of one with them is caught. */
const EVERY_MS = 5 * 60_000;
const FIRST_MS = 60_000;

export function startTrackingPoll(deps: { shipments: ShipmentsService; log: Logger }) {
  return startPeriodic({
    firstMs: FIRST_MS,
    everyMs: EVERY_MS,
    run: async () => {
      try {
        const applied = await deps.shipments.poll();
        if (applied > 0) deps.log.info({ applied }, 'tracking: new carrier events applied');
      } catch (err) {
        deps.log.warn({ err }, 'tracking: poll failed, next run tries again');
      }
    },
  });
}
