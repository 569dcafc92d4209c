import { orderNumber, type OrderStatus, STATUS_NAMES } from '../order/process';
import type { CustomerHistory } from './customer-history';

/**
 * Guests (issue 47.2): shoppers who ordered without an account. Their orders are grouped by the order's phone — the
 * 11 digits the shopper confirmed by SMS code before the order was saved, so one phone is one person — and the group
 * is named by its first order: `guest-{firstOrderId}`, stable while its orders have no account. The group's emails are
 * listed on it; an account made (or confirmed) with that phone or email takes the orders over, and the guest is gone
 * from the list.
 */
export const GUEST_PREFIX = 'guest-';

export const guestId = (firstOrderId: number) => `${GUEST_PREFIX}${firstOrderId}`;

/** A customer's id from a path: an account's number, or a guest's `guest-N`; null for anything else. */
export function customerKey(value: string | undefined): { account: number } | { guest: number } | null {
  if (!value) return null;
  if (/^\d{1,9}$/.test(value)) return { account: Number(value) };
  const guest = /^guest-(\d{1,9})$/.exec(value);
  return guest ? { guest: Number(guest[1]) } : null;
}

export interface GuestOrder {
  id: number;
  number: string;
  status: OrderStatus;
  statusName: string;
  /** Kopecks. */
  total: number;
  createdAt: string;
  /** The name and email the order was placed with. */
  name: string;
  email: string;
}

/** A guest's card in the back office. Money in kopecks. */
export interface GuestCard extends CustomerHistory {
  kind: 'guest';
  id: string;
  firstOrderId: number;
  phone: string;
  /** The full names the orders were placed with, the latest first. */
  names: string[];
  /** The emails (lower case) the orders gave, the latest first. */
  emails: string[];
  firstOrderAt: string;
  orders: GuestOrder[];
  /** An account that has this phone confirmed now (its orders placed as a guest before are still here). */
  account: { id: number; name: string } | null;
}

/** A guest as stored: `joinedTo` when the named order belongs to an account now. */
export type GuestFacts =
  | { joinedTo: number }
  | {
      firstOrderId: number;
      phone: string;
      names: string[];
      emails: string[];
      firstOrderAt: Date;
      orders: {
        id: number;
        status: OrderStatus;
        total: number;
        createdAt: Date;
        name: string;
        email: string;
      }[];
      account: { id: number; name: string } | null;
    };

export interface GuestReads {
  /** The guest whose orders include `orderId` (their first, as a rule); null when there is no such order. */
  guest(orderId: number): Promise<GuestFacts | null>;
}

export const guestOrderOf = (o: Extract<GuestFacts, { phone: string }>['orders'][number]): GuestOrder => ({
  id: o.id,
  number: orderNumber(o.id),
  status: o.status,
  statusName: STATUS_NAMES[o.status] ?? o.status,
  total: o.total,
  createdAt: o.createdAt.toISOString(),
  name: o.name,
  email: o.email,
});
