/**
 * The one interface every payment provider is reached through (issue 27): YooKassa when its keys are set, the shop's
 * own test gateway otherwise. Amounts are kopecks; every write carries an idempotence key the caller stores with the
 * operation and sends again on a retry, so a repeated call never charges or refunds twice.
 */

import type { DeclineReason } from './reasons';
import type { VatRate } from './vat';

/**
 * A payment's states in the shop's words (decision 0029): `awaiting` the shopper, the money `held` until the handover
 * (two stages), `paid`, or `cancelled` (declined, lapsed, released). Each provider's adapter translates its own.
 */
export type PaymentStatus = 'awaiting' | 'held' | 'paid' | 'cancelled';
/** A refund is `pending` until the provider answers, then `refunded` or `failed` (the provider refused it). */
export type RefundStatus = 'pending' | 'refunded' | 'failed';

/** A line of a 54-FZ receipt. */
export interface ReceiptItem {
  description: string;
  quantity: number;
  /** The price of one unit after every discount, kopecks. */
  unitKopecks: number;
  vat: VatRate;
  /** What is sold (the «предмет расчёта»): the goods, or the delivery, a service. */
  kind: 'goods' | 'service';
  /** How it is settled (the «способ расчёта»): paid in full before the handover, or in full at it. */
  settlement: 'advance' | 'full';
}

export interface Receipt {
  /** Where the receipt is sent: the email when there is one, else the phone (digits, with the country code). */
  customer: { email?: string; phone?: string };
  items: ReceiptItem[];
}

export interface CreatePaymentInput {
  amountKopecks: number;
  /** What the shopper sees at the provider, such as «Заказ № 100123». */
  description: string;
  /** Where the provider sends the shopper back: the order's page. */
  returnUrl: string;
  /** One stage (true) or two (false: the money is held until `capture`). */
  capture: boolean;
  receipt: Receipt;
  idempotenceKey: string;
  /** Kept by the provider and sent back in notifications: the shop's order id. */
  metadata: Record<string, string>;
}

export interface GatewayPayment {
  id: string;
  status: PaymentStatus;
  amountKopecks: number;
  /** Where the shopper confirms the payment (a redirect), while it is awaited. */
  confirmationUrl: string | null;
  /** Why it was cancelled, in the shop's words (the adapter translates the provider's). */
  cancellationReason: DeclineReason | null;
  /** The order id the payment was made for (its metadata). */
  orderId: string | null;
}

export interface RefundInput {
  paymentId: string;
  amountKopecks: number;
  receipt: Receipt;
  description: string;
  idempotenceKey: string;
}

export interface GatewayRefund {
  id: string;
  paymentId: string;
  status: RefundStatus;
  amountKopecks: number;
}

export interface PaymentGateway {
  readonly name: 'yookassa' | 'test';
  create(input: CreatePaymentInput): Promise<GatewayPayment>;
  /** The payment as the provider has it now: a notification is never trusted as it comes. */
  get(paymentId: string): Promise<GatewayPayment>;
  /** Charges a held payment; `receipt` when less than the hold is charged (the provider needs the new receipt). */
  capture(paymentId: string, amountKopecks: number, idempotenceKey: string, receipt?: Receipt): Promise<GatewayPayment>;
  cancel(paymentId: string, idempotenceKey: string): Promise<GatewayPayment>;
  refund(input: RefundInput): Promise<GatewayRefund>;
  /** The refund as the provider has it now (a pending one is read back, never sent again). */
  getRefund(refundId: string): Promise<GatewayRefund>;
}

/**
 * A provider's refusal or failure. `retryable` when the same call with the same idempotence key may be sent again
 * (a time-out, a 5xx, YooKassa's 202 «still processing»); otherwise the request itself was wrong or refused.
 * `code` is the provider's own, for the log; whether a refusal is for good the adapter decides.
 */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly code: string | null = null,
    private readonly refusedForGood = false,
  ) {
    super(message);
  }

  /** Refused for good: sending the same again cannot succeed (a key rotation or an outage can pass). */
  get final(): boolean {
    return !this.retryable && this.refusedForGood;
  }
}

/** A payment on the embedded test gateway's page: what the shopper sees on the provider's side. */
export interface TestGatewayPayment {
  id: string;
  status: PaymentStatus;
  amount: number;
  description: string;
  returnUrl: string;
  /** Two-stage: paying holds the money, the shop charges it at the handover. */
  capture: boolean;
}

/** The test gateway's page (issue 27.2): the shopper pays or is declined, as at a real provider. */
export interface TestPaymentDesk {
  payment(id: string): Promise<TestGatewayPayment | null>;
  /** Null when the payment no longer awaits the shopper. */
  pay(id: string): Promise<TestGatewayPayment | null>;
  decline(id: string): Promise<TestGatewayPayment | null>;
}
