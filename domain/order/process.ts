import { DomainError } from '../errors';

/**
 * The order process as data, shaped like Vendure's `default-order-process.ts`: a table of the states an order may
 * move to from each state, guards that may refuse a move with a reason the shopper or the staff can read, and hooks
 * that run after a move (stock back on a cancel, a letter when the order is ready). Checkout and the back office
 * move orders only through `transition`, so no code path invents a move the table does not allow.
 */

export type OrderStatus =
  /** An online order waiting for its payment: its stock is held until the payment comes or its time runs out. */
  | 'awaiting_payment'
  /** Paid online; the shop takes it from here as a new order. */
  | 'paid'
  /** Saved by the shopper; nothing is done yet. */
  | 'new'
  /** Confirmed by the shop (a call, or at once for a confirmed phone). */
  | 'confirmed'
  /** Being picked and packed. */
  | 'assembling'
  /** Handed to the courier or the post. */
  | 'shipped'
  /** Waiting in the shop or the pickup point. */
  | 'ready'
  /** Received by the shopper. */
  | 'completed'
  | 'cancelled'
  /** Sent back after it was received. */
  | 'returned';

/** Spec §4 delivery types. */
export type DeliveryType = 'COURIER' | 'PICKUP' | 'POCHTA' | 'SHOP';

export const DELIVERY_NAMES: Readonly<Record<DeliveryType, string>> = {
  COURIER: 'Курьерская доставка',
  PICKUP: 'Пункт выдачи',
  POCHTA: 'Отделение Почты России',
  SHOP: 'Самовывоз из магазина',
};

/** What the process reads of an order. */
export interface OrderForProcess {
  id: number;
  status: OrderStatus;
  deliveryType: DeliveryType;
}

/**
 * Who asks for a move: the shopper may only cancel, and only while the order is new. `handover` is the staff handing
 * a ready order over at the till: by the shopper's pickup code, or without it under its own permission and a reason.
 * `carrier` is a registered shipment's flow: the carrier's events, its cancel, the parcel back in the shop.
 */
export type ProcessActor = 'shopper' | 'staff' | 'system' | 'payment' | 'handover' | 'carrier';

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  awaiting_payment: ['paid', 'cancelled'],
  paid: ['confirmed', 'cancelled'],
  new: ['confirmed', 'cancelled'],
  confirmed: ['assembling', 'cancelled'],
  assembling: ['shipped', 'ready', 'cancelled'],
  // `cancelled` from `shipped`: a shipment the carrier cancelled before it took the parcel, or a parcel refused and
  // received back by the shop; only the shipment's flow makes it (a guard), as the goods never reached the shopper.
  shipped: ['ready', 'completed', 'returned', 'cancelled'],
  ready: ['completed', 'cancelled'],
  completed: ['returned'],
  cancelled: [],
  returned: [],
};

/** The states a move to `to` may start from, read from the table (the queries that look for such orders use it). */
export const statesMovingTo = (to: OrderStatus): OrderStatus[] =>
  (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).filter((from) => ORDER_TRANSITIONS[from].includes(to));

/** What the shopper may still cancel themselves: nothing was paid or done by the shop yet. */
const SHOPPER_CANCELS: ReadonlySet<OrderStatus> = new Set(['new', 'awaiting_payment']);

/** Deliveries the shopper collects (a shop, a pickup point, a post office): only they wait in the `ready` state. */
const COLLECTED: ReadonlySet<DeliveryType> = new Set(['SHOP', 'PICKUP', 'POCHTA']);

export interface TransitionRequest {
  order: OrderForProcess;
  to: OrderStatus;
  actor: ProcessActor;
}

/** A guard answers a refusal in Russian, or null to let the move happen. */
export type TransitionGuard = (request: TransitionRequest) => string | null;

/**
 * Runs after a move is recorded. Hooks are given once, with the process; what each move carries for them (the
 * move's transaction, its repositories) comes as `work` from `transition`.
 */
export type TransitionHook<W = void> = (request: TransitionRequest & { from: OrderStatus }, work: W) => Promise<void>;

export const DEFAULT_GUARDS: readonly TransitionGuard[] = [
  ({ order, to }) =>
    to === 'ready' && !COLLECTED.has(order.deliveryType) ? 'Курьерский заказ не ждёт в пункте выдачи.' : null,
  ({ order, to }) =>
    to === 'shipped' && order.deliveryType === 'SHOP' ? 'Заказ с получением в магазине не отправляют.' : null,
  ({ actor, to }) => (actor === 'shopper' && to !== 'cancelled' ? 'Этот шаг заказа выполняет магазин.' : null),
  ({ actor, order, to }) =>
    actor === 'shopper' && to === 'cancelled' && !SHOPPER_CANCELS.has(order.status)
      ? order.status === 'paid'
        ? 'Заказ оплачен: отменить его и вернуть деньги можно по телефону магазина.'
        : 'Заказ уже принят магазином: отменить его можно по телефону магазина.'
      : null,
  // A plain move would make the pickup code and its try limit protect nothing.
  ({ actor, order, to }) =>
    actor === 'staff' && to === 'completed' && order.status === 'ready' && order.deliveryType === 'SHOP'
      ? 'Заказ из магазина выдают по коду получения (страница «Выдача») или без кода с причиной на карточке заказа.'
      : null,
  ({ actor, order, to }) =>
    to === 'cancelled' && order.status === 'shipped' && actor !== 'carrier'
      ? 'Отправленный заказ отменяют через перевозчика: «Отменить отправку» или «Посылка получена магазином».'
      : null,
  // Only the payment provider's answer, checked with the provider, makes an order paid (not 1C, not the staff).
  ({ actor, to }) => (to === 'paid' && actor !== 'payment' ? 'Оплату отмечает платёжная система.' : null),
];

export class OrderTransitionError extends DomainError {
  constructor(message: string) {
    super('conflict', message, 'ORDER_TRANSITION');
    this.name = 'OrderTransitionError';
  }
}

export interface OrderProcess<W = void> {
  /** The states the order may move to now for this actor (what buttons to show). */
  next(order: OrderForProcess, actor: ProcessActor): OrderStatus[];
  /**
   * Checks the move against the table and the guards, records it with `record` (the caller's write, which should
   * check the state it read, e.g. `update … where state = from`), then runs the hooks. Throws
   * `OrderTransitionError` when the move is not allowed. `work` is handed to the hooks.
   */
  transition(
    request: TransitionRequest,
    record: (from: OrderStatus, to: OrderStatus) => Promise<void>,
    work: W,
  ): Promise<void>;
}

export function createOrderProcess<W = void>(
  options: { guards?: readonly TransitionGuard[]; hooks?: Partial<Record<OrderStatus, TransitionHook<W>[]>> } = {},
): OrderProcess<W> {
  const guards = options.guards ?? DEFAULT_GUARDS;
  const refusal = (request: TransitionRequest): string | null => {
    if (!ORDER_TRANSITIONS[request.order.status].includes(request.to))
      return `Заказ нельзя перевести из состояния «${STATUS_NAMES[request.order.status]}» в «${STATUS_NAMES[request.to]}».`;
    for (const guard of guards) {
      const reason = guard(request);
      if (reason) return reason;
    }
    return null;
  };
  return {
    next: (order, actor) => ORDER_TRANSITIONS[order.status].filter((to) => refusal({ order, to, actor }) === null),
    async transition(request, record, work) {
      const reason = refusal(request);
      if (reason) throw new OrderTransitionError(reason);
      const from = request.order.status;
      await record(from, request.to);
      for (const hook of options.hooks?.[request.to] ?? []) await hook({ ...request, from }, work);
    },
  };
}

/** The names the cabinet and the back office show. */
export const STATUS_NAMES: Readonly<Record<OrderStatus, string>> = {
  awaiting_payment: 'Ждёт оплаты',
  paid: 'Оплачен',
  new: 'Новый',
  confirmed: 'Подтверждён',
  assembling: 'Собирается',
  shipped: 'Передан в доставку',
  ready: 'Ждёт получения',
  completed: 'Получен',
  cancelled: 'Отменён',
  returned: 'Возвращён',
};

/** Shown to the shopper: a number that does not start at 1. */
export const orderNumber = (id: number) => String(100_000 + id);
/** The order id a shown number stands for; null for what is no order's number. */
export const orderIdOfNumber = (number: string): number | null =>
  /^\d{6,12}$/.test(number) && Number(number) > 100_000 ? Number(number) - 100_000 : null;
