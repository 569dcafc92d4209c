import type { Services } from '../domain/services';
import { startPeriodic } from './periodic';
import { followed, oneSweepAtATime } from './service-kicks';

type Log = { warn(details: object, message: string): void };

/** One sweep at a time (the stock written meanwhile may have missed the running one); failures are logged. */
export function stockAlertSweeper(sweep: () => Promise<unknown>, log?: Log) {
  return oneSweepAtATime(sweep, (err) =>
    log?.warn({ err }, 'рассылка «Сообщить о поступлении» не удалась: повторю по таймеру'),
  );
}

/**
 * The places where units come back (issue 44.1): a stock document, the 1C exchange's stock and its sale statuses, a
 * cancelled or expired order, a return, a parcel back from the carrier. Each is followed by a sweep after its own
 * transaction has committed, so subscribers hear of the size at once; the periodic sweep is the safety net.
 */
export function withStockAlertKicks(services: Services, kick: () => void): Services {
  return {
    ...services,
    stockAdmin: followed(services.stockAdmin, ['document'], kick),
    stockDocumentDesk: followed(services.stockDocumentDesk, ['post'], kick),
    catalogueImporter: followed(services.catalogueImporter, ['importFile', 'finishPackage'], kick),
    exchange: followed(services.exchange, ['applySale'], kick),
    orders: followed(services.orders, ['cancel', 'expireReservations'], kick),
    orderDesk: followed(services.orderDesk, ['move', 'refund', 'buyout'], kick),
    payments: followed(services.payments, ['expire', 'sync', 'push', 'reconcile'], kick),
    shipments: followed(services.shipments, ['cancel', 'received', 'plainMove', 'notified', 'poll'], kick),
  };
}

/** The safety net: a sweep every few minutes in each process (the database lets one claim each subscription). */
export function startStockAlertSweep(deps: { kick: () => Promise<void>; afterLetters: () => void }) {
  return startPeriodic({
    firstMs: 45_000,
    everyMs: 5 * 60_000,
    run: async () => {
      await deps.kick();
      deps.afterLetters();
    },
  });
}
