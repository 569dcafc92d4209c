import { z } from 'zod';
import { lines } from '../input';
import type { DeskListItem } from './desk';
import type { DeskRow } from './desk.service';
import { ORDER_TRANSITIONS, type OrderStatus } from './process';

/** Orders one bulk call takes at most: a page of the list is 50, four pages at once. */
export const BULK_MAX = 200;

const STATUSES = Object.keys(ORDER_TRANSITIONS) as [OrderStatus, ...OrderStatus[]];

/** A list of order ids: a JSON array, or what a form or an address gives (`1,2,3`, repeated `ids`). */
export const orderIds = z.preprocess(
  (v) => {
    const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : v;
    if (!Array.isArray(list)) return list;
    return list
      .map((x) => (typeof x === 'string' && /^\s*\d{1,9}\s*$/.test(x) ? Number(x) : x))
      .filter((x) => x !== '');
  },
  z
    .array(
      z
        .number({ error: 'Номер заказа — целое число.' })
        .int('Номер заказа — целое число.')
        .positive('Номер заказа — целое число.'),
      {
        error: 'Выберите заказы.',
      },
    )
    .min(1, 'Выберите заказы.')
    .max(BULK_MAX, `За один раз — не больше ${BULK_MAX} заказов.`)
    .transform((ids) => [...new Set(ids)]),
);

/** `POST /api/v2/admin/orders/bulk/move/` and the list's «Перевести выбранные». */
export const bulkMoveInput = z.object({
  ids: orderIds,
  to: z.enum(STATUSES, { error: 'Укажите, в какой статус перевести заказы.' }),
  reason: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    lines().max(500, 'Причина — до 500 символов.').optional(),
  ),
});
export type BulkMoveInput = z.infer<typeof bulkMoveInput>;

/** An order the bulk move applied: where it was and where it is now. */
export interface BulkMoved {
  id: number;
  number: string;
  from: OrderStatus;
  status: OrderStatus;
  statusName: string;
}

/** An order the bulk move left as it was, and why, in the words of the single move's refusal. */
export interface BulkRefused {
  id: number;
  number: string;
  reason: string;
  code: string;
}

export interface BulkMoveResult {
  to: OrderStatus;
  moved: BulkMoved[];
  refused: BulkRefused[];
}

/** What the bulk calls read: the desk's rows of the orders asked for (any shop; the service scopes them). */
export interface OrderBulkReads {
  rows(ids: readonly number[]): Promise<DeskRow[]>;
}

export type { DeskListItem };
