import type { Services } from '../domain/services';
import { logFailure, startPeriodic } from './periodic';

type Log = { warn(details: object, message: string): void; error?(details: object, message: string): void };

/**
 * One sweep of the staff's notifications at a time in a process: a kick while one runs asks for one more after it
 * (an order placed meanwhile may have missed the running one), never for a queue of them.
 */
export function notificationSweeper(sweep: () => Promise<unknown>, log?: Log) {
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
          log?.warn({ err }, 'уведомления сотрудников не записаны: повторю по таймеру');
        }
      } while (again);
      running = null;
    })();
    return running;
  };
}

/** `method` of `service`, followed (once it resolves, after its commit) by `after()`. */
function followed<T extends object>(service: T, names: readonly (keyof T)[], after: () => void): T {
  if (!service) return service;
  const wrapped = Object.assign(Object.create(Object.getPrototypeOf(service)), service) as T;
  for (const name of names) {
    const method = service[name];
    if (typeof method !== 'function') continue;
    wrapped[name] = (async (...args: unknown[]) => {
      const value = await (method as (...a: unknown[]) => Promise<unknown>).apply(service, args);
      after();
      return value;
    }) as T[keyof T];
  }
  return wrapped;
}

/**
 * Issue 47.1: where the staff's news starts — an order placed, a payment learned of, a shopper's question — the
 * producer sweeps after the commit, so the badge and the message follow at once; the periodic sweep is the net.
 */
export function withNotificationKicks(services: Services, log?: Log): Services {
  const kick = notificationSweeper(() => services.staffNotifications.sweep(), log);
  const after = () => void kick();
  return {
    ...services,
    checkout: followed(services.checkout, ['save'], after),
    feedback: followed(services.feedback, ['ask'], after),
    payments: followed(services.payments, ['sync', 'refresh'], after),
  };
}

/** The safety net and the clock's events (overdue orders, sizes running out, the floods' summaries): every minute. */
export function startNotificationSweep(deps: {
  services: Pick<Services, 'staffNotifications'>;
  log: { error(details: object, message: string): void; warn(details: object, message: string): void };
  afterMessages: () => void;
}) {
  const kick = notificationSweeper(() => deps.services.staffNotifications.sweep(), deps.log);
  return startPeriodic({
    firstMs: 20_000,
    everyMs: 60_000,
    run: async () => {
      await kick();
      await logFailure(deps.log, 'сводка уведомлений сотрудников не отправлена', async () => {
        await deps.services.staffNotifications.flush();
      });
      deps.afterMessages();
    },
  });
}
