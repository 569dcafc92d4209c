import { type Context, Hono } from 'hono';
import { STAFF_API } from '../../../contract/staff-api';
import { DomainError } from '../../../domain/errors';
import { promoCreateInput, promoListInput, promoUpdateInput } from '../../../domain/pricing/promo-admin.schemas';
import type { Services } from '../../../domain/services';
import { requirePermission } from '../../../domain/staff/permissions';
import { answer } from '../../http/api-layer';
import { parseInput } from '../../http/body';
import type { AppEnv } from '../../http/env';

/** The code from the path: the same «not found» for a code that cannot exist as for one that does not. */
function promoCode(c: Context<AppEnv>): string {
  const code = decodeURIComponent(c.req.param('code') ?? '').toUpperCase();
  if (!/^[A-Z0-9_-]{1,32}$/.test(code)) throw new DomainError('not_found', 'Такого промокода нет.', 'PROMO_NOT_FOUND');
  return code;
}

/**
 * `/api/v2/admin/promocodes/*` (issue 28.6): the list with uses, revenue and state, creating, editing and stopping a
 * code. Every call needs `promo.edit`, checked before the body is read. Money in roubles, dates ISO.
 */
export function promoAdminApi(services: Services) {
  const api = new Hono<AppEnv>();
  api.get(STAFF_API.promocodes, async (c) => {
    requirePermission(c.get('ctx'), 'promo.edit');
    const result = promoListInput.safeParse(c.req.query());
    if (!result.success)
      throw new DomainError('validation', result.error.issues[0]?.message ?? 'Проверьте фильтр.', 'INVALID_QUERY');
    return answer(c, { items: await services.promoAdmin.list(c.get('ctx'), result.data) });
  });
  api.post(STAFF_API.promocodes, async (c) => {
    requirePermission(c.get('ctx'), 'promo.edit');
    const input = await parseInput(c, promoCreateInput);
    return answer(c, { promocode: await services.promoAdmin.create(c.get('ctx'), input) });
  });
  api.get(STAFF_API.promocode, async (c) => {
    const code = promoCode(c);
    return answer(c, await services.promoAdmin.card(c.get('ctx'), code));
  });
  api.post(STAFF_API.promocode, async (c) => {
    const code = promoCode(c);
    requirePermission(c.get('ctx'), 'promo.edit');
    const input = await parseInput(c, promoUpdateInput);
    return answer(c, { promocode: await services.promoAdmin.update(c.get('ctx'), code, input) });
  });
  api.post(STAFF_API.promocodeStop, async (c) => {
    const code = promoCode(c);
    requirePermission(c.get('ctx'), 'promo.edit');
    return answer(c, { promocode: await services.promoAdmin.stop(c.get('ctx'), code) });
  });
  return api;
}
