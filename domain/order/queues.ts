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
 * Which queue an order is in now: `new` orders split on the confirm deadline, the others by their status.
 */
export function queueOf(status: OrderStatus, createdAt: Date, now: Date, confirmMinutes: number): DeskQueue {
  if (status === 'new') return now >= confirmDeadline(createdAt, confirmMinutes) ? 'confirm' : 'new';
  const found = DESK_QUEUES.find((q) => q.queue !== 'new' && q.queue !== 'confirm' && q.statuses.includes(status));
  return found?.queue ?? 'done';
}
