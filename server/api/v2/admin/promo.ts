import { STAFF_API } from '../../../../contract/staff-api';
import { promoCreateInput, promoListInput, promoUpdateInput } from '../../../../domain/pricing/promo-admin.schemas';
import type { Services } from '../../../../domain/services';
import { answer } from '../../../http/api-layer';
import { parseInput } from '../../../http/body';
import { pathPromoCode, queryOf, staffCalls } from './kit';

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
    answer(c, await services.promoAdmin.card(c.get('ctx'), pathPromoCode(c))),
  );
  calls.post(STAFF_API.promocode, 'promo.edit', async (c) => {
    const code = pathPromoCode(c);
    const input = await parseInput(c, promoUpdateInput);
    return answer(c, { promocode: await services.promoAdmin.update(c.get('ctx'), code, input) });
  });
  calls.post(STAFF_API.promocodeStop, 'promo.edit', async (c) =>
    answer(c, { promocode: await services.promoAdmin.stop(c.get('ctx'), pathPromoCode(c)) }),
  );
  return calls.api;
}
