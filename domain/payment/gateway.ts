/**
 * The one interface every payment provider is reached through (issue 27): YooKassa when its keys are set, the shop's
 * own test gateway otherwise. Amounts are kopecks; every write carries an idempotence key the caller stores with the
 * operation and sends again on a retry, so a repeated call never charges or refunds twice.
 */

/** A payment's states as YooKassa names them; the test gateway follows the same. */
export type PaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
export type RefundStatus = 'pending' | 'succeeded' | 'canceled';

/** A line of a 54-FZ receipt. `vatCode` is YooKassa's code (1 = without VAT … 4 = 20 %, 11 = 22 %). */
export interface ReceiptItem {
  description: string;
  quantity: number;
  /** The price of one unit after every discount, kopecks. */
  unitKopecks: number;
  vatCode: number;
  paymentSubject: 'commodity' | 'service';
  paymentMode: 'full_prepayment' | 'full_payment';
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
  /** Where the shopper confirms the payment (a redirect), while it is pending. */
  confirmationUrl: string | null;
  /** Why it was canceled, in the provider's words (`insufficient_funds`, `expired_on_confirmation`…). */
  cancellationReason: string | null;
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
 */
/** The provider's codes that mean the request itself is refused for good; anything else may pass on a later try. */
const FINAL_CODES: ReadonlySet<string> = new Set(['invalid_request', 'not_supported']);

export class GatewayError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly code: string | null = null,
  ) {
    super(message);
  }

  /** Refused for good: sending the same again cannot succeed (a key rotation or an outage can pass). */
  get final(): boolean {
    return !this.retryable && this.code !== null && FINAL_CODES.has(this.code);
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
  /** Null when the payment is no longer pending. */
  pay(id: string): Promise<TestGatewayPayment | null>;
  decline(id: string): Promise<TestGatewayPayment | null>;
}
