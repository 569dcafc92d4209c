import type { DeliveryType, OrderStatus } from '../order/process';
import { postTrackingUrl, type TrackEvent, type TrackEventKind } from './carrier';

/**
 * An order's parcel with a carrier (issue 42.7–42.9), in the shop's words. The statuses say where the parcel is for
 * the shop: `registering` is the shop's claim while the carrier is asked (two clicks call the carrier once);
 * `returning` a parcel refused, returned or partly kept, on its way back; `received` back in the shop.
 */
export type ShipmentStatus =
  | 'registering'
  | 'registered'
  | 'in_transit'
  | 'arrived'
  | 'returning'
  | 'received'
  | 'delivered'
  | 'cancelled';

export interface ShipmentRecord {
  id: number;
  orderId: number;
  carrier: string;
  carrierId: string | null;
  number: string | null;
  status: ShipmentStatus;
  lastEvent: TrackEventKind | null;
  lastEventAt: Date | null;
  lastPlace: string | null;
  cashOnReceipt: number;
  createdAt: Date;
  claimedAt: Date;
  receivedAt: Date | null;
}

/** An event as the shop applied it. */
export interface AppliedEvent {
  kind: TrackEventKind;
  at: Date;
  place: string;
}

/** The carrier's events in Russian, as the shopper and the staff read them. */
export const TRACK_EVENT_NAMES: Readonly<Record<TrackEventKind, string>> = {
  accepted: 'Принят перевозчиком',
  in_transit: 'В пути',
  arrived: 'Прибыл в пункт выдачи',
  handed_over: 'Вручён',
  partly_handed_over: 'Вручён частично',
  refused: 'Отказ от получения',
  returned: 'Возвращён в магазин',
};

export const SHIPMENT_STATUS_NAMES: Readonly<Record<ShipmentStatus, string>> = {
  registering: 'Регистрируется',
  registered: 'Зарегистрирован, ждёт передачи перевозчику',
  in_transit: 'В пути',
  arrived: 'В пункте выдачи',
  returning: 'Возвращается в магазин',
  received: 'Получен магазином обратно',
  delivered: 'Вручён',
  cancelled: 'Отменён у перевозчика',
};

/** How far along a status is: a late event never moves a shipment back. */
const RANK: Readonly<Record<ShipmentStatus, number>> = {
  registering: 0,
  registered: 1,
  in_transit: 2,
  arrived: 3,
  returning: 4,
  delivered: 4,
  received: 5,
  cancelled: 5,
};

const implied = (kind: TrackEventKind): ShipmentStatus =>
  kind === 'accepted' || kind === 'in_transit'
    ? 'in_transit'
    : kind === 'arrived'
      ? 'arrived'
      : kind === 'handed_over'
        ? 'delivered'
        : 'returning';

/** The status an event leaves a shipment in, or null when it changes nothing (a late or finished one). */
export function statusAfter(current: ShipmentStatus, kind: TrackEventKind): ShipmentStatus | null {
  const next = implied(kind);
  return RANK[next] > RANK[current] ? next : null;
}

/** An event behind where the shipment is (in transit after it was handed over): kept, but not shown as the last. */
export const isLate = (current: ShipmentStatus, kind: TrackEventKind) => RANK[implied(kind)] < RANK[current];

/** What the shopper's pages show: the number, where to follow it, and the carrier's last word. */
export interface OrderTracking {
  number: string;
  url: string | null;
  lastEvent: string | null;
  lastEventAt: string | null;
}

/** Shipments whose events the shop still waits for (the poll reads them). */
export const OPEN_SHIPMENT_STATUSES: readonly ShipmentStatus[] = ['registered', 'in_transit', 'arrived'];

/** Where the shopper follows a number: the carrier's page, the test carrier's page of the shop, the Post's. */
export function trackingUrl(carrier: string | null, number: string): string {
  if (carrier === 'cdek') return `https://www.cdek.ru/ru/tracking?order_id=${encodeURIComponent(number)}`;
  if (carrier === 'test') return `/delivery/test/${encodeURIComponent(number)}/`;
  return postTrackingUrl(number);
}

/** The events oldest first: the order they are applied in. */
export const byTime = (events: readonly TrackEvent[]) => [...events].sort((a, b) => a.at.getTime() - b.at.getTime());

/** Whole days between two moments (days in transit on the desk). */
export const daysBetween = (from: Date, to: Date) =>
  Math.max(0, Math.floor((to.getTime() - from.getTime()) / 86_400_000));

/** What a shipment of an order needs to know of it, read outside the order's transaction. */
export interface ShipmentOrderFacts {
  id: number;
  status: OrderStatus;
  deliveryType: DeliveryType;
  delivery: Record<string, unknown>;
  shopId: number | null;
  name: string;
  lastName: string;
  phone: string;
  email: string;
  total: number;
  paymentMethod: 'CASH' | 'ONLINE';
  trackingNumber: string | null;
  lines: { offerId: number; name: string; sizeName: string; quantity: number; total: number; returned: boolean }[];
}

/** A row of the delivery desk's queues. */
export interface DeliveryDeskRow {
  orderId: number;
  number: string;
  trackingNumber: string | null;
  carrier: string;
  status: ShipmentStatus;
  statusName: string;
  lastEvent: string | null;
  lastEventAt: string | null;
  lastPlace: string | null;
  /** Days since the shipment was registered. */
  days: number;
  customer: string;
  phone: string;
  place: string;
  total: number;
  createdAt: string;
}

/** Reads of shipments outside a transaction. */
export interface ShipmentReads {
  ofOrder(orderId: number): Promise<ShipmentRecord | null>;
  byCarrierId(carrier: string, carrierId: string): Promise<ShipmentRecord | null>;
  byNumber(number: string): Promise<ShipmentRecord | null>;
  events(shipmentId: number): Promise<AppliedEvent[]>;
  /** Shipments of `carrier` still waiting for events, the longest-unheard first. */
  open(carrier: string, limit: number): Promise<ShipmentRecord[]>;
  order(orderId: number): Promise<ShipmentOrderFacts | null>;
  /** The point's name, address and hours, for the arrival SMS. */
  point(pointId: number): Promise<{ name: string; address: string; hours: string } | null>;
  /** The desk's queues: in transit, coming back, registered in [from, to) and not accepted yet. */
  queue(
    which: 'transit' | 'returns' | 'handover',
    range: { from: Date; to: Date } | null,
  ): Promise<(Omit<DeliveryDeskRow, 'statusName' | 'lastEvent' | 'days' | 'number'> & { lastEvent: string | null })[]>;
}

/** Shipment writes inside the order's unit of work. */
export interface ShipmentWrites {
  /**
   * Claims the order's shipment before the carrier is called: a new `registering` row, or a stale claim (older than
   * `staleBefore`) taken over. Answers the claim, or the shipment already there (registered or being registered).
   */
  claim(
    orderId: number,
    carrier: string,
    now: Date,
    staleBefore: Date,
  ): Promise<{ claimed: true } | { claimed: false; shipment: ShipmentRecord }>;
  /** Drops a claim the carrier refused: nothing was registered. */
  release(orderId: number): Promise<void>;
  /** The claim becomes the carrier's shipment; false when there was no claim. */
  registered(
    orderId: number,
    facts: { number: string; carrierId: string; cashOnReceipt: number; staffId: number },
  ): Promise<boolean>;
  /** The order's shipment under its row lock. */
  lockOfOrder(orderId: number): Promise<ShipmentRecord | null>;
  /** Records an event once: false when it was known (the same kind at the same time). */
  addEvent(shipmentId: number, event: TrackEvent): Promise<boolean>;
  update(
    shipmentId: number,
    patch: {
      status?: ShipmentStatus;
      last?: AppliedEvent;
      cancelledAt?: Date;
      receivedAt?: Date;
    },
  ): Promise<void>;
}

/** The embedded test carrier's page (issue 42.4): a parcel as its books keep it, and its buttons' events. */
export interface TestDeliveryDesk {
  parcel(number: string): Promise<TestDeliveryParcel | null>;
  /** Appends an event to the parcel; false when it was cancelled or does not exist. */
  append(number: string, event: TrackEvent): Promise<boolean>;
}

export interface TestDeliveryParcel {
  number: string;
  carrierId: string;
  orderNumber: string;
  recipient: string;
  destination: string;
  lines: { article: string; name: string; quantity: number }[];
  events: TrackEvent[];
  cancelled: boolean;
}
