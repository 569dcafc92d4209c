import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import { STAFF_API } from '../../../../contract/staff-api';
import { DomainError } from '../../../../domain/errors';
import {
  buyoutInput,
  deskFilterInput,
  handoverInput,
  handoverWithoutCodeInput,
  moveInput,
  noteInput,
  refundInput,
} from '../../../../domain/order/desk.schemas';
import type { Services } from '../../../../domain/services';
import { answer } from '../../../http/api-layer';
import { parseInput } from '../../../http/body';
import type { AppEnv } from '../../../http/env';
import { pathNumber, queryOf, staffCalls } from './kit';

/** The order's id from the path: a number, or the same «not found» as an order that does not exist. */
const orderId = (c: Context<AppEnv>) =>
  pathNumber(c, () => new DomainError('not_found', 'Заказ не найден.', 'ORDER_NOT_FOUND'));

/** `/api/v2/admin/orders/*` (issue 25.7): the orders desk — list, export, card, moves, notes, hand-over, refunds. */
export function ordersAdminApi(services: Services) {
  const calls = staffCalls();
  const { orderDesk, staffAccounts } = services;
  // The export first, so its path is not read as an order's id.
  calls.get(STAFF_API.ordersCsv, 'orders.read', async (c) => {
    const ctx = c.get('ctx');
    const { page: _page, ...all } = queryOf(c, deskFilterInput);
    const chunks = orderDesk.exportCsv(ctx, all, await staffAccounts.timeZone(ctx));
    // The first chunk is read before the answer starts, so a refusal (no right, a bad filter) is a proper 4xx.
    const iterator = chunks[Symbol.asyncIterator]();
    const first = await iterator.next();
    const day = ctx.now().toISOString().slice(0, 10);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="orders-${day}.csv"`);
    return stream(c, async (out) => {
      if (!first.done) await out.write(first.value);
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) await out.write(next.value);
    });
  });
  calls.get(STAFF_API.orders, 'orders.read', async (c) =>
    answer(c, await orderDesk.list(c.get('ctx'), queryOf(c, deskFilterInput))),
  );
  calls.get(STAFF_API.order, 'orders.read', async (c) =>
    answer(c, { order: await orderDesk.card(c.get('ctx'), orderId(c)) }),
  );
  calls.post(STAFF_API.orderTransition, 'orders.move', async (c) => {
    const id = orderId(c);
    const input = await parseInput(c, moveInput);
    return answer(c, { order: await orderDesk.move(c.get('ctx'), id, input) });
  });
  calls.post(STAFF_API.orderNotes, 'orders.move', async (c) => {
    const id = orderId(c);
    const { text } = await parseInput(c, noteInput);
    return answer(c, { order: await orderDesk.note(c.get('ctx'), id, text) });
  });
  calls.post(STAFF_API.orderHandover, 'orders.move', async (c) => {
    const id = orderId(c);
    const { code } = await parseInput(c, handoverInput);
    return answer(c, { order: await orderDesk.handover(c.get('ctx'), id, code) });
  });
  calls.post(STAFF_API.orderHandoverWithoutCode, 'orders.handover_without_code', async (c) => {
    const id = orderId(c);
    const { reason } = await parseInput(c, handoverWithoutCodeInput);
    return answer(c, { order: await orderDesk.handoverWithoutCode(c.get('ctx'), id, reason) });
  });
  calls.post(STAFF_API.orderBuyout, 'orders.move', async (c) => {
    const id = orderId(c);
    const { keptLineIds } = await parseInput(c, buyoutInput);
    return answer(c, { order: await orderDesk.buyout(c.get('ctx'), id, keptLineIds) });
  });
  calls.get(STAFF_API.orderPayments, 'orders.read', async (c) =>
    answer(c, { payment: await orderDesk.payment(c.get('ctx'), orderId(c)) }),
  );
  calls.post(STAFF_API.orderRefunds, 'orders.refund', async (c) => {
    const id = orderId(c);
    const input = await parseInput(c, refundInput);
    return answer(c, { refund: await orderDesk.refund(c.get('ctx'), id, input) });
  });
  return calls.api;
}
