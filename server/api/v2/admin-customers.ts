import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import { STAFF_API } from '../../../contract/staff-api';
import type { CustomerCard } from '../../../domain/customers/customers-admin';
import {
  customerBlockInput,
  customerBonusInput,
  customerSearchInput,
  isCustomerId,
} from '../../../domain/customers/customers-admin.schemas';
import { DomainError } from '../../../domain/errors';
import type { Services } from '../../../domain/services';
import { requirePermission } from '../../../domain/staff/permissions';
import { answer } from '../../http/api-layer';
import { parseInput } from '../../http/body';
import type { AppEnv } from '../../http/env';

const roubles = (kopecks: number) => kopecks / 100;

/** The customer's card as the API answers it: money in roubles. */
export function customerJson(card: CustomerCard) {
  return {
    ...card,
    card: card.card ? { ...card.card, bonusBalance: roubles(card.card.bonusBalance) } : null,
    orders: card.orders.map((o) => ({ ...o, total: roubles(o.total) })),
    bonusHistory: card.bonusHistory.map((b) => ({ ...b, amount: roubles(b.amount) })),
  };
}

/** The customer's id from the path: a number, or the same «not found» as a customer that does not exist. */
function customerId(c: Context<AppEnv>): number {
  const id = c.req.param('id');
  if (!isCustomerId(id)) throw new DomainError('not_found', 'Покупатель не найден.', 'CUSTOMER_NOT_FOUND');
  return Number(id);
}

function parseQuery<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.infer<S> {
  const result = schema.safeParse(c.req.query());
  if (!result.success)
    throw new DomainError('validation', result.error.issues[0]?.message ?? 'Проверьте поиск.', 'INVALID_QUERY');
  return result.data;
}

/** `/api/v2/admin/customers/*` (issue 28.6): search, a customer's card, block and unblock, bonus corrections. */
export function adminCustomersApi(services: Services) {
  const api = new Hono<AppEnv>();
  api.get(STAFF_API.customers, async (c) => {
    const ctx = c.get('ctx');
    requirePermission(ctx, 'customers.read');
    return answer(c, await services.customersAdmin.list(ctx, parseQuery(c, customerSearchInput)));
  });
  api.get(STAFF_API.customer, async (c) => {
    const ctx = c.get('ctx');
    requirePermission(ctx, 'customers.read');
    return answer(c, { customer: customerJson(await services.customersAdmin.card(ctx, customerId(c))) });
  });
  api.post(STAFF_API.customerBlock, async (c) => {
    const ctx = c.get('ctx');
    // The permission first: a role that may not learns nothing of the form's checks.
    requirePermission(ctx, 'customers.edit');
    const id = customerId(c);
    const input = await parseInput(c, customerBlockInput);
    return answer(c, { customer: customerJson(await services.customersAdmin.block(ctx, id, input)) });
  });
  api.post(STAFF_API.customerBonus, async (c) => {
    const ctx = c.get('ctx');
    requirePermission(ctx, 'customers.edit');
    const id = customerId(c);
    const input = await parseInput(c, customerBonusInput);
    return answer(c, { customer: customerJson(await services.customersAdmin.bonus(ctx, id, input)) });
  });
  return api;
}
