import type { Logger } from 'pino';
import type { PaymentsService } from '../../domain/payment/payments.service';
import { logFailure, startPeriodic } from '../periodic';

const EVERY_MS = 60_000;
const FIRST_RUN_MS = 20_000;

/**
 * Every minute: cancels the online orders whose payment did not come in time (their stock back on sale), and finishes
 * what was asked of the provider but not answered (refunds, captures, cancels, a payment whose notification was
 * lost). Several processes may run it at once: every change is made under the order's and the payment's locks, and
 * every call to the provider carries the key stored for it.
 */
export function startPaymentUpkeep(deps: { payments: PaymentsService; log: Logger; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return startPeriodic({
    firstMs: FIRST_RUN_MS,
    everyMs: EVERY_MS,
    run: async () => {
      await logFailure(deps.log, 'оплата: отмена неоплаченных заказов не удалась', async () => {
        const cancelled = await deps.payments.expire(now());
        if (cancelled > 0) deps.log.info({ cancelled }, 'оплата: отменены заказы, не оплаченные вовремя');
      });
      await logFailure(deps.log, 'оплата: сверка с платёжной системой не удалась', () =>
        deps.payments.reconcile(now()),
      );
    },
  });
}
