import type { Services } from '../domain/services';
import { logFailure, startPeriodic } from './periodic';
import { followed, oneSweepAtATime } from './service-kicks';

type Log = { warn(details: object, message: string): void; error?(details: object, message: string): void };

/** A second's wait between the kicks' sweeps: 100 orders a second make one sweep a second, not one per order. */
const KICK_GAP_MS = 1_000;

/** One sweep of the staff's notifications at a time (an order placed meanwhile may have missed the running one). */
export function notificationSweeper(sweep: () => Promise<unknown>, log?: Log, gapMs = 0) {
  return oneSweepAtATime(
    sweep,
    (err) => log?.warn({ err }, 'уведомления сотрудников не записаны: повторю по таймеру'),
    gapMs,
  );
}

/**
 * Issue 47.1: where the staff's news starts — an order placed, a payment learned of, a shopper's question — the
 * producer sweeps the news after the commit, so the badge and the message follow at once (within a second under a
 * burst); the periodic sweep is the net and reads the clock's events.
 */
export function withNotificationKicks(services: Services, log?: Log): Services {
  const kick = notificationSweeper(() => services.staffNotifications.sweep('news'), log, KICK_GAP_MS);
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
