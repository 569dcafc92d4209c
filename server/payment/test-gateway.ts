import { randomUUID } from 'node:crypto';
import {
  GatewayError,
  type GatewayPayment,
  type GatewayRefund,
  type PaymentGateway,
  type TestPaymentDesk,
} from '../../domain/payment/gateway';
import type { TestGatewayStore, TestPayment, TestRefund } from '../../db/repositories/test-gateway';

/** Where the test gateway's page lives, a page of the shop itself. */
export const testPaymentPath = (id: string) => `/pay/test/${encodeURIComponent(id)}/`;

/**
 * The embedded test gateway (issue 27.2): the default whenever no provider is configured. It keeps its own books,
 * answers as a provider does (the shop's own states and reasons, idempotence by key, the same refusals), and its page's
 * «Оплатить» and «Отклонить» tell the shop through the same `sync` a YooKassa notification ends in.
 */
export type TestGateway = PaymentGateway & TestPaymentDesk;

const view = (p: TestPayment, siteOrigin: string): GatewayPayment => ({
  id: p.id,
  status: p.status,
  amountKopecks: p.amount,
  confirmationUrl: p.status === 'awaiting' ? `${siteOrigin}${testPaymentPath(p.id)}` : null,
  cancellationReason: p.cancellationReason,
  orderId: p.metadata.orderId ?? null,
});

const refundView = (r: TestRefund): GatewayRefund => ({
  id: r.id,
  paymentId: r.paymentId,
  status: r.status,
  amountKopecks: r.amount,
});

export function testGateway(store: TestGatewayStore, siteOrigin: string): TestGateway {
  const found = async (id: string) => {
    const p = await store.get(id);
    if (!p) throw new GatewayError('Платёж не найден в тестовом шлюзе.', false, 'not_found');
    return p;
  };
  return {
    name: 'test',

    async create(input) {
      if (!Number.isSafeInteger(input.amountKopecks) || input.amountKopecks <= 0)
        throw new GatewayError('Сумма платежа должна быть больше нуля.', false, 'refused', true);
      const created = await store.create({
        id: `test-${randomUUID()}`,
        idempotenceKey: input.idempotenceKey,
        amount: input.amountKopecks,
        capture: input.capture,
        description: input.description,
        returnUrl: input.returnUrl,
        metadata: input.metadata,
        receipt: input.receipt,
      });
      return view(created, siteOrigin);
    },

    async get(id) {
      return view(await found(id), siteOrigin);
    },

    async capture(id, amount, _key) {
      const p = await found(id);
      if (p.status === 'paid') return view(p, siteOrigin);
      if (amount > p.amount)
        throw new GatewayError('Списать можно не больше заблокированного.', false, 'refused', true);
      const moved = await store.move(id, ['held'], 'paid', { amount });
      if (!moved) throw new GatewayError('Платёж нельзя списать в его состоянии.', false, 'refused', true);
      return view(moved, siteOrigin);
    },

    async cancel(id, _key) {
      const p = await found(id);
      if (p.status === 'cancelled') return view(p, siteOrigin);
      const moved = await store.move(id, ['held'], 'cancelled', { reason: 'cancelled_by_shop' });
      if (!moved) throw new GatewayError('Платёж нельзя отменить в его состоянии.', false, 'refused', true);
      return view(moved, siteOrigin);
    },

    async refund(input) {
      const answer = await store.refund({
        id: `test-refund-${randomUUID()}`,
        paymentId: input.paymentId,
        amount: input.amountKopecks,
        idempotenceKey: input.idempotenceKey,
        receipt: input.receipt,
      });
      if (answer === 'not_charged') throw new GatewayError('Платёж не списан: вернуть нечего.', false, 'refused', true);
      if (answer === 'too_much')
        throw new GatewayError('Сумма возврата больше оставшейся суммы платежа.', false, 'refused', true);
      return refundView(answer);
    },

    async getRefund(id) {
      const found = await store.getRefund(id);
      if (!found) throw new GatewayError('Возврат не найден в тестовом шлюзе.', false, 'not_found');
      return refundView(found);
    },

    payment: (id) => store.get(id),
    pay: async (id) => {
      const p = await store.get(id);
      return p ? store.move(id, ['awaiting'], p.capture ? 'paid' : 'held') : null;
    },
    decline: (id) => store.move(id, ['awaiting'], 'cancelled', { reason: 'insufficient_funds' }),
  };
}
