import type { Context } from 'hono';
import { STAFF_API } from '../../../../contract/staff-api';
import { DomainError } from '../../../../domain/errors';
import { lineEditInput } from '../../../../domain/order/order-edit.schemas';
import type { Services } from '../../../../domain/services';
import type { AppEnv } from '../../../http/env';
import { pathNumber, staffCalls } from './kit';

const orderId = (c: Context<AppEnv>) =>
  pathNumber(c, () => new DomainError('not_found', 'Заказ не найден.', 'ORDER_NOT_FOUND'));

/** `/api/v2/admin/orders/:id/lines/` (issue 47.6): a line's quantity or size changed, a line removed or added. */
export function orderEditsAdminApi(services: Services) {
  const calls = staffCalls();
  calls.writeTo(STAFF_API.orderLines, 'orders.move', orderId, lineEditInput, async (ctx, id, edit) => ({
    order: await services.orderEdits.editLine(ctx, id, edit),
  }));
  return calls.api;
}
