import { describe, expect, it } from 'vitest';
import type { PaymentStatus, RefundStatus } from '../../domain/payment/gateway';
import { cancellationText, DECLINE_REASONS } from '../../domain/payment/reasons';
import { VAT_RATES } from '../../domain/payment/vat';
import {
  DECLINE_REASON_OF,
  declineReasonOf,
  PAYMENT_MODE_OF,
  PAYMENT_STATUS_OF,
  PAYMENT_SUBJECT_OF,
  REFUND_STATUS_OF,
  vatCodeOf,
  vatRateOf,
  YOOKASSA_PAYMENT_STATUSES,
  YOOKASSA_REFUND_STATUSES,
} from './yookassa-words';

/**
 * What the shopper and the staff read for each of YooKassa's `cancellation_details.reason` codes, as the shop showed
 * it before the domain had words of its own: the translation must keep every one.
 */
const SHOWN: Readonly<Record<string, string>> = {
  '3d_secure_failed': 'банк не подтвердил платёж кодом',
  call_issuer: 'банк отклонил платёж: позвоните в банк',
  canceled_by_merchant: 'платёж отменён магазином',
  card_expired: 'срок действия карты истёк',
  country_forbidden: 'карты этой страны не принимаются',
  expired_on_capture: 'магазин не списал деньги вовремя',
  expired_on_confirmation: 'платёж не подтверждён вовремя',
  fraud_suspected: 'платёж отклонён из соображений безопасности',
  general_decline: 'банк отклонил платёж',
  identification_required: 'кошелёк не идентифицирован',
  insufficient_funds: 'на карте недостаточно денег',
  internal_timeout: 'платёжная система не ответила вовремя',
  invalid_card_number: 'неверный номер карты',
  invalid_csc: 'неверный код CVC/CVV',
  issuer_unavailable: 'банк не ответил',
  payment_method_limit_exceeded: 'превышен лимит по карте',
  payment_method_restricted: 'операции по карте запрещены',
  permission_revoked: 'разрешение на списание отозвано',
  unsupported_mobile_operator: 'оператор не поддерживает такие платежи',
};

/** YooKassa's `vat_code`s as its 54-FZ reference lists them. */
const VAT_CODES: Readonly<Record<number, string>> = {
  1: 'none',
  2: '0',
  3: '10',
  4: '20',
  5: '10/110',
  6: '20/120',
  7: '5',
  8: '7',
  9: '5/105',
  10: '7/107',
  11: '22',
  12: '22/122',
};

describe('YooKassa → the shop', () => {
  it('each payment status is one of the shop’s, and every one of the shop’s comes from exactly one', () => {
    const seen = YOOKASSA_PAYMENT_STATUSES.map((s) => PAYMENT_STATUS_OF[s]);
    expect(seen).toEqual(['awaiting', 'held', 'paid', 'cancelled'] satisfies PaymentStatus[]);
    expect(new Set(seen).size).toBe(YOOKASSA_PAYMENT_STATUSES.length);
  });

  it('each refund status is one of the shop’s, and every one of the shop’s comes from exactly one', () => {
    const seen = YOOKASSA_REFUND_STATUSES.map((s) => REFUND_STATUS_OF[s]);
    expect(seen).toEqual(['pending', 'refunded', 'failed'] satisfies RefundStatus[]);
  });

  it('each documented decline code becomes a reason of the shop’s that reads as before', () => {
    expect(Object.keys(DECLINE_REASON_OF).sort()).toEqual(Object.keys(SHOWN).sort());
    for (const [code, text] of Object.entries(SHOWN)) {
      const reason = declineReasonOf(code);
      expect(reason, code).not.toBe('declined');
      expect(cancellationText(reason), code).toBe(text);
    }
  });

  it('no two codes share a reason, and every reason but the shop’s own two comes from one code', () => {
    const reasons = Object.values(DECLINE_REASON_OF);
    expect(new Set(reasons).size).toBe(reasons.length);
    const own = DECLINE_REASONS.filter((r) => !reasons.includes(r));
    expect(own.sort()).toEqual(['create_refused', 'declined']);
  });

  it('a code the shop does not know is a plain decline; no code, no reason', () => {
    expect(declineReasonOf('deal_expired')).toBe('declined');
    expect(declineReasonOf('toString')).toBe('declined');
    expect(cancellationText(declineReasonOf('deal_expired'))).toBe('платёж отклонён');
    expect(declineReasonOf(null)).toBeNull();
    expect(declineReasonOf(undefined)).toBeNull();
  });
});

describe('the shop → YooKassa (receipts) and back', () => {
  it('every VAT rate has its own vat_code, and each code 1…12 reads back as its rate', () => {
    const codes = VAT_RATES.map(vatCodeOf);
    expect(new Set(codes).size).toBe(VAT_RATES.length);
    for (const rate of VAT_RATES) expect(vatRateOf(vatCodeOf(rate))).toBe(rate);
    for (const [code, rate] of Object.entries(VAT_CODES)) {
      expect(String(vatRateOf(Number(code))), code).toBe(rate);
      expect(vatCodeOf(vatRateOf(Number(code)))).toBe(Number(code));
    }
    expect(() => vatRateOf(13)).toThrow(/НДС/);
    expect(() => vatRateOf(0)).toThrow(/НДС/);
  });

  it('goods are a commodity and delivery a service; an advance is full_prepayment, a settlement full_payment', () => {
    expect(PAYMENT_SUBJECT_OF).toEqual({ goods: 'commodity', service: 'service' });
    expect(PAYMENT_MODE_OF).toEqual({ advance: 'full_prepayment', full: 'full_payment' });
  });
});
