import type { StaffMember } from '../staff/staff-member';
import type { NotificationKind } from './kinds';

/** A member who may hear of events, with their switches (no entry: the kind's default) and Telegram chat. */
export interface Recipient {
  member: StaffMember;
  telegramChatId: string | null;
  prefs: Partial<Record<string, boolean>>;
}

/** A notification as its member's list shows it. */
export interface NotificationRow {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  createdAt: Date;
  read: boolean;
}

export type Delivery = 'off' | 'sent' | 'held';

/** The writes, inside a unit of work (`TransactionRepositories.staffNotifications`). */
export interface StaffNotificationWrites {
  /** The member's messages of `kind` sent since `since`, and those waiting for a summary. */
  sentSince(staffId: number, kind: NotificationKind, since: Date): Promise<{ sent: number; held: number }>;
  /** Records the event for the member; false when it already was (the unique event key and member). */
  insert(n: {
    key: string;
    staffId: number;
    kind: NotificationKind;
    title: string;
    body: string;
    link: string;
    at: Date;
    delivery: Delivery;
  }): Promise<boolean>;
  /** Takes the waiting notifications of every member and kind whose oldest waits since `olderThan`: now `summed`. */
  takeHeld(olderThan: Date): Promise<{ staffId: number; kind: NotificationKind; title: string }[]>;
  /** Marks the member's notifications read (`all`, or those ids of theirs); answers how many were unread. */
  markRead(staffId: number, ids: number[] | 'all', at: Date): Promise<number>;
  setPrefs(
    staffId: number,
    prefs: Partial<Record<NotificationKind, boolean>>,
    telegramChatId: string | null,
  ): Promise<void>;
  /** Tells the open back-office pages, when the transaction commits, that counts changed. */
  announce(): Promise<void>;
}

export interface StaffNotificationReads {
  recipients(): Promise<Recipient[]>;
  prefsOf(staffId: number): Promise<{ prefs: Partial<Record<string, boolean>>; telegramChatId: string | null }>;
  unread(staffId: number): Promise<number>;
  list(
    staffId: number,
    options: { unread: boolean; limit: number; offset: number },
  ): Promise<{ total: number; items: NotificationRow[] }>;
}

/** An order as an event names it. */
export interface OrderFact {
  id: number;
  name: string;
  total: number;
  deliveryType: string;
  shopId: number | null;
  shopName: string | null;
}

/** What happened that nobody has heard of yet: each read leaves out the events already recorded. */
export interface EventSource {
  newOrders(since: Date): Promise<OrderFact[]>;
  paidOrders(since: Date): Promise<OrderFact[]>;
  overdueOrders(confirmBy: Date, since: Date): Promise<OrderFact[]>;
  newQuestions(since: Date): Promise<{ id: number; name: string; topic: string; message: string }[]>;
  lowStock(
    soldSince: Date,
    atMost: number,
    day: string,
  ): Promise<{ offerId: number; sizeName: string; name: string; productId: number; left: number }[]>;
}
