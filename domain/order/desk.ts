import type { RequestContext } from '../context';
import type { PaymentSummary } from '../payment/payments.service';
import type { RefundStatus } from '../payment/gateway';
import type { RefundRecord } from '../payment/ports';
import type { DeskPayment } from './desk-payment';
import type { DeliveryType, OrderStatus } from './process';

/**
 * The back office's orders desk (issue 25.3–25.5): what the staff see of orders and what they may do with them.
 * Every call checks the staff member's permission (`requirePermission`) and, for a `shop` member, that the order
 * belongs to their shop; every write is audited in its transaction.
 */

/**
 * A staff refund: its amount and how it stands, and its parts, one per payment it gives back from (an order paid and
 * then topped up gives back from both). Refunded when every part is; failed when one is.
 */
export interface StaffRefund {
  amount: number;
  status: RefundStatus;
  parts: RefundRecord[];
}

/** The desk's queues, as tabs: each a set of statuses (and, for the first two, the confirm deadline). */
export type DeskQueue = 'payment' | 'new' | 'confirm' | 'assemble' | 'handover' | 'transit' | 'done' | 'cancelled';

export interface DeskFilter {
  queue?: DeskQueue;
  status?: OrderStatus;
  deliveryType?: DeliveryType;
  /** A shop (SHOP orders) or a pickup point (PICKUP orders). */
  shopId?: number;
  pointId?: number;
  /** Number, phone, email or name. */
  q?: string;
  /** Placed on or after `from`, before the end of `to` (YYYY-MM-DD, the shop's day). */
  from?: string;
  to?: string;
  sort?: 'new' | 'old' | 'total';
  /** 1-based. */
  page?: number;
}

export interface DeskListItem {
  id: number;
  number: string;
  status: OrderStatus;
  statusName: string;
  deliveryType: DeliveryType;
  deliveryName: string;
  /** Where it goes: the address, the shop or the point. */
  place: string;
  total: number;
  createdAt: string;
  customer: { name: string; phone: string; email: string };
  shopId: number | null;
  /** New and past the confirm time (ORDER_CONFIRM_MINUTES): the desk flags it. */
  overdue: boolean;
}

export interface DeskList {
  items: DeskListItem[];
  /** Orders matching the filter (all pages). */
  total: number;
  page: number;
  pages: number;
  /** Per status, over the filter without its status/queue. */
  counts: Record<OrderStatus, number>;
  /** Per queue, likewise. */
  queues: Record<DeskQueue, number>;
}

export interface DeskLine {
  id: number;
  productId: number;
  offerId: number;
  name: string;
  sizeName: string;
  /** The colour of the offer's product, when known. */
  color: string | null;
  quantity: number;
  unitPrice: number;
  total: number;
  image: string | null;
  url: string | null;
  /** Given back at the door after a try-on. */
  returned: boolean;
  /** Units of this size in each store now, and where the order's units were taken from. */
  stock: { storeId: number; storeName: string; quantity: number; taken: number }[];
}

export interface DeskHistoryEntry {
  at: string;
  from: OrderStatus | null;
  to: OrderStatus;
  /** `staff:12`, `user:5`, `system:reservation`… and, for staff, their email. */
  actor: string;
  actorName: string;
  reason: string | null;
}

export interface DeskNote {
  id: number;
  at: string;
  staff: { id: number; email: string };
  text: string;
}

export interface OrderCard {
  id: number;
  number: string;
  status: OrderStatus;
  statusName: string;
  createdAt: string;
  overdue: boolean;
  deliveryType: DeliveryType;
  deliveryName: string;
  delivery: { address?: string; date?: string; time?: string; shop?: string; point?: string; readyDate?: string };
  shopId: number | null;
  reservedUntil: string | null;
  /** The zone of the shop the order waits at: its «хранится до» is that shop's day. */
  placeZone: string | null;
  trackingNumber: string | null;
  customer: {
    userId: number | null;
    name: string;
    lastName: string;
    phone: string;
    email: string;
    /** Orders placed with this phone or account, this one included. */
    orders: number;
  };
  comment: string;
  isDisabledCall: boolean;
  /** Kopecks: base − discount − bonusesUsed + deliveryPrice = total. */
  base: number;
  items: number;
  discount: number;
  deliveryPrice: number;
  bonusesUsed: number;
  bonusesEarned: number;
  total: number;
  promoCodes: string[];
  card: string | null;
  lines: DeskLine[];
  history: DeskHistoryEntry[];
  notes: DeskNote[];
  /** The moves the process table allows this staff member now (the buttons). */
  allowedTransitions: OrderStatus[];
  /** Whether the card may record which lines a try-on kept (a courier order handed over at the door). */
  canBuyout: boolean;
  /** How the order is paid, its online payments and refunds. */
  payment: DeskPayment;
  /** Something is left to refund and this member may (`orders.refund`). */
  canRefund: boolean;
  /** A ready shop order this member may hand over without its code, with a reason (`orders.handover_without_code`). */
  canHandoverWithoutCode: boolean;
}

export interface RefundInput {
  /** Kopecks. */
  amount: number;
  reason: string;
  /** The lines given back, which the refund's receipt names; the whole order's goods when absent. */
  lineIds?: number[];
}

export interface MoveInput {
  to: OrderStatus;
  /** Required to cancel or to return. */
  reason?: string;
  /** Required to ship. */
  trackingNumber?: string;
}

export interface OrderDeskService {
  list(ctx: RequestContext, filter: DeskFilter): Promise<DeskList>;
  card(ctx: RequestContext, id: number): Promise<OrderCard>;
  /** Moves the order as the process table allows (409 `ORDER_TRANSITION` otherwise), under its row lock. */
  move(ctx: RequestContext, id: number, input: MoveInput): Promise<OrderCard>;
  note(ctx: RequestContext, id: number, text: string): Promise<OrderCard>;
  /** The order's payments and refunds as the payments service sums them. */
  payment(ctx: RequestContext, id: number): Promise<PaymentSummary>;
  /**
   * A refund of an order paid online (`orders.refund`, audited), sent to the provider after the commit: answers it
   * with the provider's state.
   */
  refund(ctx: RequestContext, id: number, input: RefundInput): Promise<StaffRefund>;
  /** Hands a ready order over by the shopper's code → `completed`; a wrong code is refused, tries are limited. */
  handover(ctx: RequestContext, id: number, code: string): Promise<OrderCard>;
  /** Hands a ready order over without its code (the shopper lost it): a reason is required, the log keeps it. */
  handoverWithoutCode(ctx: RequestContext, id: number, reason: string): Promise<OrderCard>;
  /** Finds the ready order of the staff member's shop (or any, for managers) whose code this is: the «Выдача» page. */
  findByCode(ctx: RequestContext, code: string): Promise<OrderCard | null>;
  /** A try-on: the lines kept are bought, the others go back to stock; totals and bonuses follow; → `completed`. */
  buyout(ctx: RequestContext, id: number, keptLineIds: number[]): Promise<OrderCard>;
  /** The filtered list, every page, as CSV text chunks (UTF-8 with BOM, `;`, formula cells neutralised). */
  /** The list as CSV, its times on the clock of `timeZone` (the member's), named in the date column's title. */
  exportCsv(ctx: RequestContext, filter: Omit<DeskFilter, 'page'>, timeZone: string): AsyncIterable<string>;
}
