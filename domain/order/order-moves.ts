import type { Company } from '../content/company';
import { formatDate, lastDayBefore, MOSCOW } from '../text/dates';
import {
  orderCancelledSms,
  orderPaidLetter,
  orderReadyLetter,
  orderAtCarrierPointSms,
  orderReadySms,
  orderShippedLetter,
  orderShippedSms,
  reservationExpiredLetter,
} from '../messages/templates';
import { captureOnHandover, giveBackPaymentsOf, releaseHeldOf } from '../payment/payments.service';
import { bonusesEarnedOn } from '../pricing/totals';
import type { TransactionRepositories } from '../uow';
import { DomainError } from '../errors';
import type { LockedOrder } from './ports';
import {
  createOrderProcess,
  DELIVERY_NAMES,
  type OrderProcess,
  type OrderStatus,
  OrderTransitionError,
  orderNumber,
  type ProcessActor,
} from './process';

/** Who moves an order, and what the move carries. */
export interface Mover {
  actor: ProcessActor;
  /** As the history keeps it: `staff:3`, `user:5`, `system:reservation`. */
  name: string;
  reason?: string | null;
  /** A shipment's tracking number. */
  trackingNumber?: string;
  /** Where a collected order waits, when the mover knows it better (a carrier's point with its hours). */
  place?: string;
  /** A carrier's parcel at its point: the carrier's number, which the point asks for (not the shop's code). */
  carrierNumber?: string;
  /** A reservation that ran out: the shopper is told so. */
  expired?: boolean;
  /** An online order whose payment did not come in time. */
  unpaid?: boolean;
}

/** What a move hands the process's hooks: its transaction's repositories and the order as locked for it. */
export interface MoveWork {
  repos: TransactionRepositories;
  order: LockedOrder;
  mover: Mover;
}

export interface OrderMovesDeps {
  company: Company;
  /** The order's page for its owner (the letters' link). */
  orderLink(orderId: number): string;
  /** A fresh pickup code (six digits) and the hash it is kept as. */
  pickupCode(): string;
  hashPickupCode(code: string): string;
  /** A fresh idempotence key for what a move asks of the payment provider (a refund, a capture). */
  paymentKey(): string;
}

export interface OrderMoves {
  process: OrderProcess<MoveWork>;
  /**
   * Moves the order under its row lock, in the caller's transaction: the table and guards decide, the hooks give
   * back or credit what the move means, the shopper is told. `check` sees the locked order first (a shop's scope).
   * Answers the order as it was locked.
   */
  move(
    repos: TransactionRepositories,
    id: number,
    to: OrderStatus,
    mover: Mover,
    check?: (order: LockedOrder) => void,
  ): Promise<LockedOrder>;
}

const notFound = () => new DomainError('not_found', 'Заказ не найден.', 'ORDER_NOT_FOUND');

/** The place a collected order waits at, as the shopper reads it. */
const placeOf = (order: LockedOrder) => order.delivery.shop ?? order.delivery.point ?? order.delivery.address ?? '';

/** A ready order's code may not match another ready order's: the «Выдача» finds an order by its code alone. */
const CODE_DRAWS = 5;

/** The last day a shop keeps the order, on that shop's own clock: the reservation ends at the midnight after it. */
const keptUntil = (order: LockedOrder) =>
  order.reservedUntil
    ? `до ${formatDate(lastDayBefore(order.reservedUntil), 'dayMonth', order.placeZone ?? MOSCOW)} включительно`
    : null;

/**
 * The order process with its hooks, built once for every service that moves orders (the shopper's cancel, the
 * reservation expiry, the back office), so a move means the same whoever makes it.
 */
export function createOrderMoves(deps: OrderMovesDeps): OrderMoves {
  const greet = (order: LockedOrder) => ({
    company: deps.company,
    email: order.email,
    name: order.name,
    number: orderNumber(order.id),
    url: deps.orderLink(order.id),
  });

  const process = createOrderProcess<MoveWork>({
    hooks: {
      cancelled: [
        async (_, { repos, order, mover }) => {
          await repos.stock.release(await repos.orders.takenStock(order.id), { kind: 'cancel', orderId: order.id });
          await repos.orders.returnPromoUses(order.id);
          if (order.userId !== null && order.bonusesUsed > 0)
            await repos.orders.returnBonuses(order.userId, order.id, order.bonusesUsed);
          // What an online payment took goes back to the shopper: the provider is asked after the commit.
          await giveBackPaymentsOf(repos, order.id, mover.reason ?? 'Заказ отменён', deps.paymentKey);
          const expired = mover.expired === true;
          await repos.outbox.enqueue(
            orderCancelledSms({ phone: order.phone, number: orderNumber(order.id), expired, unpaid: mover.unpaid }),
          );
          if (expired && order.email) await repos.outbox.enqueue(reservationExpiredLetter(greet(order)));
        },
      ],
      ready: [
        async (_, { repos, order, mover }) => {
          let code = '';
          for (let draw = 0; draw < CODE_DRAWS && !code; draw += 1) {
            const candidate = deps.pickupCode();
            if (await repos.orders.setPickupCode(order.id, deps.hashPickupCode(candidate))) code = candidate;
          }
          if (!code) throw new OrderTransitionError('Не удалось выдать код получения. Попробуйте ещё раз.');
          const place = mover.place ?? placeOf(order);
          const number = orderNumber(order.id);
          const { carrierNumber } = mover;
          await repos.outbox.enqueue(
            carrierNumber
              ? orderAtCarrierPointSms({ phone: order.phone, number, place, carrierNumber })
              : orderReadySms({ phone: order.phone, number, place, code }),
          );
          if (order.email)
            await repos.outbox.enqueue(
              orderReadyLetter({
                ...greet(order),
                place,
                code,
                carrierNumber,
                keptUntil: keptUntil(order),
                total: order.total,
                paidOnline: order.paymentMethod === 'ONLINE',
              }),
            );
        },
      ],
      shipped: [
        async (_, { repos, order, mover }) => {
          const tracking = mover.trackingNumber ?? '';
          await repos.orders.setTrackingNumber(order.id, tracking);
          await repos.outbox.enqueue(orderShippedSms({ phone: order.phone, number: orderNumber(order.id), tracking }));
          if (order.email)
            await repos.outbox.enqueue(
              orderShippedLetter({ ...greet(order), delivery: DELIVERY_NAMES[order.deliveryType], tracking }),
            );
        },
      ],
      paid: [
        async (_, { repos, order }) => {
          if (order.email) await repos.outbox.enqueue(orderPaidLetter({ ...greet(order), total: order.total }));
        },
      ],
      completed: [
        async (_, { repos, order }) => {
          // A two-stage payment is charged now that the shopper has the goods.
          await captureOnHandover(repos, order, deps.paymentKey);
          const earned = bonusesEarnedOn(order.total - order.deliveryPrice);
          if (order.userId !== null && earned > 0) await repos.orders.creditBonuses(order.userId, order.id, earned);
        },
      ],
      returned: [
        // The goods come back to the stores they left, the bonuses the order earned are taken back and those it
        // spent are returned with the money.
        async (_, { repos, order }) => {
          await repos.stock.release(await repos.orders.takenStock(order.id), { kind: 'cancel', orderId: order.id });
          await releaseHeldOf(repos, order.id, deps.paymentKey);
          if (order.userId === null) return;
          await repos.orders.reverseBonuses(order.userId, order.id);
          if (order.bonusesUsed > 0) await repos.orders.returnBonuses(order.userId, order.id, order.bonusesUsed);
        },
      ],
    },
  });

  return {
    process,
    async move(repos, id, to, mover, check) {
      const order = await repos.orders.lockForChange(id);
      if (!order) throw notFound();
      check?.(order);
      await process.transition(
        { order, to, actor: mover.actor },
        async (from) => {
          // Under the lock the order cannot have moved; the check keeps the write honest if a caller forgets it.
          if (!(await repos.orders.recordStatus(id, from, to, mover.name, mover.reason ?? null)))
            throw new OrderTransitionError('Заказ уже изменился. Обновите страницу.');
        },
        { repos, order, mover },
      );
      return order;
    },
  };
}
