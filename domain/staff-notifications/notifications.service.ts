import type { Company } from '../content/company';
import type { RequestContext } from '../context';
import { orderNumber } from '../order/process';
import { TOPICS, type Topic } from '../feedback/topics';
import { requirePermission } from '../staff/permissions';
import type { StaffWrite } from '../staff/staff-write';
import type { UnitOfWork } from '../uow';
import {
  defaultOn,
  eventMessage,
  FLOOD,
  hears,
  KIND_RULES,
  NOTIFICATION_KINDS,
  type NotificationEvent,
  type NotificationKind,
  summaryMessage,
} from './kinds';
import type { EventSource, NotificationRow, OrderFact, Recipient, StaffNotificationReads } from './ports';
import type { NotificationPrefsInput } from './schemas';

/** A page of a member's list. */
export const NOTIFICATIONS_PAGE = 30;
/** How far back the producer looks for what nobody has heard of: after a long stop, older news is no news. */
const LOOK_BACK_MS = 24 * 60 * 60_000;
/** A size is «running out» at this many units left in every store, once it sold in the last day. */
export const LOW_STOCK = 2;

/** The thresholds the shop may set (STAFF_NOTIFY_* settings); the constants above are the defaults. */
export interface NotificationThresholds {
  /** The flood rule (FLOOD): messages of a kind to a member within the window before the rest wait. */
  floodMax: number;
  floodWindowMinutes: number;
  /** Units left, or fewer, that make a size «running out». */
  lowStock: number;
}

export interface NotificationSwitch {
  kind: NotificationKind;
  title: string;
  enabled: boolean;
}

export interface StaffNotificationsService {
  /**
   * The producer: records every event nobody has heard of yet (new, paid and overdue orders, new questions, sizes
   * running out) for each member it concerns, and sends the messages switched on. Safe to run in several processes at
   * once: an event reaches a member once. `news` reads only what a write just made (new and paid orders, questions):
   * the kicks after a commit sweep that; the clock's events (overdue orders, sizes running out) wait for the minute's
   * sweep, as reading them took 15 ms of the database's time after every order placed.
   */
  sweep(scope?: 'all' | 'news'): Promise<number>;
  /** Records one event for everyone it concerns; answers how many members it newly reached. */
  record(event: NotificationEvent): Promise<number>;
  /** The floods' summaries: every member's waiting messages of a kind, as one, once the oldest waited the window. */
  flush(now?: Date): Promise<number>;
  unread(ctx: RequestContext): Promise<number>;
  list(
    ctx: RequestContext,
    query: { unread?: '1' | '0'; page: number },
  ): Promise<{ items: NotificationRow[]; total: number; page: number; pages: number; unread: number }>;
  markRead(ctx: RequestContext, ids?: number[]): Promise<{ marked: number; unread: number }>;
  prefs(ctx: RequestContext): Promise<{ switches: NotificationSwitch[]; telegramChatId: string }>;
  setPrefs(
    ctx: RequestContext,
    input: NotificationPrefsInput,
  ): Promise<{ switches: NotificationSwitch[]; telegramChatId: string }>;
}

const roubles = (kopecks: number) => `${(kopecks / 100).toLocaleString('ru-RU', { maximumFractionDigits: 2 })} ₽`;
const orderBody = (o: OrderFact) =>
  [
    o.name,
    roubles(o.total),
    o.deliveryType === 'SHOP' ? `самовывоз${o.shopName ? `: ${o.shopName}` : ''}` : 'доставка',
  ].join(' · ');
const orderEvent = (kind: NotificationKind, title: string, o: OrderFact): NotificationEvent => ({
  key: `${kind}:${o.id}`,
  kind,
  shopId: o.deliveryType === 'SHOP' ? o.shopId : null,
  title: `${title} № ${orderNumber(o.id)}`,
  body: orderBody(o),
  link: `/admin/orders/${o.id}/`,
});

const switchesOf = (role: Recipient['member']['role'], prefs: Partial<Record<string, boolean>>) =>
  NOTIFICATION_KINDS.map((kind) => ({
    kind,
    title: KIND_RULES[kind].title,
    enabled: prefs[kind] ?? defaultOn(role, kind),
  }));

export function createStaffNotificationsService(deps: {
  reads: StaffNotificationReads & EventSource;
  uow: UnitOfWork;
  write: StaffWrite;
  company: Company;
  /** The back office's origin for the messages' links. */
  siteUrl: string;
  /** Minutes a new order waits before the staff hear it is overdue (ORDER_CONFIRM_MINUTES unless set apart). */
  confirmMinutes: number;
  thresholds?: Partial<NotificationThresholds>;
  clock?: () => Date;
}): StaffNotificationsService {
  const { reads, uow, write, company, siteUrl } = deps;
  const floodMax = deps.thresholds?.floodMax ?? FLOOD.max;
  const floodWindowMs = (deps.thresholds?.floodWindowMinutes ?? FLOOD.windowMinutes) * 60_000;
  const lowStock = deps.thresholds?.lowStock ?? LOW_STOCK;
  const clock = deps.clock ?? (() => new Date());

  async function recordFor(event: NotificationEvent, recipients: Recipient[], at: Date): Promise<number> {
    const concerned = recipients.filter((r) => hears(r.member, event));
    if (concerned.length === 0) return 0;
    return uow.run(async (repos) => {
      let reached = 0;
      const since = new Date(at.getTime() - floodWindowMs);
      for (const r of concerned) {
        const on = r.prefs[event.kind] ?? defaultOn(r.member.role, event.kind);
        let delivery: 'off' | 'sent' | 'held' = 'off';
        if (on) {
          const recent = await repos.staffNotifications.sentSince(r.member.staffId, event.kind, since);
          delivery = recent.held > 0 || recent.sent >= floodMax ? 'held' : 'sent';
        }
        const fresh = await repos.staffNotifications.insert({ ...event, staffId: r.member.staffId, at, delivery });
        if (!fresh) continue;
        reached += 1;
        if (delivery === 'sent')
          await repos.outbox.enqueue(
            eventMessage(company, siteUrl, { email: r.member.email, telegramChatId: r.telegramChatId }, event),
          );
      }
      if (reached > 0) await repos.staffNotifications.announce();
      return reached;
    });
  }

  async function events(now: Date, scope: 'all' | 'news'): Promise<NotificationEvent[]> {
    const since = new Date(now.getTime() - LOOK_BACK_MS);
    const day = now.toISOString().slice(0, 10);
    const clockEvents = scope === 'all';
    const [fresh, paid, overdue, questions, low] = await Promise.all([
      reads.newOrders(since),
      reads.paidOrders(since),
      clockEvents ? reads.overdueOrders(new Date(now.getTime() - deps.confirmMinutes * 60_000), since) : [],
      reads.newQuestions(since),
      clockEvents ? reads.lowStock(since, lowStock, day) : [],
    ]);
    return [
      ...fresh.map((o) => orderEvent('order.new', 'Новый заказ', o)),
      ...paid.map((o) => orderEvent('order.paid', 'Оплачен онлайн заказ', o)),
      ...overdue.map((o) => orderEvent('order.overdue', 'Заказ ждёт дольше обещанного', o)),
      ...questions.map(
        (q): NotificationEvent => ({
          key: `question.new:${q.id}`,
          kind: 'question.new',
          shopId: null,
          title: `Вопрос покупателя: ${TOPICS[q.topic as Topic] ?? q.topic}`,
          body: `${q.name}: ${q.message.length > 200 ? `${q.message.slice(0, 200)}…` : q.message}`,
          link: `/admin/questions/${q.id}/`,
        }),
      ),
      ...low.map(
        (s): NotificationEvent => ({
          key: `stock.low:${s.offerId}:${day}`,
          kind: 'stock.low',
          shopId: null,
          title: `Заканчивается размер ${s.sizeName}: ${s.name}`,
          body: s.left === 0 ? 'Не осталось ни одной штуки.' : `Осталось ${s.left} шт. во всех магазинах и на складе.`,
          link: `/admin/stock/?productId=${s.productId}`,
        }),
      ),
    ];
  }

  const own = (ctx: RequestContext) => requirePermission(ctx, 'account.manage');

  async function prefsOf(staffId: number, role: Recipient['member']['role']) {
    const { prefs, telegramChatId } = await reads.prefsOf(staffId);
    return { switches: switchesOf(role, prefs), telegramChatId: telegramChatId ?? '' };
  }

  return {
    async sweep(scope = 'all') {
      const now = clock();
      const found = await events(now, scope);
      if (found.length === 0) return 0;
      const recipients = await reads.recipients();
      let reached = 0;
      for (const event of found) reached += await recordFor(event, recipients, now);
      return reached;
    },
    async record(event) {
      return recordFor(event, await reads.recipients(), clock());
    },
    async flush(now = clock()) {
      const olderThan = new Date(now.getTime() - floodWindowMs);
      const recipients = new Map((await reads.recipients()).map((r) => [r.member.staffId, r]));
      return uow.run(async (repos) => {
        const taken = await repos.staffNotifications.takeHeld(olderThan);
        const groups = new Map<string, { staffId: number; kind: NotificationKind; titles: string[] }>();
        for (const t of taken) {
          const key = `${t.staffId}:${t.kind}`;
          const group = groups.get(key) ?? { staffId: t.staffId, kind: t.kind, titles: [] };
          group.titles.push(t.title);
          groups.set(key, group);
        }
        let sent = 0;
        for (const g of groups.values()) {
          const r = recipients.get(g.staffId);
          if (!r) continue;
          const to = { email: r.member.email, telegramChatId: r.telegramChatId };
          await repos.outbox.enqueue(summaryMessage(company, siteUrl, to, g.kind, g.titles));
          sent += 1;
        }
        return sent;
      });
    },
    async unread(ctx) {
      return reads.unread(own(ctx).staffId);
    },
    async list(ctx, query) {
      const member = own(ctx);
      const page = await reads.list(member.staffId, {
        unread: query.unread === '1',
        limit: NOTIFICATIONS_PAGE,
        offset: (query.page - 1) * NOTIFICATIONS_PAGE,
      });
      return {
        ...page,
        page: query.page,
        pages: Math.max(1, Math.ceil(page.total / NOTIFICATIONS_PAGE)),
        unread: await reads.unread(member.staffId),
      };
    },
    async markRead(ctx, ids) {
      const member = own(ctx);
      const marked = await write(ctx, 'staff.notifications-read', { id: member.staffId }, async (repos) => {
        const n = await repos.staffNotifications.markRead(member.staffId, ids?.length ? ids : 'all', ctx.now());
        if (n > 0) await repos.staffNotifications.announce();
        return { value: n, unchanged: n === 0, after: { read: n, ...(ids?.length ? { ids } : { all: true }) } };
      });
      return { marked, unread: await reads.unread(member.staffId) };
    },
    async prefs(ctx) {
      const member = own(ctx);
      return prefsOf(member.staffId, member.role);
    },
    async setPrefs(ctx, input) {
      const member = own(ctx);
      // Read before the write's transaction: the embedded database has one connection, which the transaction holds.
      const before = await prefsOf(member.staffId, member.role);
      await write(ctx, 'staff.notification-prefs', { id: member.staffId }, async (repos) => {
        const chosen = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, input[k]])) as Record<
          NotificationKind,
          boolean
        >;
        const was = Object.fromEntries(before.switches.map((s) => [s.kind, s.enabled]));
        const unchanged =
          NOTIFICATION_KINDS.every((k) => was[k] === chosen[k]) && before.telegramChatId === input.telegramChatId;
        if (!unchanged) await repos.staffNotifications.setPrefs(member.staffId, chosen, input.telegramChatId || null);
        return {
          value: null,
          unchanged,
          before: { ...was, telegram: before.telegramChatId !== '' },
          after: { ...chosen, telegram: input.telegramChatId !== '' },
        };
      });
      return prefsOf(member.staffId, member.role);
    },
  };
}
