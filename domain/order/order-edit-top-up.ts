import { DomainError } from '../errors';
import type { PaymentRecord, RefundRecord } from '../payment/ports';
import { holdsMoney } from '../payment/reasons';
import { orderReceipt, receiptLineOf } from '../payment/receipt';
import { formatAmount } from '../pricing/price';
import type { StaffMember } from '../staff/staff-member';
import type { TransactionRepositories } from '../uow';
import type { LockedOrder } from './ports';
import { orderNumber } from './process';

/**
 * A top-up of an online order (issue 47.6): staff changed an order paid (or held) online to a larger total, and the
 * shopper pays the difference through a payment of its own. At most one is pending per order: a later change
 * replaces it with one for the whole missing amount, a fall cancels it before anything is refunded.
 */
export type TopUpStatus = 'pending' | 'paid' | 'cancelled';

export interface TopUpRecord {
  id: number;
  orderId: number;
  paymentId: number;
  /** Kopecks. */
  amount: number;
  status: TopUpStatus;
  staffId: number | null;
  createdAt: Date;
}

/** Top-up writes in the order's transaction (db/repositories/order-top-ups.ts); the order's row is locked first. */
export interface TopUpWrites {
  pendingOf(orderId: number): Promise<TopUpRecord | null>;
  ofPayment(paymentId: number): Promise<TopUpRecord | null>;
  insert(topUp: { orderId: number; paymentId: number; amount: number; staffId: number }): Promise<TopUpRecord>;
  setStatus(id: number, status: TopUpStatus): Promise<void>;
  /** Points the pending top-up at a fresh payment (the one it had was declined or cancelled). */
  setPayment(id: number, paymentId: number): Promise<void>;
}

/** What the order page and the card show: the pending top-up and where it is paid (null until the provider named it). */
export interface PendingTopUp {
  id: number;
  paymentId: number;
  amount: number;
  confirmationUrl: string | null;
}

export interface TopUpReads {
  pending(orderId: number): Promise<PendingTopUp | null>;
}

/**
 * What the online payment did about the change: refunds to send (newest payment first, a fall may need money back
 * from the top-up and the first payment alike) and `refund`, their sum with the first one's id; a top-up to open at
 * the provider; one withdrawn.
 */
export interface OnlineSettlement {
  refund: { id: number; amount: number } | null;
  refunds: RefundRecord[];
  topUp: TopUpRecord | null;
  withdrawn: TopUpRecord | null;
}

export const TOP_UP_WITHDRAWN = 'Доплата заменена или больше не нужна: ссылка на неё не действует';
/** A withdrawn top-up the shopper paid anyway goes back whole. */
export const TOP_UP_NOT_NEEDED_REASON = 'Доплата больше не нужна: деньги возвращены автоматически';

/**
 * What the order's payments hold now: charged or held, less what their refunds take. A hold being released (its
 * cancel asked) holds nothing; one being charged holds what its capture takes.
 */
export async function coveredBy(repos: TransactionRepositories, payments: PaymentRecord[]) {
  let covered = 0;
  for (const p of payments) {
    if (!holdsMoney(p.status) || (p.status === 'held' && p.cancelKey)) continue;
    const amount = p.status === 'held' && p.captureKey ? (p.captureAmount ?? p.amount) : p.amount;
    covered += amount - (await repos.payments.refundedOf(p.id));
  }
  return covered;
}

/**
 * The new total of an order paid online against what its payments hold, under the order's and its payments' locks:
 * more → one pending top-up for the whole difference (a pending one replaced), less → the pending top-up cancelled
 * first, then a refund of what is charged beyond the total (a held payment is charged no more than the total).
 */
export async function settleOnline(
  repos: TransactionRepositories,
  deps: {
    provider: PaymentRecord['provider'];
    newKey(): string;
    refundAcross(
      repos: TransactionRepositories,
      request: { orderId: number; amount: number; reason: string; staffId: number },
    ): Promise<RefundRecord[]>;
  },
  input: {
    order: LockedOrder;
    total: number;
    lines: { name: string; sizeName: string; quantity: number; total: number }[];
    /** The order's delivery price after the change. */
    delivery: number;
    member: StaffMember;
  },
): Promise<OnlineSettlement> {
  const { order, total, member } = input;
  const payments = await repos.payments.lockOfOrder(order.id);
  const owed = total - (await coveredBy(repos, payments));
  const pending = await repos.topUps.pendingOf(order.id);
  // No more than the change adds to what was asked before: a goodwill refund the staff gave is not taken back.
  const missing = Math.max(0, Math.min(owed, total - order.total + (pending?.amount ?? 0)));
  const pendingPayment = pending ? payments.find((p) => p.id === pending.paymentId) : undefined;
  // The same top-up stays while its payment can still be paid; a declined one is replaced.
  if (pending && pending.amount === missing && pendingPayment?.status === 'awaiting')
    return { refund: null, refunds: [], topUp: null, withdrawn: null };
  const source = `staff:${member.staffId}`;
  if (pending) {
    await repos.topUps.setStatus(pending.id, 'cancelled');
    await repos.payments.recordEvent({
      paymentId: pending.paymentId,
      refundId: null,
      status: 'top_up_cancelled',
      source,
      note: TOP_UP_WITHDRAWN,
    });
  }
  if (missing > 0) {
    // The oldest payment holding money paid the order: the top-up is made the same way (one or two stages).
    const first = payments.filter((p) => holdsMoney(p.status)).at(-1);
    if (!first)
      throw new DomainError(
        'conflict',
        'Заказ ещё не оплачен онлайн: доплату можно выставить только после оплаты.',
        'TOP_UP_NOT_PAID',
      );
    const receipt = topUpReceipt(first, missing, input, order.deliveryPrice);
    const payment = await repos.payments.insert({
      orderId: order.id,
      provider: deps.provider,
      idempotenceKey: deps.newKey(),
      amount: missing,
      capture: first.capture,
      receipt,
    });
    await repos.payments.recordEvent({
      paymentId: payment.id,
      refundId: null,
      status: 'awaiting',
      source,
      note: `Доплата по изменению заказа: ${formatAmount(missing)}`,
    });
    const topUp = await repos.topUps.insert({
      orderId: order.id,
      paymentId: payment.id,
      amount: missing,
      staffId: member.staffId,
    });
    return { refund: null, refunds: [], topUp, withdrawn: pending };
  }
  if (owed >= 0 || !payments.some((p) => p.status === 'paid'))
    return { refund: null, refunds: [], topUp: null, withdrawn: pending };
  const refunds = await deps.refundAcross(repos, {
    orderId: order.id,
    amount: -owed,
    reason: `Изменение заказа № ${orderNumber(order.id)}`,
    staffId: member.staffId,
  });
  const [head] = refunds;
  const refund = head ? { id: head.id, amount: refunds.reduce((s, r) => s + r.amount, 0) } : null;
  return { refund, refunds, topUp: null, withdrawn: pending };
}

/**
 * The top-up's receipt, built from the order as it is now: its lines and its new delivery price. The delivery line
 * takes what the delivery's rise adds (at most its price), the goods the rest.
 */
function topUpReceipt(
  first: PaymentRecord,
  missing: number,
  input: { lines: { name: string; sizeName: string; quantity: number; total: number }[]; delivery: number },
  deliveryBefore: number,
): PaymentRecord['receipt'] {
  const lines = input.lines.filter((l) => l.quantity > 0 && l.total > 0).map(receiptLineOf);
  const listed = lines.reduce((s, l) => s + l.unitKopecks * l.quantity, 0);
  const rise = Math.max(0, input.delivery - deliveryBefore);
  const delivery = Math.min(input.delivery, missing, Math.max(rise, missing - listed));
  const item = first.receipt.items[0];
  return orderReceipt({
    lines: missing - delivery > 0 ? lines : [],
    deliveryKopecks: delivery,
    chargedKopecks: missing,
    customer: first.receipt.customer,
    vat: item?.vat ?? 'none',
    settlement: item?.settlement ?? 'advance',
  });
}

/**
 * A top-up's payment took the shopper's money (inside the payment's unit of work, order and payment locked): the
 * pending top-up of a live order is paid — null answered; otherwise (withdrawn, or the order cancelled or returned)
 * the reason the money goes back.
 */
export async function topUpArrived(
  repos: TransactionRepositories,
  topUp: TopUpRecord,
  order: { id: number; status: string },
  source: string,
): Promise<string | null> {
  if (topUp.status === 'pending' && order.status !== 'cancelled' && order.status !== 'returned') {
    await repos.topUps.setStatus(topUp.id, 'paid');
    await repos.payments.recordEvent({
      paymentId: topUp.paymentId,
      refundId: null,
      status: 'top_up_paid',
      source,
      note: `Доплата ${formatAmount(topUp.amount)} по изменению заказа получена`,
    });
    return null;
  }
  if (topUp.status === 'pending') await repos.topUps.setStatus(topUp.id, 'cancelled');
  return TOP_UP_NOT_NEEDED_REASON;
}
