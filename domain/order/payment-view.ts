import { formatDate, MOSCOW } from '../text/dates';
import type { RequestContext } from '../context';
import type { PaymentSummary } from '../payment/payments.service';
import { cancellationText } from '../payment/reasons';
import { formatAmount } from '../pricing/price';
import type { OrderStatus } from './process';

/** What the order page and the cabinet show of an order's payment: no payment records, no provider's data. */
export interface OrderPaymentView {
  method: 'CASH' | 'ONLINE';
  methodName: string;
  /** How far it got (null for an order paid on receipt until it is received), and the same as the shopper reads it. */
  state: PaymentState | null;
  statusText: string | null;
  /** Kopecks charged or held, and returned. */
  paid: number;
  refunded: number;
  /** The order waits for its payment: the page offers «Оплатить». */
  canPay: boolean;
  /** «до 18:40» on the visitor's clock while the order waits; null otherwise. */
  payBy: string | null;
  /** Kopecks a change of the order asks the shopper to pay on top (issue 47.6): the page offers «Доплатить»; 0 for none. */
  topUp: number;
}

export type PaymentState = 'waiting' | 'failed' | 'paid' | 'refunded' | 'expired' | 'unpaid';

/** «до 18:40» on the clock of the visitor's city: until when an online order waits for its payment. */
export const payByText = (at: Date, ctx: RequestContext) =>
  `до ${formatDate(at, 'time', ctx.city?.timeZone ?? MOSCOW)}`;

export const PAYMENT_METHOD_NAMES = { CASH: 'При получении', ONLINE: 'Онлайн: картой или через СБП' } as const;

/** The order's payment block, from its summary (null for an order paid on receipt). */
export function paymentView(
  ctx: RequestContext,
  order: { status: OrderStatus; paymentDueAt: string | null },
  summary: PaymentSummary | null,
): OrderPaymentView {
  // Paid on receipt: received means paid, at the shop's till or to the carrier at its point.
  if (!summary)
    return {
      method: 'CASH',
      methodName: PAYMENT_METHOD_NAMES.CASH,
      state: order.status === 'completed' ? 'paid' : null,
      statusText: order.status === 'completed' ? 'Оплачен при получении' : null,
      paid: 0,
      refunded: 0,
      canPay: false,
      payBy: null,
      topUp: 0,
    };
  const due = order.paymentDueAt ? new Date(order.paymentDueAt) : null;
  const payBy = summary.canPay && due ? payByText(due, ctx) : null;
  const last = summary.payments.reduce<PaymentSummary['payments'][number] | null>(
    (latest, p) => (latest === null || p.id > latest.id ? p : latest),
    null,
  );
  const [state, text] = paymentState(order.status, summary, last, payBy, due !== null && due <= ctx.now());
  return {
    method: 'ONLINE',
    methodName: PAYMENT_METHOD_NAMES.ONLINE,
    state,
    statusText: text,
    paid: summary.paid,
    refunded: summary.refunded,
    canPay: summary.canPay,
    payBy,
    topUp: summary.topUp?.amount ?? 0,
  };
}

function paymentState(
  status: OrderStatus,
  summary: PaymentSummary,
  last: PaymentSummary['payments'][number] | null,
  payBy: string | null,
  overdue: boolean,
): [PaymentState, string] {
  if (summary.refunded > 0) return ['refunded', `Возвращено ${formatAmount(summary.refunded)}`];
  if (summary.paid > 0) return ['paid', 'Оплачен'];
  if (summary.canPay)
    return last?.status === 'cancelled'
      ? ['failed', `Оплата не прошла: ${cancellationText(last.cancellationReason)}`]
      : ['waiting', `Ждёт оплаты${payBy ? ` ${payBy}` : ''}`];
  if (status === 'cancelled' && overdue) return ['expired', 'Заказ отменён: оплата не поступила вовремя'];
  return ['unpaid', 'Не оплачен'];
}
