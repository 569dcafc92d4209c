import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import { z } from 'zod';
import { STAFF_API } from '../../../../contract/staff-api';
import { DomainError } from '../../../../domain/errors';
import { bulkMoveInput, orderIds } from '../../../../domain/order/bulk';
import { saveViewInput } from '../../../../domain/order/order-views';
import type { Services } from '../../../../domain/services';
import { answer } from '../../../http/api-layer';
import type { AppEnv } from '../../../http/env';
import { pathNumber, staffCalls } from './kit';

const viewId = (c: Context<AppEnv>) =>
  pathNumber(c, () => new DomainError('not_found', 'Вид не найден.', 'VIEW_NOT_FOUND'));

/** `ids` of the query: `?ids=1,2,3` or repeated `?ids=1&ids=2` (as the list's form sends them). */
const idsQuery = z.object({ ids: orderIds });
function queryIds(c: Context<AppEnv>): number[] {
  const result = idsQuery.safeParse({ ids: (c.req.queries('ids') ?? []).join(',') });
  if (!result.success)
    throw new DomainError('validation', result.error.issues[0]?.message ?? 'Выберите заказы.', 'INVALID_QUERY');
  return result.data.ids;
}

/**
 * The orders desk's bulk calls and saved views (issue 47.7). Mounted BEFORE the single-order calls: `/orders/views/`
 * would else be read as an order's id.
 */
export function ordersBulkAdminApi(services: Services) {
  const calls = staffCalls();
  const { orderBulk, orderViews, staffAccounts } = services;
  calls.write(STAFF_API.ordersBulkMove, 'orders.move', bulkMoveInput, async (ctx, input) => ({
    result: await orderBulk.move(ctx, input),
  }));
  calls.get(STAFF_API.ordersBulkCsv, 'orders.read', async (c) => {
    const ctx = c.get('ctx');
    const ids = queryIds(c);
    const chunks = orderBulk.exportCsv(ctx, ids, await staffAccounts.timeZone(ctx));
    const iterator = chunks[Symbol.asyncIterator]();
    const first = await iterator.next();
    const day = ctx.now().toISOString().slice(0, 10);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="orders-selected-${day}.csv"`);
    return stream(c, async (out) => {
      if (!first.done) await out.write(first.value);
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) await out.write(next.value);
    });
  });
  calls.get(STAFF_API.orderViews, 'orders.read', async (c) =>
    answer(c, { items: await orderViews.list(c.get('ctx')) }),
  );
  calls.write(STAFF_API.orderViews, 'orders.read', saveViewInput, async (ctx, input) => ({
    view: await orderViews.save(ctx, input),
  }));
  calls.writeTo(STAFF_API.orderViewDelete, 'orders.read', viewId, z.object({}), async (ctx, id) => {
    await orderViews.remove(ctx, id);
    return {};
  });
  return calls.api;
}
