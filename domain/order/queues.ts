import type { DeskQueue } from './desk';
import type { OrderStatus } from './process';

/** The states of an order the shop has yet to confirm: its confirm time runs from when it was placed. */
export const WAIT_FOR_SHOP: readonly OrderStatus[] = ['new', 'paid'];

/** The states of a shop order not yet ready for collection. */
export const BEFORE_READY: readonly OrderStatus[] = [...WAIT_FOR_SHOP, 'confirmed', 'assembling'];

/** The states an order has left the shop's hands in: sent, handed over, or closed. No promise of the shop's waits. */
export const OUT_OF_HANDS: readonly OrderStatus[] = ['shipped', 'completed', 'cancelled', 'returned'];

/** The states whose total is no revenue: cancelled, or still awaiting an online payment that may never come. */
export const NO_REVENUE: readonly OrderStatus[] = ['cancelled', 'awaiting_payment'];

/**
 * The desk's queues (issue 25.3), each the work waiting for one kind of step: a new order is «Новые» while the shop
 * still has time to confirm it and «Подтвердить» once it waited past `ORDER_CONFIRM_MINUTES` (the flag). A paid
 * online order waits for the shop's confirmation the same way; one still awaiting its payment is no work of the shop's
 * yet, but the desk shows it apart.
 */
export const DESK_QUEUES: readonly { queue: DeskQueue; title: string; statuses: readonly OrderStatus[] }[] = [
  { queue: 'payment', title: 'Ждут оплаты', statuses: ['awaiting_payment'] },
  { queue: 'new', title: 'Новые', statuses: WAIT_FOR_SHOP },
  { queue: 'confirm', title: 'Подтвердить', statuses: WAIT_FOR_SHOP },
  { queue: 'assemble', title: 'Собрать', statuses: ['confirmed', 'assembling'] },
  { queue: 'handover', title: 'К выдаче', statuses: ['ready'] },
  { queue: 'transit', title: 'В пути', statuses: ['shipped'] },
  { queue: 'done', title: 'Завершённые', statuses: ['completed', 'returned'] },
  { queue: 'cancelled', title: 'Отменённые', statuses: ['cancelled'] },
];

export const isDeskQueue = (value: unknown): value is DeskQueue => DESK_QUEUES.some((q) => q.queue === value);

export const waitsForShop = (status: OrderStatus) => WAIT_FOR_SHOP.includes(status);

/** When a new order placed at `createdAt` is overdue for confirmation. */
export const confirmDeadline = (createdAt: Date, confirmMinutes: number) =>
  new Date(createdAt.getTime() + confirmMinutes * 60_000);

/**
 * Each queue's count from the orders per status and the number of new orders past the confirm time: those are
 * «Подтвердить», the other new ones «Новые».
 */
export function queueCounts(
  byStatus: Partial<Record<OrderStatus, number>>,
  overdueNew: number,
): Record<DeskQueue, number> {
  const sum = (statuses: readonly OrderStatus[]) => statuses.reduce((n, s) => n + (byStatus[s] ?? 0), 0);
  const counts = Object.fromEntries(DESK_QUEUES.map((q) => [q.queue, sum(q.statuses)])) as Record<DeskQueue, number>;
  counts.confirm = overdueNew;
  counts.new = Math.max(0, sum(WAIT_FOR_SHOP) - overdueNew);
  return counts;
}
