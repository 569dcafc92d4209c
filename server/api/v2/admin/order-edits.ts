import type { Context } from 'hono';
import { STAFF_API } from '../../../../contract/staff-api';
import { DomainError } from '../../../../domain/errors';
import { orderChangeInput } from '../../../../domain/order/order-edit.schemas';
import type { Services } from '../../../../domain/services';
import type { AppEnv } from '../../../http/env';
import { pathNumber, staffCalls } from './kit';

const orderId = (c: Context<AppEnv>) =>
  pathNumber(c, () => new DomainError('not_found', 'Заказ не найден.', 'ORDER_NOT_FOUND'));

/** `/api/v2/admin/orders/:id/changes/` (issue 47.6): a line's quantity or size, a line
 * removed or added, the courier's address, day and time. */
export function orderEditsAdminApi(services: Services) {
  const calls = staffCalls();
  calls.writeTo(STAFF_API.orderChanges, 'orders.move', orderId, orderChangeInput, async (ctx, id, edit) => ({
    order: await services.orderEdits.change(ctx, id, edit),
  }));
  return calls.api;
}
