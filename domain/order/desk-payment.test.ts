import { describe, expect, it } from 'vitest';
import type { PaymentSummary } from '../payment/payments.service';
import type { PaymentRecord } from '../payment/ports';
import { deskPayment } from './desk-payment';

const at = new Date('2026-12-02T10:00:00Z');
const payment = (id: number, provider: PaymentRecord['provider'], status: PaymentRecord['status']) => ({
  id,
  orderId: 7,
  provider,
  providerPaymentId: `p-${id}`,
  idempotenceKey: `k-${id}`,
  status,
  amount: 1000,
  capture: true,
  confirmationUrl: null,
  cancellationReason: status === 'cancelled' ? ('insufficient_funds' as const) : null,
  receipt: { customer: {}, items: [] },
  captureKey: null,
  captureAmount: null,
  cancelKey: null,
  createdAt: at,
  events: [
    { paymentId: id, refundId: null, status, source: 'notification', note: null, at },
    { paymentId: id, refundId: null, status: 'capture_failed', source: 'provider', note: 'нет', at },
  ],
});

describe('deskPayment', () => {
  it('names the news by the provider the payment went through, and a decline by the shop’s reason', () => {
    const summary: PaymentSummary = {
      method: 'ONLINE',
      paid: 1000,
      refunded: 0,
      refundable: 1000,
      canPay: false,
      payments: [payment(1, 'yookassa', 'cancelled'), payment(2, 'test', 'paid')],
      refunds: [],
    };
    const [declined, paid] = deskPayment(summary, new Map()).payments;
    expect(declined?.events.map((e) => e.sourceName)).toEqual(['уведомление ЮKassa', 'ответ ЮKassa']);
    expect(declined).toMatchObject({ statusName: 'Отменён', declined: 'на карте недостаточно денег' });
    expect(paid?.events.map((e) => e.sourceName)).toEqual(['тестовый шлюз', 'ответ тестового шлюза']);
    expect(paid).toMatchObject({ statusName: 'Оплачен', declined: null });
  });
});
