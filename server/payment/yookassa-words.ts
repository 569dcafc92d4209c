import type { PaymentStatus, ReceiptItem, RefundStatus } from '../../domain/payment/gateway';
import type { DeclineReason } from '../../domain/payment/reasons';
import type { VatRate } from '../../domain/payment/vat';

/**
 * YooKassa's words and the shop's (decision 0029): the adapter speaks YooKassa on the wire and the shop's words to
 * the domain. Statuses and reasons only come from YooKassa; receipt codes only go to it.
 * https://yookassa.ru/developers/payment-acceptance/after-the-payment/declined-payments
 * https://yookassa.ru/developers/payment-acceptance/receipts/54fz/other-services/parameters-values
 */
export const YOOKASSA_PAYMENT_STATUSES = ['pending', 'waiting_for_capture', 'succeeded', 'canceled'] as const;
export type YookassaPaymentStatus = (typeof YOOKASSA_PAYMENT_STATUSES)[number];
export const YOOKASSA_REFUND_STATUSES = ['pending', 'succeeded', 'canceled'] as const;
export type YookassaRefundStatus = (typeof YOOKASSA_REFUND_STATUSES)[number];

export const PAYMENT_STATUS_OF: Readonly<Record<YookassaPaymentStatus, PaymentStatus>> = {
  pending: 'awaiting',
  waiting_for_capture: 'held',
  succeeded: 'paid',
  canceled: 'cancelled',
};

export const REFUND_STATUS_OF: Readonly<Record<YookassaRefundStatus, RefundStatus>> = {
  pending: 'pending',
  succeeded: 'refunded',
  canceled: 'failed',
};

/** `cancellation_details.reason`: every code YooKassa documents. */
export const DECLINE_REASON_OF: Readonly<Record<string, DeclineReason>> = {
  '3d_secure_failed': 'code_not_confirmed',
  call_issuer: 'call_the_bank',
  canceled_by_merchant: 'cancelled_by_shop',
  card_expired: 'card_expired',
  country_forbidden: 'country_forbidden',
  expired_on_capture: 'hold_lapsed',
  expired_on_confirmation: 'confirmation_lapsed',
  fraud_suspected: 'fraud_suspected',
  general_decline: 'bank_declined',
  identification_required: 'identification_required',
  insufficient_funds: 'insufficient_funds',
  internal_timeout: 'provider_timeout',
  invalid_card_number: 'invalid_card_number',
  invalid_csc: 'invalid_csc',
  issuer_unavailable: 'bank_unavailable',
  payment_method_limit_exceeded: 'card_limit_exceeded',
  payment_method_restricted: 'card_restricted',
  permission_revoked: 'permission_revoked',
  unsupported_mobile_operator: 'operator_unsupported',
};

/** A code YooKassa adds later, or one the shop has no word for, is a plain decline. */
export const declineReasonOf = (code: string | null | undefined): DeclineReason | null =>
  code ? (Object.hasOwn(DECLINE_REASON_OF, code) ? DECLINE_REASON_OF[code] : 'declined') : null;

/** `vat_code` of a receipt item (54-FZ rates as YooKassa numbers them). */
export const VAT_CODE_OF: Readonly<Record<string, number>> = {
  none: 1,
  0: 2,
  10: 3,
  20: 4,
  '10/110': 5,
  '20/120': 6,
  5: 7,
  7: 8,
  '5/105': 9,
  '7/107': 10,
  22: 11,
  '22/122': 12,
} satisfies Record<VatRate, number>;

export const vatCodeOf = (rate: VatRate): number => VAT_CODE_OF[String(rate)];

/** The rate a `vat_code` stands for (the `PAYMENT_VAT_CODE` setting is written in YooKassa's numbers). */
export function vatRateOf(code: number): VatRate {
  const found = Object.entries(VAT_CODE_OF).find(([, value]) => value === code);
  if (!found) throw new Error(`Неизвестный код ставки НДС ЮKassa: ${code} (ожидается от 1 до 12).`);
  const [rate] = found;
  return (/^\d+$/.test(rate) ? Number(rate) : rate) as VatRate;
}

export const PAYMENT_SUBJECT_OF: Readonly<Record<ReceiptItem['kind'], 'commodity' | 'service'>> = {
  goods: 'commodity',
  service: 'service',
};

export const PAYMENT_MODE_OF: Readonly<Record<ReceiptItem['settlement'], 'full_prepayment' | 'full_payment'>> = {
  advance: 'full_prepayment',
  full: 'full_payment',
};
