import type { PaymentStatus } from './gateway';

/** YooKassa's `cancellation_details.reason`, as the shopper and the staff read it. */
const REASONS: Readonly<Record<string, string>> = {
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

export const cancellationText = (reason: string | null) =>
  reason ? (REASONS[reason] ?? 'платёж отклонён') : 'платёж отклонён';

export const PAYMENT_STATUS_NAMES: Readonly<Record<PaymentStatus, string>> = {
  pending: 'Ожидает оплаты',
  waiting_for_capture: 'Деньги заблокированы',
  succeeded: 'Оплачен',
  canceled: 'Отменён',
};

/** How far a status is along: a payment only moves forward, whatever order the provider's news come in. */
const RANK: Readonly<Record<PaymentStatus, number>> = { pending: 0, waiting_for_capture: 1, succeeded: 2, canceled: 2 };

export const movesForward = (from: PaymentStatus, to: PaymentStatus) => RANK[to] > RANK[from];

/** A payment that took the shopper's money, held or charged. */
export const holdsMoney = (status: PaymentStatus) => status === 'waiting_for_capture' || status === 'succeeded';
