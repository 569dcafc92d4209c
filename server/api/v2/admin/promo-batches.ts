import type { Context } from 'hono';
import { STAFF_API } from '../../../../contract/staff-api';
import { DomainError } from '../../../../domain/errors';
import { promoBatchInput } from '../../../../domain/pricing/promo-batches';
import type { Services } from '../../../../domain/services';
import { answer } from '../../../http/api-layer';
import { parseInput } from '../../../http/body';
import type { AppEnv } from '../../../http/env';
import { pathNumber, pathPromoCode, staffCalls } from './kit';

const batchId = (c: Context<AppEnv>) =>
  pathNumber(c, () => new DomainError('not_found', 'Такой партии кодов нет.', 'PROMO_BATCH_NOT_FOUND'));

/** `/api/v2/admin/promocodes/{code}/batches/` and a batch's CSV (issue 47.5): one-use codes from a code's terms. */
export function promoBatchesApi(services: Services) {
  const calls = staffCalls();
  const { promoBatches } = services;
  calls.get(STAFF_API.promocodeBatches, 'promo.edit', async (c) =>
    answer(c, { items: await promoBatches.list(c.get('ctx'), pathPromoCode(c)) }),
  );
  calls.post(STAFF_API.promocodeBatches, 'promo.edit', async (c) => {
    const code = pathPromoCode(c);
    const input = await parseInput(c, promoBatchInput);
    return answer(c, { batch: await promoBatches.create(c.get('ctx'), code, input) });
  });
  calls.get(STAFF_API.promoBatchCsv, 'promo.edit', async (c) => {
    const { batch, csv } = await promoBatches.exportCsv(c.get('ctx'), batchId(c));
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="promo-${batch.ruleCode}-${batch.id}.csv"`);
    return c.body(csv);
  });
  return calls.api;
}
