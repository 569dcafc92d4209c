import { type RequestContext, userIdOf } from '../context';
import { DomainError } from '../errors';
import type { PaymentsService } from '../payment/payments.service';
import { paymentView, type OrderPaymentView } from './payment-view';
import type { UnitOfWork } from '../uow';
import type { OrderMoves } from './order-moves';
import {
  DELIVERY_NAMES,
  type DeliveryType,
  type OrderStatus,
  OrderTransitionError,
  orderNumber,
  STATUS_NAMES,
  statesMovingTo,
} from './process';

/** An order as its owner sees it (the confirmation, the cabinet's history, the letter's link); money in kopecks. */
export interface OrderView {
  id: number;
  number: string;
  createdAt: string;
  status: OrderStatus;
  statusName: string;
  deliveryType: DeliveryType;
  deliveryName: string;
  /** The address, slot, shop or point, as chosen; a shop order's day it is ready. */
  delivery: { address?: string; date?: string; time?: string; shop?: string; point?: string; readyDate?: string };
  /** A shop order is kept until then (ISO time); null for the other types. */
  reservedUntil: string | null;
  /** The time zone of the shop a shop order waits at: its «хранится до» is on that shop's clock. Null otherwise. */
  placeZone: string | null;
  /** Whether the shopper may cancel it now. */
  canCancel: boolean;
  /** How it is paid and how far the payment got; an order paid on receipt has no status. */
  payment: OrderPaymentView;
  name: string;
  lastName: string;
  phone: string;
  email: string;
  comment: string;
  /** The goods before any discount, at their crossed-out prices: base − discount − bonusesUsed + delivery = total. */
  base: number;
  items: number;
  discount: number;
  deliveryPrice: number;
  bonusesUsed: number;
  total: number;
  lines: {
    productId: number;
    name: string;
    sizeName: string;
    quantity: number;
    /** One unit's price, and what the line cost after the order's discounts (kopecks). */
    unitPrice: number;
    total: number;
    image: string | null;
    url: string | null;
  }[];
}

export interface StoredOrder
  extends Omit<OrderView, 'number' | 'statusName' | 'deliveryName' | 'canCancel' | 'base' | 'payment'> {
  userId: number | null;
  sessionId: string;
  paymentMethod: 'CASH' | 'ONLINE';
  /** An online order is cancelled unless paid by then (ISO time). */
  paymentDueAt: string | null;
}

/** Saved orders read outside a transaction (views, history, expired reservations); the writes are `OrderWrites`. */
export interface OrderReads {
  order(id: number): Promise<StoredOrder | null>;
  /** The user's orders, newest first. */
  ofUser(userId: number): Promise<StoredOrder[]>;
  /** Shop orders in one of `states` whose reservation ended by `now`, oldest first, at most `limit`. */
  expiredReservations(now: Date, limit: number, states: readonly OrderStatus[]): Promise<number[]>;
}

export interface OrdersService {
  /**
   * The order for its owner: the user who placed it, the session that placed it, or whoever holds the signed link
   * of its letter. Anyone else gets the same «not found» as for a number that does not exist.
   */
  view(ctx: RequestContext, id: number, token?: string): Promise<OrderView>;
  history(ctx: RequestContext): Promise<OrderView[]>;
  /**
   * The shopper cancels their order (the owner as for `view`) while it is new: in one transaction its status moves,
   * its stock goes back to the stores it came from, its promo code uses and bonuses are returned, an SMS is queued.
   */
  cancel(ctx: RequestContext, id: number, token?: string): Promise<OrderView>;
  /** Cancels the shop orders whose reservation ended by `now` the same way; answers how many. */
  expireReservations(now: Date): Promise<number>;
}

/** The shop orders the expiry may cancel: those the table lets move to `cancelled`. */
const CANCELLABLE = statesMovingTo('cancelled');

/** Reservations cancelled per run of the expiry, so one run stays short; the next run takes the rest. */
const EXPIRY_BATCH = 100;

export function createOrdersService(deps: {
  repo: OrderReads;
  uow: UnitOfWork;
  /** The process with its hooks, shared with the back office: a cancel gives back what the order took. */
  moves: OrderMoves;
  tokenValid(orderId: number, token: string): boolean;
  /** An online order's payments, for the page's payment block. */
  payments: Pick<PaymentsService, 'summary'>;
}): OrdersService {
  const notFound = () => new DomainError('not_found', 'Заказ не найден.', 'ORDER_NOT_FOUND');
  const { process } = deps.moves;
  const view = async (ctx: RequestContext, o: StoredOrder): Promise<OrderView> => {
    const { userId: _user, sessionId: _session, paymentMethod, paymentDueAt, ...rest } = o;
    const summary = paymentMethod === 'ONLINE' ? await deps.payments.summary(o.id) : null;
    return {
      ...rest,
      payment: paymentView(ctx, { status: o.status, paymentDueAt }, summary),
      // The stored discount counts sale prices too (see `computeTotals`), so the sums add up from the goods before it.
      base: o.total - o.deliveryPrice + o.bonusesUsed + o.discount,
      number: orderNumber(o.id),
      statusName: STATUS_NAMES[o.status],
      deliveryName: DELIVERY_NAMES[o.deliveryType],
      canCancel: process
        .next({ id: o.id, status: o.status, deliveryType: o.deliveryType }, 'shopper')
        .includes('cancelled'),
    };
  };

  async function owned(ctx: RequestContext, id: number, token?: string): Promise<StoredOrder> {
    const order = await deps.repo.order(id);
    if (!order) throw notFound();
    const userId = userIdOf(ctx);
    const owner =
      (order.userId !== null && order.userId === userId) ||
      (order.userId === null && order.sessionId === ctx.sessionId) ||
      (token !== undefined && deps.tokenValid(id, token));
    if (!owner) throw notFound();
    return order;
  }

  return {
    async view(ctx, id, token) {
      return view(ctx, await owned(ctx, id, token));
    },

    async cancel(ctx, id, token) {
      await owned(ctx, id, token);
      const userId = userIdOf(ctx);
      await deps.uow.run((repos) =>
        deps.moves.move(repos, id, 'cancelled', {
          actor: 'shopper',
          name: userId !== null ? `user:${userId}` : 'shopper',
        }),
      );
      return view(ctx, (await deps.repo.order(id)) as StoredOrder);
    },

    async expireReservations(now) {
      let cancelled = 0;
      for (const id of await deps.repo.expiredReservations(now, EXPIRY_BATCH, CANCELLABLE)) {
        try {
          await deps.uow.run((repos) =>
            deps.moves.move(repos, id, 'cancelled', { actor: 'system', name: 'system:reservation', expired: true }),
          );
          cancelled += 1;
        } catch (error) {
          // Collected or cancelled by someone else in the meantime: nothing to expire.
          if (!(error instanceof OrderTransitionError)) throw error;
        }
      }
      return cancelled;
    },

    async history(ctx) {
      const userId = userIdOf(ctx);
      if (userId === null) return [];
      return Promise.all((await deps.repo.ofUser(userId)).map((o) => view(ctx, o)));
    },
  };
}
