import type { Context } from 'hono';
import { STAFF_API } from '../../../../contract/staff-api';
import { DomainError } from '../../../../domain/errors';
import { promoCreateInput, promoListInput, promoUpdateInput } from '../../../../domain/pricing/promo-admin.schemas';
import type { Services } from '../../../../domain/services';
import { answer } from '../../../http/api-layer';
import { parseInput } from '../../../http/body';
import type { AppEnv } from '../../../http/env';
import { queryOf, staffCalls } from './kit';

/** The code from the path: the same «not found» for a code that cannot exist as for one that does not. */
function promoCode(c: Context<AppEnv>): string {
  const code = decodeURIComponent(c.req.param('code') ?? '').toUpperCase();
  if (!/^[A-Z0-9_-]{1,32}$/.test(code)) throw new DomainError('not_found', 'Такого промокода нет.', 'PROMO_NOT_FOUND');
  return code;
}

/**
 * `/api/v2/admin/promocodes/*` (issue 28.6): the list with uses, revenue and state, creating, editing and stopping a
 * code. Money in roubles, dates ISO.
 */
export function promoAdminApi(services: Services) {
  const calls = staffCalls();
  calls.get(STAFF_API.promocodes, 'promo.edit', async (c) =>
    answer(c, { items: await services.promoAdmin.list(c.get('ctx'), queryOf(c, promoListInput)) }),
  );
  calls.write(STAFF_API.promocodes, 'promo.edit', promoCreateInput, async (ctx, input) => ({
    promocode: await services.promoAdmin.create(ctx, input),
  }));
  calls.get(STAFF_API.promocode, 'promo.edit', async (c) =>
    answer(c, await services.promoAdmin.card(c.get('ctx'), promoCode(c))),
  );
  calls.post(STAFF_API.promocode, 'promo.edit', async (c) => {
    const code = promoCode(c);
    const input = await parseInput(c, promoUpdateInput);
    return answer(c, { promocode: await services.promoAdmin.update(c.get('ctx'), code, input) });
  });
  calls.post(STAFF_API.promocodeStop, 'promo.edit', async (c) =>
    answer(c, { promocode: await services.promoAdmin.stop(c.get('ctx'), promoCode(c)) }),
  );
  return calls.api;
}
