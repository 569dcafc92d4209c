import type { Company } from '../content/company';
import { shopLetter } from '../messages/layout';
import type { OutgoingMessage } from '../messages/message';
import { can, type StaffAction } from '../staff/permissions';
import type { StaffMember, StaffRole } from '../staff/staff-member';

/** The push channel's word for «a member's unread count changed» (the staff's streams recount on it). */
export const STAFF_NOTIFICATIONS_COMMAND = 'STAFF_NOTIFICATIONS';

/** What the staff hear about (issue 47.1). */
export const NOTIFICATION_KINDS = ['order.new', 'order.paid', 'question.new', 'order.overdue', 'stock.low'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const isNotificationKind = (kind: string): kind is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(kind);

interface KindRule {
  /** The switch's label on «Мой профиль». */
  title: string;
  /** A summary's words: «N новых заказов». */
  many: string;
  /** Who hears of it: a member holding this permission for the event's shop (a shop's staff: their shop only). */
  permission: StaffAction;
  /** Roles whose message is on until they switch it off; every other member has only the badge by default. */
  onFor: readonly StaffRole[];
}

export const KIND_RULES: Readonly<Record<NotificationKind, KindRule>> = {
  'order.new': {
    title: 'Новые заказы',
    many: 'новых заказов',
    permission: 'orders.read',
    onFor: ['owner', 'manager', 'shop'],
  },
  'order.paid': { title: 'Оплаченные онлайн заказы', many: 'оплат онлайн', permission: 'orders.read', onFor: [] },
  'question.new': { title: 'Вопросы покупателей', many: 'новых вопросов', permission: 'content.edit', onFor: [] },
  'order.overdue': {
    title: 'Заказы, ждущие дольше обещанного',
    many: 'просроченных заказов',
    permission: 'orders.read',
    onFor: [],
  },
  'stock.low': {
    title: 'Заканчивающиеся размеры',
    many: 'заканчивающихся размеров',
    permission: 'stock.adjust',
    onFor: [],
  },
};

/** Whether a member's message of `kind` is on when they have not switched it. */
export const defaultOn = (role: StaffRole, kind: NotificationKind) => KIND_RULES[kind].onFor.includes(role);

/** An event as the producer records it, before it reaches anyone. */
export interface NotificationEvent {
  /** Unique per event: the same key twice is the same event (`order.new:42`). */
  key: string;
  kind: NotificationKind;
  /** The shop the event belongs to (a pickup order's shop); null: of no shop (a courier order, a question). */
  shopId: number | null;
  title: string;
  body: string;
  /** The back office's path of what it is about (`/admin/orders/42/`). */
  link: string;
}

/** Whether `member` hears of `event`: the kind's permission, within the reach of their grant. */
export const hears = (member: StaffMember, event: Pick<NotificationEvent, 'kind' | 'shopId'>) =>
  can(member, KIND_RULES[event.kind].permission, event.shopId);

/**
 * The flood rule: more than `max` messages of one kind to one member within `windowMinutes` — the rest of them wait
 * and go out as one summary once the oldest waiting is that old.
 */
export const FLOOD = { max: 5, windowMinutes: 5 } as const;

/** Where a member's messages go: their Telegram chat when they gave one, else their address. */
export interface Destination {
  email: string;
  telegramChatId: string | null;
}

/** One event's message to a member. */
export function eventMessage(
  company: Company,
  origin: string,
  to: Destination,
  n: Pick<NotificationEvent, 'kind' | 'title' | 'body' | 'link'>,
): OutgoingMessage {
  const url = `${origin}${n.link || '/admin/notifications/'}`;
  const kind = `staff-${n.kind.replace('.', '-')}`;
  if (to.telegramChatId)
    return {
      channel: 'telegram',
      kind,
      to: to.telegramChatId,
      text: [n.title, n.body, url].filter(Boolean).join('\n'),
    };
  return shopLetter(kind, to.email, {
    company,
    title: n.title,
    paragraphs: [n.body, 'Уведомления можно выключить в профиле панели управления.'].filter(Boolean),
    action: { label: 'Открыть', url },
  });
}

/** The summary of a flood: `titles` are what it sums up, newest last. */
export function summaryMessage(
  company: Company,
  origin: string,
  to: Destination,
  kind: NotificationKind,
  titles: readonly string[],
): OutgoingMessage {
  const title = `Ещё ${titles.length} ${KIND_RULES[kind].many}`;
  const url = `${origin}/admin/notifications/`;
  const shown = titles.slice(0, 10);
  const rest = titles.length > shown.length ? [`…и ещё ${titles.length - shown.length}`] : [];
  const lines = [...shown, ...rest];
  if (to.telegramChatId)
    return {
      channel: 'telegram',
      kind: 'staff-summary',
      to: to.telegramChatId,
      text: [title, ...lines, url].join('\n'),
    };
  return shopLetter('staff-summary', to.email, {
    company,
    title,
    paragraphs: [`За несколько минут их было так много, что мы собрали их в одно письмо:`, ...lines],
    action: { label: 'Все уведомления', url },
  });
}
