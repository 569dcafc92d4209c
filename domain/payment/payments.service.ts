// Over 400 lines because it is one state machine: an online payment's start, notifications, reconciling, expiry and
// refunds read the same records and move the order through the same OrderMoves; split, one life would be scattered.
import { DomainError } from '../errors';
import { formatAmount } from '../pricing/price';
import type { OrderMoves } from '../order/order-moves';
import { orderNumber } from '../order/process';
import type { TransactionRepositories, UnitOfWork } from '../uow';
import { GatewayError, type GatewayPayment, type GatewayRefund, type PaymentGateway } from './gateway';
import type { OrderForPayment, PaymentEvent, PaymentReads, PaymentRecord, RefundRecord } from './ports';
import { holdsMoney, movesForward } from './reasons';
import type { VatRate } from './vat';
import { orderReceipt, type ReceiptLine, receiptLineOf } from './receipt';
import { receiptForRefund } from './refund-receipt';
import { type PendingTopUp, type TopUpReads, topUpArrived } from '../order/order-edit-top-up';

/**
 * Online payment of an order (issue 27), the same whichever gateway is behind it. The shop never takes a payment's
 * state from what it is told: every change is read back from the provider (`get`) and applied under the order's and
 * the payment's row locks, only forward, once. What is asked of the provider (a payment, a capture, a cancel, a
 * refund) gets its idempotence key stored first, so a retry after a time-out repeats the same operation.
 */
export interface PaymentsDeps {
  uow: UnitOfWork;
  reads: PaymentReads;
  gateway: PaymentGateway;
  moves: OrderMoves;
  /** One stage (the money is charged at once) or two (held, charged when the order is handed over). */
  captureAtOnce: boolean;
  /** The VAT rate of the receipt's lines. */
  vat: VatRate;
  /** The order's page for its owner: where the provider sends the shopper back. */
  orderLink(orderId: number): string;
  newKey(): string;
  now(): Date;
  /** What a background run could not do (logged; it is tried again at the next run). */
  onError?(error: unknown): void;
  /** The pending top-up of a changed order (issue 47.6); none without. */
  topUps?: TopUpReads;
}

/** What the order page and the order card show of an order's payment. */
export interface PaymentSummary {
  method: 'CASH' | 'ONLINE';
  /** Charged or held, kopecks (refunds not subtracted). */
  paid: number;
  /** Returned, or being returned, kopecks. */
  refunded: number;
  /** What a refund may still return. */
  refundable: number;
  /** The order waits for its payment: the page offers «Оплатить». */
  canPay: boolean;
  /** A change raised the total: the difference the shopper is asked to pay (issue 47.6). */
  topUp?: PendingTopUp | null;
  payments: (PaymentRecord & { events: PaymentEvent[] })[];
  refunds: (RefundRecord & { events: PaymentEvent[] })[];
}

export interface RefundRequest {
  orderId: number;
  /** Kopecks. */
  amount: number;
  reason: string;
  staffId: number;
  /** The lines given back, for the receipt; the whole order's goods when absent. */
  lines?: ReceiptLine[];
}

export interface PaymentsService {
  readonly provider: PaymentGateway['name'];
  /**
   * Starts the order's payment, or resumes the one still pending: answers where the shopper confirms it. Refused
   * once the order no longer waits for a payment.
   */
  start(orderId: number, source: string): Promise<{ confirmationUrl: string }>;
  /** A notification or the test gateway: reads the payment back from the provider and applies what changed. */
  sync(providerPaymentId: string, source: string): Promise<void>;
  /** The order's page: its open payments are read back, so a lost notification does not leave it waiting. */
  refresh(orderId: number, source: string): Promise<void>;
  summary(orderId: number): Promise<PaymentSummary>;
  /**
   * A staff refund, inside the caller's unit of work (which holds the order's lock, checks the permission and writes
   * the audit): split across the charged payments as `refundAcross` splits it (an order paid and then topped up gives
   * back from both), refused beyond what they still hold. `push` sends each part once the unit commits.
   */
  requestRefund(repos: TransactionRepositories, request: RefundRequest): Promise<RefundRecord[]>;
  /**
   * A refund that may need more than one payment (a fall after a paid top-up, issue 47.6): split across the charged
   * payments, newest first, each giving back at most what is left on it. Refused beyond what they hold together.
   */
  refundAcross(repos: TransactionRepositories, request: RefundRequest): Promise<RefundRecord[]>;
  /** Sends a pending refund to the provider (again, with its key, when an earlier try failed). */
  push(refundId: number): Promise<RefundRecord | null>;
  /** Creates a top-up's payment at the provider (once, by its stored key): where the shopper pays it; null when over. */
  openTopUp(orderId: number, paymentId: number, source: string): Promise<string | null>;
  /** The order's pending top-up, opened at the provider: where the shopper pays it. Refused when none is pending. */
  topUpLink(orderId: number, source: string): Promise<{ confirmationUrl: string }>;
  /** Cancels the online orders whose payment did not come in time, giving back what they took; answers how many. */
  expire(now: Date): Promise<number>;
  /** Finishes what is open: refunds, captures and cancels not yet answered, payments whose news may be lost. */
  reconcile(now: Date): Promise<void>;
}

/** The order's own reason on its timeline when its payment did not come. */
export const UNPAID_REASON = 'Не оплачен вовремя';
export const LATE_PAYMENT_REASON = 'Оплата пришла после отмены заказа: деньги возвращены автоматически';
/** A held payment the bank let go before the shop charged it (a provider keeps a hold about 7 days): staff must act. */
const HOLD_LAPSED = 'Блокировка денег истекла до списания: заказ не оплачен, свяжитесь с покупателем';
const DUPLICATE_PAYMENT_REASON = 'Заказ уже оплачен другим платежом: деньги возвращены автоматически';

const PAYMENT_ACTOR = 'system:payment';
const BATCH = 50;
/** Work younger than this may still be in flight in another request: the reconcile run leaves it alone. */
/** While the provider cannot say whether a due order was paid, it waits up to this long before it is cancelled. */
const UNANSWERED_GRACE_MS = 60 * 60_000;

const unavailable = () =>
  new DomainError('outage', 'Платёжный сервис сейчас не отвечает. Попробуйте оплатить чуть позже.', 'PAYMENT_FAILED');

const receiptLines = (order: OrderForPayment): ReceiptLine[] => order.lines.map(receiptLineOf);

export function createPaymentsService(deps: PaymentsDeps): PaymentsService {
  const { gateway, uow, reads } = deps;

  const receiptOf = (order: OrderForPayment) =>
    orderReceipt({
      lines: receiptLines(order),
      deliveryKopecks: order.deliveryPrice,
      chargedKopecks: order.total,
      customer: { email: order.email || null, phone: order.phone },
      vat: deps.vat,
      settlement: 'advance',
    });

  /**
   * Applies the provider's view of a payment under the order's and the payment's locks. A success for an order that
   * waits pays it; a success the order no longer needs (it expired, or another payment paid it) goes back.
   */
  async function apply(known: PaymentRecord, remote: GatewayPayment, source: string): Promise<void> {
    await uow.run(async (repos) => {
      // The order first, as every writer of an order's payments locks them.
      const order = await repos.orders.lockForChange(known.orderId);
      const payment = await repos.payments.lock(known.id);
      if (!order || !payment || !movesForward(payment.status, remote.status)) return;
      // A capture may charge less than the hold: what was charged is what a refund may return.
      await repos.payments.setStatus(payment.id, remote.status, remote.cancellationReason, remote.amountKopecks);
      const lapsed =
        payment.status === 'held' && remote.status === 'cancelled' && !payment.cancelKey
          ? HOLD_LAPSED
          : remote.cancellationReason;
      if (!(await repos.payments.recordEvent(event(payment.id, remote.status, source, lapsed)))) return;
      if (!holdsMoney(remote.status) || holdsMoney(payment.status)) return;
      if (order.status === 'awaiting_payment') {
        await deps.moves.move(repos, order.id, 'paid', { actor: 'payment', name: PAYMENT_ACTOR });
        return;
      }
      // A top-up of a changed order (issue 47.6): paid when still asked for, given back otherwise.
      const topUp = await repos.topUps.ofPayment(payment.id);
      if (topUp) {
        const reason = await topUpArrived(repos, topUp, order, source);
        if (reason) await giveBack(repos, { ...payment, status: remote.status }, reason, source);
        // Held after the order was handed over: nothing will capture it later, so it is charged now.
        else if (order.status === 'completed' && remote.status === 'held')
          await captureOnHandover(repos, order, deps.newKey);
        return;
      }
      const others = (await repos.payments.lockOfOrder(order.id)).filter(
        (p) => p.id !== payment.id && holdsMoney(p.status),
      );
      if (order.status === 'cancelled' || others.length > 0)
        await giveBack(
          repos,
          { ...payment, status: remote.status },
          order.status === 'cancelled' ? LATE_PAYMENT_REASON : DUPLICATE_PAYMENT_REASON,
          source,
        );
    });
  }

  /** Reads one payment back from the provider and applies what changed. */
  async function syncOne(payment: PaymentRecord, source: string) {
    if (!payment.providerPaymentId || payment.provider !== gateway.name) return;
    const remote = await gateway.get(payment.providerPaymentId);
    if (movesForward(payment.status, remote.status)) await apply(payment, remote, source);
  }

  async function sync(payment: PaymentRecord, source: string) {
    await syncOne(payment, source);
    await pushOpen(payment.orderId);
  }

  /** What the order's units of work asked of the provider (refunds, captures, cancels), sent now. */
  async function pushOpen(orderId: number) {
    const { payments, refunds } = await reads.ofOrder(orderId);
    for (const r of refunds) if (r.status === 'pending') await push(r.id).catch(() => null);
    for (const p of payments)
      if (p.status === 'held' && (p.captureKey || p.cancelKey)) await settleHeld(p).catch(() => null);
  }

  async function settleHeld(payment: PaymentRecord) {
    if (!payment.providerPaymentId || payment.provider !== gateway.name) return;
    let remote: GatewayPayment;
    try {
      if (payment.cancelKey) remote = await gateway.cancel(payment.providerPaymentId, payment.cancelKey);
      else if (payment.captureKey) {
        const amount = payment.captureAmount ?? payment.amount;
        // Less than the hold (a try-on left goods at the door): the provider needs the receipt of what is charged.
        const order = amount < payment.amount ? await reads.order(payment.orderId) : null;
        const receipt = order ? receiptForRefund(payment.receipt, amount, receiptLines(order)) : undefined;
        remote = await gateway.capture(payment.providerPaymentId, amount, payment.captureKey, receipt);
      } else return;
    } catch (error) {
      if (!(error instanceof GatewayError) || !error.final) throw error;
      // Refused for good: the payment as the provider has it now, and the refusal on the card for the staff.
      await uow.run((repos) =>
        repos.payments.recordEvent(
          event(payment.id, payment.cancelKey ? 'cancel_failed' : 'capture_failed', 'provider', error.message),
        ),
      );
      remote = await gateway.get(payment.providerPaymentId);
    }
    await apply(payment, remote, 'reconcile');
  }

  /** Creates the stored payment at the provider by its key (a retry gets the same one back): where the shopper pays. */
  async function createRemote(payment: PaymentRecord, description: string, source: string): Promise<string> {
    const orderId = payment.orderId;
    let remote: GatewayPayment;
    try {
      // The stored key: a retry after a lost answer gets the same payment back, not a second one.
      remote = await gateway.create({
        amountKopecks: payment.amount,
        description,
        returnUrl: deps.orderLink(orderId),
        capture: payment.capture,
        receipt: payment.receipt,
        idempotenceKey: payment.idempotenceKey,
        metadata: { orderId: String(orderId) },
      });
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      // Refused for good: this payment is over, so the next «Оплатить» starts a new one instead of repeating it.
      if (error.final)
        await uow.run(async (repos) => {
          await repos.payments.setStatus(payment.id, 'cancelled', 'create_refused', payment.amount);
          await repos.payments.recordEvent(event(payment.id, 'cancelled', source, error.message));
        });
      throw unavailable();
    }
    await uow.run((repos) => repos.payments.setCreated(payment.id, remote.id, remote.confirmationUrl));
    if (remote.status !== 'awaiting') await apply(payment, remote, source);
    if (!remote.confirmationUrl) throw unavailable();
    return remote.confirmationUrl;
  }

  async function openTopUp(orderId: number, paymentId: number, source: string): Promise<string | null> {
    // The top-up is read in the same unit as its payment (the order locked first, as every writer of its payments
    // does): one withdrawn meanwhile is not opened at the provider.
    const payment = await uow.run(async (repos) => {
      await repos.orders.lockForChange(orderId);
      const locked = await repos.payments.lock(paymentId);
      if (locked?.orderId !== orderId || locked.status !== 'awaiting') return null;
      return (await repos.topUps.ofPayment(paymentId))?.status === 'pending' ? locked : null;
    });
    if (!payment) return null;
    if (payment.confirmationUrl) return payment.confirmationUrl;
    return createRemote(payment, `Доплата по заказу № ${orderNumber(payment.orderId)}`, source);
  }

  /**
   * The payment of the order's pending top-up, under the order's lock: a declined or cancelled one is replaced by a
   * fresh payment of the same amount, receipt and capture mode (a new key), so the shopper can try again.
   */
  async function topUpPayment(orderId: number, source: string): Promise<number | null> {
    return uow.run(async (repos) => {
      const order = await repos.orders.lockForChange(orderId);
      if (!order || order.status === 'cancelled' || order.status === 'returned') return null;
      const topUp = await repos.topUps.pendingOf(orderId);
      const payment = topUp ? await repos.payments.lock(topUp.paymentId) : null;
      if (!topUp || !payment) return null;
      if (payment.status === 'awaiting') return payment.id;
      if (payment.status !== 'cancelled') return null;
      const fresh = await repos.payments.insert({
        orderId,
        provider: gateway.name,
        idempotenceKey: deps.newKey(),
        amount: topUp.amount,
        capture: payment.capture,
        receipt: payment.receipt,
      });
      await repos.payments.recordEvent(
        event(
          fresh.id,
          'awaiting',
          source,
          `Доплата по изменению заказа: ${formatAmount(topUp.amount)} (новая попытка)`,
        ),
      );
      await repos.topUps.setPayment(topUp.id, fresh.id);
      return fresh.id;
    });
  }

  async function refresh(orderId: number, source: string) {
    const { payments } = await reads.ofOrder(orderId);
    for (const p of payments) if (p.status === 'awaiting' || p.status === 'held') await syncOne(p, source);
    await pushOpen(orderId);
  }

  /**
   * `request.amount` given back from the order's charged payments (`locked`, newest first as they are locked: a top-up
   * gives back before the payment it added to), each at most what is left on it; refused beyond what they hold.
   */
  async function refundFrom(
    repos: TransactionRepositories,
    locked: readonly PaymentRecord[],
    request: RefundRequest,
  ): Promise<RefundRecord[]> {
    if (!Number.isSafeInteger(request.amount) || request.amount <= 0)
      throw new DomainError('validation', 'Укажите сумму возврата больше нуля.', 'REFUND_AMOUNT');
    const parts: { payment: PaymentRecord; amount: number }[] = [];
    let left = request.amount;
    for (const payment of locked.filter((p) => p.status === 'paid')) {
      if (left <= 0) break;
      const amount = Math.min(left, payment.amount - (await repos.payments.refundedOf(payment.id)));
      if (amount <= 0) continue;
      parts.push({ payment, amount });
      left -= amount;
    }
    if (left > 0)
      throw new DomainError(
        'validation',
        `Вернуть можно не больше ${formatAmount(request.amount - left)}: столько осталось от оплаты.`,
        'REFUND_TOO_LARGE',
      );
    const refunds: RefundRecord[] = [];
    for (const { payment, amount } of parts) {
      const refund = await repos.payments.insertRefund({
        paymentId: payment.id,
        orderId: request.orderId,
        amount,
        idempotenceKey: deps.newKey(),
        reason: request.reason,
        staffId: request.staffId,
        receipt: receiptForRefund(payment.receipt, amount, request.lines),
      });
      await repos.payments.recordEvent({
        ...event(payment.id, 'pending', `staff:${request.staffId}`, request.reason),
        refundId: refund.id,
      });
      refunds.push(refund);
    }
    return refunds;
  }

  async function push(refundId: number): Promise<RefundRecord | null> {
    const pending = await uow.run((repos) => repos.payments.lockRefund(refundId));
    if (pending?.status !== 'pending') return pending;
    const { payments } = await reads.ofOrder(pending.orderId);
    const payment = payments.find((p) => p.id === pending.paymentId);
    if (!payment?.providerPaymentId || payment.provider !== gateway.name) return pending;
    let answer: GatewayRefund | null = null;
    let refusal: string | null = null;
    try {
      // Once the provider named the refund it is only read back: the key is remembered 24 hours, a second POST
      // after that would return the money twice.
      answer = pending.providerRefundId
        ? await gateway.getRefund(pending.providerRefundId)
        : await gateway.refund({
            paymentId: payment.providerPaymentId,
            amountKopecks: pending.amount,
            receipt: pending.receipt,
            description: `Возврат по заказу № ${orderNumber(pending.orderId)}`,
            idempotenceKey: pending.idempotenceKey,
          });
    } catch (error) {
      // A time-out, a 5xx, keys being changed: the same goes again at the next reconcile.
      if (!(error instanceof GatewayError) || !error.final) throw error;
      refusal = error.message;
    }
    return uow.run(async (repos) => {
      const refund = await repos.payments.lockRefund(refundId);
      if (refund?.status !== 'pending') return refund;
      const status = answer?.status ?? 'failed';
      if (status === 'pending') {
        if (answer) await repos.payments.setRefund(refund.id, 'pending', answer.id, null);
        return { ...refund, providerRefundId: answer?.id ?? refund.providerRefundId };
      }
      await repos.payments.setRefund(refund.id, status, answer?.id ?? null, refusal);
      await repos.payments.recordEvent({
        ...event(refund.paymentId, status, 'provider', refusal),
        refundId: refund.id,
      });
      return { ...refund, status, providerRefundId: answer?.id ?? null, error: refusal };
    });
  }

  return {
    provider: gateway.name,

    async start(orderId, source) {
      const order = await reads.order(orderId);
      if (order?.paymentMethod !== 'ONLINE') throw new DomainError('not_found', 'Заказ не найден.', 'ORDER_NOT_FOUND');
      // A pending payment may have been paid meanwhile: its page is not offered again then.
      await refresh(orderId, source).catch(() => undefined);
      const payment = await uow.run(async (repos) => {
        const locked = await repos.orders.lockForChange(orderId);
        if (locked?.status !== 'awaiting_payment')
          throw new DomainError(
            'conflict',
            locked?.status === 'cancelled' ? 'Заказ отменён: оплатить его нельзя.' : 'Заказ уже оплачен.',
            'NOT_AWAITING_PAYMENT',
          );
        const open = (await repos.payments.lockOfOrder(orderId)).find((p) => p.status === 'awaiting');
        if (open) return open;
        const created = await repos.payments.insert({
          orderId,
          provider: gateway.name,
          idempotenceKey: deps.newKey(),
          amount: order.total,
          capture: deps.captureAtOnce,
          receipt: receiptOf(order),
        });
        await repos.payments.recordEvent(event(created.id, 'awaiting', source, null));
        return created;
      });
      if (payment.confirmationUrl) return { confirmationUrl: payment.confirmationUrl };
      return { confirmationUrl: await createRemote(payment, `Заказ № ${orderNumber(orderId)}`, source) };
    },

    openTopUp,

    async topUpLink(orderId, source) {
      // A pending payment may have been paid or declined meanwhile: read back first.
      await refresh(orderId, source).catch(() => undefined);
      const paymentId = await topUpPayment(orderId, source);
      const url = paymentId ? await openTopUp(orderId, paymentId, source) : null;
      if (!url) throw new DomainError('conflict', 'Доплата по заказу не ожидается: обновите страницу.', 'NO_TOP_UP');
      return { confirmationUrl: url };
    },

    async sync(providerPaymentId, source) {
      const payment = await reads.byProviderId(gateway.name, providerPaymentId);
      if (payment) await sync(payment, source);
    },

    refresh,

    async summary(orderId) {
      const order = await reads.order(orderId);
      if (!order) throw new DomainError('not_found', 'Заказ не найден.', 'ORDER_NOT_FOUND');
      const { payments, refunds, events } = await reads.ofOrder(orderId);
      const paid = payments.filter((p) => holdsMoney(p.status)).reduce((s, p) => s + p.amount, 0);
      const refunded = refunds.filter((r) => r.status !== 'failed').reduce((s, r) => s + r.amount, 0);
      const charged = payments.filter((p) => p.status === 'paid').reduce((s, p) => s + p.amount, 0);
      return {
        method: order.paymentMethod,
        paid,
        refunded,
        refundable: Math.max(0, charged - refunded),
        canPay: order.status === 'awaiting_payment',
        topUp: order.status === 'cancelled' ? null : ((await deps.topUps?.pending(orderId)) ?? null),
        payments: payments.map((p) => ({
          ...p,
          events: events.filter((e) => e.paymentId === p.id && e.refundId === null),
        })),
        refunds: refunds.map((r) => ({ ...r, events: events.filter((e) => e.refundId === r.id) })),
      };
    },

    async requestRefund(repos, request) {
      const payments = await repos.payments.lockOfOrder(request.orderId);
      if (!payments.some((p) => p.status === 'paid'))
        throw new DomainError(
          'conflict',
          payments.some((p) => p.status === 'held')
            ? 'Деньги ещё не списаны, а только заблокированы: отмените заказ, и банк их разблокирует.'
            : 'По заказу нет оплаты, которую можно вернуть.',
          'NOTHING_TO_REFUND',
        );
      return refundFrom(repos, payments, request);
    },

    async refundAcross(repos, request) {
      return refundFrom(repos, await repos.payments.lockOfOrder(request.orderId), request);
    },

    push,

    async expire(now) {
      let cancelled = 0;
      for (const { id, dueAt } of await reads.dueOrders(now, BATCH)) {
        try {
          // A payment that went through but whose news are late pays the order rather than being refunded after it;
          // while the provider cannot say, the order waits a while longer.
          const asked = await refresh(id, 'expiry').then(
            () => true,
            () => false,
          );
          if (!asked && now.getTime() - dueAt.getTime() < UNANSWERED_GRACE_MS) continue;
          const done = await uow.run(async (repos) => {
            const order = await repos.orders.lockForChange(id);
            if (order?.status !== 'awaiting_payment') return false;
            await deps.moves.move(repos, id, 'cancelled', {
              actor: 'system',
              name: PAYMENT_ACTOR,
              reason: UNPAID_REASON,
              unpaid: true,
            });
            return true;
          });
          if (done) cancelled += 1;
        } catch (error) {
          // One order that fails to cancel does not hold up the others; the next run tries it again.
          deps.onError?.(error);
        }
      }
      return cancelled;
    },

    async reconcile(now) {
      const work = await reads.openWork(now, gateway.name, BATCH);
      // Each item on its own: one the provider refuses or does not answer waits for the next run.
      const each = async (run: () => Promise<unknown>) => run().catch((error) => deps.onError?.(error));
      for (const p of work.pending) await each(() => sync(p, 'reconcile'));
      for (const p of work.held)
        await each(() => (p.captureKey || p.cancelKey ? settleHeld(p) : syncOne(p, 'reconcile')));
      for (const r of work.refunds) await each(() => push(r.id));
    },
  };
}

/**
 * What a cancelled order's payments owe the shopper, inside the cancel's unit of work: a held payment is released, a
 * charged one refunded in full (what earlier refunds left). The provider is asked after the commit (`reconcile`).
 */
/** A held payment is charged once its order is handed over (two-stage payment): the key now, the call after commit. */
export async function captureOnHandover(
  repos: TransactionRepositories,
  order: { id: number; total: number },
  newKey: () => string,
): Promise<void> {
  // Oldest first: with a held top-up (issue 47.6) the order's total is shared out, each charged no more than it holds.
  // A hold being released counts for nothing, one being charged for what its capture takes.
  let left = order.total;
  for (const payment of (await repos.payments.lockOfOrder(order.id)).reverse())
    if (payment.status === 'held' && !payment.captureKey && !payment.cancelKey) {
      if (left <= 0) await giveBack(repos, payment, 'Заказ получен: эта блокировка не понадобилась', 'order', newKey);
      else await repos.payments.setCapture(payment.id, newKey(), Math.min(payment.amount, left));
      left -= payment.amount;
    } else if (payment.status === 'held' && payment.cancelKey) continue;
    else if (payment.status === 'held') left -= payment.captureAmount ?? payment.amount;
    else if (holdsMoney(payment.status)) left -= payment.amount - (await repos.payments.refundedOf(payment.id));
}

/** A returned order's held money is let go (a charged one is refunded by the staff, for what came back). */
export async function releaseHeldOf(repos: TransactionRepositories, orderId: number, newKey: () => string) {
  for (const payment of await repos.payments.lockOfOrder(orderId))
    if (payment.status === 'held') await giveBack(repos, payment, 'Заказ возвращён', 'order', newKey);
}

export async function giveBackPaymentsOf(
  repos: TransactionRepositories,
  orderId: number,
  reason: string,
  newKey: () => string,
): Promise<void> {
  for (const payment of await repos.payments.lockOfOrder(orderId))
    if (holdsMoney(payment.status)) await giveBack(repos, payment, reason, 'order', newKey);
}

async function giveBack(
  repos: TransactionRepositories,
  payment: PaymentRecord,
  reason: string,
  source: string,
  newKey: () => string = () => crypto.randomUUID(),
): Promise<void> {
  if (payment.status === 'held') {
    if (!payment.cancelKey) await repos.payments.setCancelKey(payment.id, newKey());
    await repos.payments.recordEvent({ ...event(payment.id, 'cancel_requested', source, reason) });
    return;
  }
  const left = payment.amount - (await repos.payments.refundedOf(payment.id));
  if (left <= 0) return;
  const refund = await repos.payments.insertRefund({
    paymentId: payment.id,
    orderId: payment.orderId,
    amount: left,
    idempotenceKey: newKey(),
    reason,
    staffId: null,
    receipt: receiptForRefund(payment.receipt, left),
  });
  await repos.payments.recordEvent({ ...event(payment.id, 'pending', source, reason), refundId: refund.id });
}

const event = (paymentId: number, status: string, source: string, note: string | null) => ({
  paymentId,
  refundId: null,
  status,
  source,
  note,
});
