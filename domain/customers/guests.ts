import { orderNumber, type OrderStatus, STATUS_NAMES } from '../order/process';
import type { CustomerHistory } from './customer-history';

/**
 * Guests (issue 47.2): shoppers who ordered without an account. Their orders are grouped by phone or email: orders
 * that share a phone (the 11 digits the shopper confirmed by SMS code before the order was saved) or share an email
 * are one guest, and so on step by step (a guest is a connected part of orders, phones and emails). The group is
 * named by its first order: `guest-{firstOrderId}`, stable while its orders have no account and no later order links
 * it to an earlier guest. The group's phones and emails are listed on it; an account made (or confirmed) with a phone
 * or an email takes the orders placed with that phone or email over (only those: the account proved that contact).
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
  /** The name, email and phone the order was placed with. */
  name: string;
  email: string;
  phone: string;
}

/** A guest's card in the back office. Money in kopecks. */
export interface GuestCard extends CustomerHistory {
  kind: 'guest';
  id: string;
  firstOrderId: number;
  /** The phone of the latest order. */
  phone: string;
  /** Every phone of the guest's orders, the latest first. */
  phones: string[];
  /** The full names the orders were placed with, the latest first. */
  names: string[];
  /** The emails (lower case) the orders gave, the latest first. */
  emails: string[];
  firstOrderAt: string;
  orders: GuestOrder[];
  /** An account that has one of these phones confirmed now (its orders placed as a guest before are still here). */
  account: { id: number; name: string } | null;
}

/** A guest as stored: `joinedTo` when the named order belongs to an account now. */
export type GuestFacts =
  | { joinedTo: number }
  | {
      firstOrderId: number;
      phone: string;
      phones: string[];
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
        phone: string;
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
  phone: o.phone,
});
