import type { Context } from 'hono';
import { STAFF_API } from '../../../../contract/staff-api';
import type { CustomerLifetime } from '../../../../domain/customers/customer-history';
import type { CustomerCard } from '../../../../domain/customers/customers-admin';
import { customerKey, type GuestCard } from '../../../../domain/customers/guests';
import {
  customerBlockInput,
  customerBonusInput,
  customerSearchInput,
} from '../../../../domain/customers/customers-admin.schemas';
import { DomainError } from '../../../../domain/errors';
import type { Services } from '../../../../domain/services';
import { answer } from '../../../http/api-layer';
import type { AppEnv } from '../../../http/env';
import { pathNumber, queryOf, staffCalls } from './kit';

const roubles = (kopecks: number) => kopecks / 100;

/** Lifetime figures in roubles. */
const lifetimeJson = (l: CustomerLifetime) => ({
  ...l,
  completedSum: roubles(l.completedSum),
  returns: { ...l.returns, sum: roubles(l.returns.sum), refunded: roubles(l.returns.refunded) },
  bonuses: { credited: roubles(l.bonuses.credited), spent: roubles(l.bonuses.spent) },
});

/** A guest's card as the API answers it: money in roubles. */
export function guestJson(card: GuestCard) {
  return {
    ...card,
    lifetime: lifetimeJson(card.lifetime),
    orders: card.orders.map((o) => ({ ...o, total: roubles(o.total) })),
  };
}

/** The customer's card as the API answers it: money in roubles. */
export function customerJson(card: CustomerCard) {
  return {
    ...card,
    lifetime: lifetimeJson(card.lifetime),
    card: card.card ? { ...card.card, bonusBalance: roubles(card.card.bonusBalance) } : null,
    orders: card.orders.map((o) => ({ ...o, total: roubles(o.total) })),
    bonusHistory: card.bonusHistory.map((b) => ({ ...b, amount: roubles(b.amount) })),
  };
}

const customerId = (c: Context<AppEnv>) =>
  pathNumber(c, () => new DomainError('not_found', 'Покупатель не найден.', 'CUSTOMER_NOT_FOUND'));

/** `/api/v2/admin/customers/*` (issue 28.6): search, a customer's card, block and unblock, bonus corrections. */
export function customersAdminApi(services: Services) {
  const calls = staffCalls();
  const { customersAdmin } = services;
  calls.get(STAFF_API.customers, 'customers.read', async (c) =>
    answer(c, await customersAdmin.list(c.get('ctx'), queryOf(c, customerSearchInput))),
  );
  // An account's number, or a guest's `guest-{firstOrderId}` (issue 47.2).
  calls.get(STAFF_API.customer, 'customers.read', async (c) => {
    const key = customerKey(c.req.param('id'));
    if (key && 'guest' in key) {
      const guest = await customersAdmin.guest(c.get('ctx'), key.guest);
      if ('joinedTo' in guest)
        throw new DomainError(
          'not_found',
          `Заказы этого гостя теперь в учётной записи покупателя № ${guest.joinedTo}.`,
          'GUEST_JOINED',
        );
      return answer(c, { customer: guestJson(guest) });
    }
    return answer(c, { customer: customerJson(await customersAdmin.card(c.get('ctx'), customerId(c))) });
  });
  calls.writeTo(STAFF_API.customerBlock, 'customers.edit', customerId, customerBlockInput, async (ctx, id, input) => ({
    customer: customerJson(await customersAdmin.block(ctx, id, input)),
  }));
  calls.writeTo(STAFF_API.customerBonus, 'customers.edit', customerId, customerBonusInput, async (ctx, id, input) => ({
    customer: customerJson(await customersAdmin.bonus(ctx, id, input)),
  }));
  return calls.api;
}
