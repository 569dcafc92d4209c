import type { Services } from '../domain/services';
import { startPeriodic } from './periodic';

type Log = { warn(details: object, message: string): void };

/**
 * One sweep at a time in a process: a kick while one runs asks for one more after it (the stock written meanwhile may
 * have missed the running one), never for a queue of them. Failures are logged; the periodic sweep tries again.
 */
export function stockAlertSweeper(sweep: () => Promise<unknown>, log?: Log) {
  let running: Promise<void> | null = null;
  let again = false;
  return function kick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await sweep();
        } catch (err) {
          log?.warn({ err }, 'рассылка «Сообщить о поступлении» не удалась: повторю по таймеру');
        }
      } while (again);
      running = null;
    })();
    return running;
  };
}

/** The service with `names` followed, once each resolves (after its commit), by `after()`; others unchanged. */
function followed<T extends object>(service: T, names: readonly (keyof T)[], after: () => void): T {
  if (!service) return service;
  // Every method stays an own property (a spread of the service keeps them); the followed ones are replaced.
  const wrapped = Object.assign(Object.create(Object.getPrototypeOf(service)), service) as T;
  for (const name of names) {
    const method = service[name];
    if (typeof method !== 'function') continue;
    wrapped[name] = ((...args: unknown[]) => {
      const result = (method as (...a: unknown[]) => unknown).apply(service, args);
      if (result instanceof Promise)
        return result.then((value) => {
          after();
          return value;
        });
      after();
      return result;
    }) as T[keyof T];
  }
  return wrapped;
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
