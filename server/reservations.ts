import type { Logger } from 'pino';
import type { OrdersService } from '../domain/order/orders.service';
import { logFailure, startPeriodic } from './periodic';

/** A reservation ends at midnight; a few minutes later its stock is on sale again. */
const EVERY_MS = 5 * 60_000;
const FIRST_RUN_MS = 30_000;

/**
 * Cancels the shop orders not collected by the end of their reservation, returning their stock. Several processes
 * may run it at once: each order is cancelled under its row lock, and the second to come finds it cancelled.
 */
export function startReservationExpiry(deps: { orders: OrdersService; log: Logger; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return startPeriodic({
    firstMs: FIRST_RUN_MS,
    everyMs: EVERY_MS,
    run: () =>
      logFailure(deps.log, 'резервы: отмена просроченных не удалась', async () => {
        const cancelled = await deps.orders.expireReservations(now());
        if (cancelled > 0) deps.log.info({ cancelled }, 'резервы: отменены заказы, не забранные в срок');
      }),
  });
}
