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
  calls.writeTo(STAFF_API.orderTransition, 'orders.move', orderId, moveInput, async (ctx, id, input) => {
    // A carrier's order ships by its registration and is cancelled with its shipment (issue 42.7).
    await services.shipments.plainMove(ctx, id, input.to);
    return { order: await orderDesk.move(ctx, id, input) };
  });
  calls.writeTo(STAFF_API.orderNotes, 'orders.move', orderId, noteInput, async (ctx, id, { text }) => ({
    order: await orderDesk.note(ctx, id, text),
  }));
  calls.writeTo(STAFF_API.orderHandover, 'orders.move', orderId, handoverInput, async (ctx, id, { code }) => ({
    order: await orderDesk.handover(ctx, id, code),
  }));
  calls.writeTo(
    STAFF_API.orderHandoverWithoutCode,
    'orders.handover_without_code',
    orderId,
    handoverWithoutCodeInput,
    async (ctx, id, { reason }) => ({ order: await orderDesk.handoverWithoutCode(ctx, id, reason) }),
  );
  calls.writeTo(STAFF_API.orderBuyout, 'orders.move', orderId, buyoutInput, async (ctx, id, { keptLineIds }) => ({
    order: await orderDesk.buyout(ctx, id, keptLineIds),
  }));
  calls.get(STAFF_API.orderPayments, 'orders.read', async (c) =>
    answer(c, { payment: await orderDesk.payment(c.get('ctx'), orderId(c)) }),
  );
  calls.writeTo(STAFF_API.orderRefunds, 'orders.refund', orderId, refundInput, async (ctx, id, input) => ({
    refund: await orderDesk.refund(ctx, id, input),
  }));
  return calls.api;
}
