import type { Receipt, RefundStatus } from '../payment/gateway';
import type { PaymentEvent, PaymentRecord } from '../payment/ports';
import type { PaymentSummary } from '../payment/payments.service';
import { cancellationText, PAYMENT_STATUS_NAMES } from '../payment/reasons';

/** What the order card shows of the order's payment (issue 27): the method, each payment and refund, their receipts. */
export interface DeskPayment {
  method: 'CASH' | 'ONLINE';
  methodName: string;
  paid: number;
  refunded: number;
  refundable: number;
  /** A change raised the total (issue 47.6): the difference asked of the shopper and where it is paid. */
  topUp?: { amount: number; url: string | null } | null;
  payments: {
    id: number;
    status: string;
    statusName: string;
    amount: number;
    providerId: string | null;
    /** Why it was cancelled, in Russian. */
    declined: string | null;
    receipt: Receipt;
    events: DeskPaymentEvent[];
  }[];
  refunds: {
    id: number;
    status: string;
    statusName: string;
    amount: number;
    reason: string;
    /** The staff member's email, or «автоматически» for the shop's own give-backs. */
    by: string;
    error: string | null;
    receipt: Receipt;
    events: DeskPaymentEvent[];
  }[];
}

export interface DeskPaymentEvent {
  at: string;
  /** What happened, in Russian: «Оплачен», «Возврат: деньги возвращены»… */
  text: string;
  /** Who or what told the shop: «уведомление ЮKassa», «сверка», a staff member's email… */
  sourceName: string;
  note: string | null;
}

const SOURCES: Readonly<Record<string, string>> = {
  checkout: 'оформление заказа',
  'order-page': 'страница заказа',
  page: 'возврат на страницу заказа',
  return: 'возврат на страницу заказа',
  reconcile: 'сверка',
  expiry: 'проверка срока оплаты',
  order: 'отмена заказа',
  staff: 'сотрудник',
};

/** What the provider's own news are called, by the provider the payment went through. */
const PROVIDER_SOURCES: Readonly<Record<PaymentRecord['provider'], { notification: string; provider: string }>> = {
  yookassa: { notification: 'уведомление ЮKassa', provider: 'ответ ЮKassa' },
  test: { notification: 'тестовый шлюз', provider: 'ответ тестового шлюза' },
};

const REFUND_STATUS_NAMES: Readonly<Record<RefundStatus, string>> = {
  pending: 'Отправлен, ждёт ответа',
  refunded: 'Деньги возвращены',
  failed: 'Отклонён',
};

const EVENT_NAMES: Readonly<Record<string, string>> = {
  ...PAYMENT_STATUS_NAMES,
  cancel_requested: 'Запрошена отмена: банк разблокирует деньги',
  top_up_paid: 'Доплата получена',
  top_up_cancelled: 'Доплата отменена',
};

/** The ids of staff members named by events (`staff:12`), so their emails can be read in one go. */
export function staffIdsOf(summary: PaymentSummary): number[] {
  const ids = new Set<number>();
  for (const r of summary.refunds) if (r.staffId !== null) ids.add(r.staffId);
  for (const e of [...summary.payments, ...summary.refunds].flatMap((x) => x.events)) {
    const id = /^staff:(\d+)$/.exec(e.source)?.[1];
    if (id) ids.add(Number(id));
  }
  return [...ids];
}

export function deskPayment(summary: PaymentSummary, staff: ReadonlyMap<number, string>): DeskPayment {
  const staffName = (id: number) => staff.get(id) ?? `сотрудник № ${id}`;
  const providerOf = new Map(summary.payments.map((p) => [p.id, p.provider]));
  const sourceName = (source: string, paymentId: number) => {
    const id = /^staff:(\d+)$/.exec(source)?.[1];
    if (id) return staffName(Number(id));
    const provider = PROVIDER_SOURCES[providerOf.get(paymentId) ?? 'yookassa'];
    return source === 'notification' || source === 'provider' ? provider[source] : (SOURCES[source] ?? source);
  };
  const events = (list: PaymentEvent[], names: Readonly<Record<string, string>>, prefix: string) =>
    list.map(
      (e): DeskPaymentEvent => ({
        at: e.at.toISOString(),
        text: `${prefix}${names[e.status] ?? e.status}`,
        sourceName: sourceName(e.source, e.paymentId),
        note: e.status === 'cancelled' && !prefix && e.note ? cancellationText(e.note) : e.note,
      }),
    );
  return {
    method: summary.method,
    methodName: summary.method === 'ONLINE' ? 'онлайн' : 'при получении',
    paid: summary.paid,
    refunded: summary.refunded,
    refundable: summary.refundable,
    topUp: summary.topUp ? { amount: summary.topUp.amount, url: summary.topUp.confirmationUrl } : null,
    payments: summary.payments.map((p) => ({
      id: p.id,
      status: p.status,
      statusName: PAYMENT_STATUS_NAMES[p.status],
      amount: p.amount,
      providerId: p.providerPaymentId,
      declined: p.status === 'cancelled' ? cancellationText(p.cancellationReason) : null,
      receipt: p.receipt,
      events: events(p.events, EVENT_NAMES, ''),
    })),
    refunds: summary.refunds.map((r) => ({
      id: r.id,
      status: r.status,
      statusName: REFUND_STATUS_NAMES[r.status] ?? r.status,
      amount: r.amount,
      reason: r.reason,
      by: r.staffId === null ? 'автоматически' : staffName(r.staffId),
      error: r.error,
      receipt: r.receipt,
      events: events(r.events, REFUND_STATUS_NAMES, 'Возврат: '),
    })),
  };
}

/** Every payment and refund event in one list, for the order's own timeline. */
export const paymentTimeline = (payment: DeskPayment): DeskPaymentEvent[] =>
  [...payment.payments, ...payment.refunds].flatMap((x) => x.events);
