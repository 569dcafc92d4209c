import type { RequestContext } from '../context';
import type { ShipmentsService } from '../delivery/shipments.service';
import { DomainError, isDomainError } from '../errors';
import { can, requirePermission } from '../staff/permissions';
import type { BulkMoveInput, BulkMoveResult, OrderBulkReads } from './bulk';
import { ordersCsv } from './desk-csv';
import type { DeskListItem, OrderCard, OrderDeskService } from './desk';
import { confirmDeadline, waitsForShop } from './queues';
import { DELIVERY_NAMES, orderNumber, STATUS_NAMES } from './process';

/**
 * The orders desk's bulk actions (issue 47.7): a move of many orders, each through the same write as a single move
 * (its own transaction, lock and audit entry), refusals listed by order; their print forms at once; their CSV.
 */
export interface OrderBulkService {
  move(ctx: RequestContext, input: BulkMoveInput): Promise<BulkMoveResult>;
  /** The cards of the orders asked for that the member may see, in the order asked; the rest are `missing`. */
  cards(ctx: RequestContext, ids: readonly number[]): Promise<{ cards: OrderCard[]; missing: number[] }>;
  /** The orders asked for that the member may see, as the desk's CSV (streamed in chunks). */
  exportCsv(ctx: RequestContext, ids: readonly number[], timeZone: string): AsyncIterable<string>;
}

/** Rows the CSV reads at a time. */
const CSV_BATCH = 100;

export function createOrderBulkService(deps: {
  desk: Pick<OrderDeskService, 'move' | 'card'>;
  shipments: Pick<ShipmentsService, 'plainMove'>;
  reads: OrderBulkReads;
  /** `ORDER_CONFIRM_MINUTES`. */
  confirmMinutes: number;
}): OrderBulkService {
  return {
    async move(ctx, input) {
      requirePermission(ctx, 'orders.move');
      const reason = input.reason?.trim() ?? '';
      // What every order of the move would refuse alike is refused once, before any of them moves.
      if ((input.to === 'cancelled' || input.to === 'returned') && !reason)
        throw new DomainError('validation', 'Укажите причину.', 'REASON_REQUIRED');
      if (input.to === 'shipped')
        throw new DomainError(
          'validation',
          'У каждого отправления свой трек-номер: переведите заказы в «Передан в доставку» по одному.',
          'TRACKING_REQUIRED',
        );
      const result: BulkMoveResult = { to: input.to, moved: [], refused: [] };
      for (const id of input.ids) {
        try {
          // As the single move's call: a carrier's order ships by its registration, is cancelled with its shipment.
          await deps.shipments.plainMove(ctx, id, input.to);
          const card = await deps.desk.move(ctx, id, { to: input.to, reason: reason || undefined });
          const from = card.history.findLast((h) => h.to === input.to)?.from ?? card.status;
          result.moved.push({
            id,
            number: orderNumber(id),
            from,
            status: card.status,
            statusName: STATUS_NAMES[card.status],
          });
        } catch (error) {
          if (!isDomainError(error)) throw error;
          result.refused.push({ id, number: orderNumber(id), reason: error.message, code: error.code });
        }
      }
      return result;
    },

    async cards(ctx, ids) {
      requirePermission(ctx, 'orders.read');
      const cards: OrderCard[] = [];
      const missing: number[] = [];
      for (const id of ids) {
        try {
          cards.push(await deps.desk.card(ctx, id));
        } catch (error) {
          if (!isDomainError(error) || error.kind !== 'not_found') throw error;
          missing.push(id);
        }
      }
      return { cards, missing };
    },

    async *exportCsv(ctx, ids, timeZone) {
      const member = requirePermission(ctx, 'orders.read');
      const csv = ordersCsv(timeZone);
      const now = ctx.now();
      yield csv.header();
      for (let at = 0; at < ids.length; at += CSV_BATCH) {
        const rows = await deps.reads.rows(ids.slice(at, at + CSV_BATCH));
        // Another shop's order is left out for a shop's staff, as it is from their list.
        const items = rows
          .filter((r) => can(member, 'orders.read', r.shopId))
          .map(
            (r): DeskListItem => ({
              ...r,
              number: orderNumber(r.id),
              statusName: STATUS_NAMES[r.status],
              deliveryName: DELIVERY_NAMES[r.deliveryType],
              overdue: waitsForShop(r.status) && now >= confirmDeadline(new Date(r.createdAt), deps.confirmMinutes),
            }),
          );
        if (items.length > 0) yield csv.rows(items);
      }
    },
  };
}
