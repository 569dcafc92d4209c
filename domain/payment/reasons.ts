import type { PaymentStatus } from './gateway';

/**
 * Why a payment was cancelled, in the shop's words, as the shopper and the staff read it. A provider's adapter
 * translates its own codes into these; one the shop does not know is `declined`.
 */
const REASONS = {
  code_not_confirmed: 'банк не подтвердил платёж кодом',
  call_the_bank: 'банк отклонил платёж: позвоните в банк',
  cancelled_by_shop: 'платёж отменён магазином',
  card_expired: 'срок действия карты истёк',
  country_forbidden: 'карты этой страны не принимаются',
  hold_lapsed: 'магазин не списал деньги вовремя',
  confirmation_lapsed: 'платёж не подтверждён вовремя',
  fraud_suspected: 'платёж отклонён из соображений безопасности',
  bank_declined: 'банк отклонил платёж',
  identification_required: 'кошелёк не идентифицирован',
  insufficient_funds: 'на карте недостаточно денег',
  provider_timeout: 'платёжная система не ответила вовремя',
  invalid_card_number: 'неверный номер карты',
  invalid_csc: 'неверный код CVC/CVV',
  bank_unavailable: 'банк не ответил',
  card_limit_exceeded: 'превышен лимит по карте',
  card_restricted: 'операции по карте запрещены',
  permission_revoked: 'разрешение на списание отозвано',
  operator_unsupported: 'оператор не поддерживает такие платежи',
  /** The provider refused to make the payment at all (the shop's own, set when `create` is refused for good). */
  create_refused: 'платёж отклонён',
  /** A reason the provider gave that the shop has no word for. */
  declined: 'платёж отклонён',
} as const;

export type DeclineReason = keyof typeof REASONS;
export const DECLINE_REASONS = Object.keys(REASONS) as DeclineReason[];

export const cancellationText = (reason: string | null) =>
  reason && Object.hasOwn(REASONS, reason) ? REASONS[reason as DeclineReason] : 'платёж отклонён';

export const PAYMENT_STATUS_NAMES: Readonly<Record<PaymentStatus, string>> = {
  awaiting: 'Ожидает оплаты',
  held: 'Деньги заблокированы',
  paid: 'Оплачен',
  cancelled: 'Отменён',
};

/** How far a status is along: a payment only moves forward, whatever order the provider's news come in. */
const RANK: Readonly<Record<PaymentStatus, number>> = { awaiting: 0, held: 1, paid: 2, cancelled: 2 };

export const movesForward = (from: PaymentStatus, to: PaymentStatus) => RANK[to] > RANK[from];

/** A payment that took the shopper's money, held or charged. */
export const holdsMoney = (status: PaymentStatus) => status === 'held' || status === 'paid';
