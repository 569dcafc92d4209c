import type { OrderStatus } from '../order/process';
import type { PaymentStatus, Receipt, RefundStatus } from './gateway';
import type { DeclineReason } from './reasons';

/** A payment as the shop keeps it (kopecks). */
export interface PaymentRecord {
  id: number;
  orderId: number;
  provider: 'yookassa' | 'test';
  providerPaymentId: string | null;
  idempotenceKey: string;
  status: PaymentStatus;
  amount: number;
  capture: boolean;
  confirmationUrl: string | null;
  cancellationReason: DeclineReason | null;
  receipt: Receipt;
  captureKey: string | null;
  /** What the handover charges of a held payment. */
  captureAmount: number | null;
  cancelKey: string | null;
  createdAt: Date;
}

export interface RefundRecord {
  id: number;
  paymentId: number;
  orderId: number;
  amount: number;
  status: RefundStatus;
  idempotenceKey: string;
  providerRefundId: string | null;
  reason: string;
  staffId: number | null;
  receipt: Receipt;
  error: string | null;
  createdAt: Date;
}

/** A state a payment or one of its refunds reached, and what told the shop. */
export interface PaymentEvent {
  paymentId: number;
  refundId: number | null;
  status: string;
  source: string;
  note: string | null;
  at: Date;
}

export interface NewPayment {
  orderId: number;
  provider: PaymentRecord['provider'];
  idempotenceKey: string;
  amount: number;
  capture: boolean;
  receipt: Receipt;
}

export interface NewRefund {
  paymentId: number;
  orderId: number;
  amount: number;
  idempotenceKey: string;
  reason: string;
  staffId: number | null;
  receipt: Receipt;
}

/** What an online order's receipt is made of: its lines at the prices paid, delivery, the customer's contacts. */
export interface OrderForPayment {
  id: number;
  status: OrderStatus;
  paymentMethod: 'CASH' | 'ONLINE';
  total: number;
  deliveryPrice: number;
  email: string;
  phone: string;
  /** Lines still with the shopper (not given back at the door), at what each cost after the order's discounts. */
  lines: { name: string; sizeName: string; quantity: number; total: number }[];
}

/** Work the reconcile run finds: what was asked of the provider and may not have reached it. */
export interface OpenPaymentWork {
  /** Payments still pending at the provider for orders still waiting for them (a notification may have been lost). */
  pending: PaymentRecord[];
  /** Held payments to capture (their order was handed over), to cancel (a cancel key is set) or to read again. */
  held: PaymentRecord[];
  /** Refunds not yet answered by the provider. */
  refunds: RefundRecord[];
}

/** Payment reads outside a transaction. */
export interface PaymentReads {
  order(orderId: number): Promise<OrderForPayment | null>;
  ofOrder(orderId: number): Promise<{ payments: PaymentRecord[]; refunds: RefundRecord[]; events: PaymentEvent[] }>;
  byProviderId(provider: PaymentRecord['provider'], providerPaymentId: string): Promise<PaymentRecord | null>;
  /** Online orders still awaiting payment whose time ran out by `now`, oldest first. */
  dueOrders(now: Date, limit: number): Promise<{ id: number; dueAt: Date }[]>;
  /**
   * The provider's open work not touched for a minute (a call in flight is not raced), at most `limit` of each kind:
   * payments pending for up to two hours whatever their order's state (a late success is refunded), held ones with a
   * capture or cancel due or not read for a day, refunds pending (unsent ones for up to 23 hours: the provider
   * remembers a key 24).
   */
  openWork(now: Date, provider: PaymentRecord['provider'], limit: number): Promise<OpenPaymentWork>;
}

/** Payment writes, inside a unit of work (`repos.payments`). */
export interface PaymentWrites {
  insert(payment: NewPayment): Promise<PaymentRecord>;
  /** Reads the payment and locks its row until the transaction ends. Lock the order first, always. */
  lock(id: number): Promise<PaymentRecord | null>;
  /** The order's payments, newest first, their rows locked. */
  lockOfOrder(orderId: number): Promise<PaymentRecord[]>;
  /** What `create` answered. */
  setCreated(id: number, providerPaymentId: string, confirmationUrl: string | null): Promise<void>;
  /** The provider's state, and the amount it charged or holds. */
  setStatus(id: number, status: PaymentStatus, cancellationReason: DeclineReason | null, amount: number): Promise<void>;
  /** The key of the cancel a held payment is due (its order was cancelled or returned). */
  setCancelKey(id: number, key: string): Promise<void>;
  setCapture(id: number, key: string, amount: number): Promise<void>;
  /** Records a state once: false when the payment (or refund) had reached it before. */
  recordEvent(event: Omit<PaymentEvent, 'at'>): Promise<boolean>;
  insertRefund(refund: NewRefund): Promise<RefundRecord>;
  /** What the payment's refunds take of it, failed ones aside. */
  refundedOf(paymentId: number): Promise<number>;
  lockRefund(id: number): Promise<RefundRecord | null>;
  setRefund(id: number, status: RefundStatus, providerRefundId: string | null, error: string | null): Promise<void>;
}
