import type { Logger } from 'pino';
import type { CustomersAdminService } from '../domain/customers/customers-admin';
import { logFailure, startPeriodic } from './periodic';

/**
 * Every guest order marks its phone (migration 0049) until the customers' list groups it again. A shop whose staff
 * rarely open the list would pile the marks up and pay for them all on the next view: they are folded in every ten
 * minutes instead. Several processes may run it: the regroup's lock makes them take turns.
 */
const EVERY_MS = 10 * 60_000;
const FIRST_RUN_MS = 2 * 60_000;

export function startGuestsRegroup(deps: {
  customers: Pick<CustomersAdminService, 'regroupGuests'>;
  log: Pick<Logger, 'error'>;
}) {
  return startPeriodic({
    firstMs: FIRST_RUN_MS,
    everyMs: EVERY_MS,
    run: () => logFailure(deps.log, 'покупатели: группировка гостей не удалась', () => deps.customers.regroupGuests()),
  });
}
