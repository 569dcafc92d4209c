import type { DeskQueue } from './desk';
import type { OrderStatus } from './process';

/**
 * The desk's queues (issue 25.3), each the work waiting for one kind of step: a new order is «Новые» while the shop
 * still has time to confirm it and «Подтвердить» once it waited past `ORDER_CONFIRM_MINUTES` (the flag).
 */
export const DESK_QUEUES: readonly { queue: DeskQueue; title: string; statuses: readonly OrderStatus[] }[] = [
  { queue: 'new', title: 'Новые', statuses: ['new'] },
  { queue: 'confirm', title: 'Подтвердить', statuses: ['new'] },
  { queue: 'assemble', title: 'Собрать', statuses: ['confirmed', 'assembling'] },
  { queue: 'handover', title: 'К выдаче', statuses: ['ready'] },
  { queue: 'transit', title: 'В пути', statuses: ['shipped'] },
  { queue: 'done', title: 'Завершённые', statuses: ['completed', 'returned'] },
  { queue: 'cancelled', title: 'Отменённые', statuses: ['cancelled'] },
];

export const isDeskQueue = (value: unknown): value is DeskQueue => DESK_QUEUES.some((q) => q.queue === value);

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
  counts.new = Math.max(0, (byStatus.new ?? 0) - overdueNew);
  return counts;
}
