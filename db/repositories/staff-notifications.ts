import { sql } from 'drizzle-orm';
import { NO_REVENUE, WAIT_FOR_SHOP } from '../../domain/order/queues';
import type {
  EventSource,
  NotificationRow,
  Recipient,
  StaffNotificationReads,
  StaffNotificationWrites,
} from '../../domain/staff-notifications/ports';
import { type NotificationKind, STAFF_NOTIFICATIONS_COMMAND } from '../../domain/staff-notifications/kinds';
import type { StaffRole } from '../../domain/staff/staff-member';
import { type Db, notify, queryRows, ts } from '../client';

/** The push channel every open page's stream hears (server/push/hub.ts); the staff's streams recount on this. */
const PUSH_CHANNEL = 'shop_push';

interface Row {
  id: number | string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  created_at: string | Date;
  read_at: string | Date | null;
}

const toRow = (r: Row): NotificationRow => ({
  id: Number(r.id),
  kind: r.kind,
  title: r.title,
  body: r.body,
  link: r.link,
  createdAt: new Date(r.created_at),
  read: r.read_at !== null,
});

/** The writes of the staff's notifications, on the database or a unit of work's transaction. */
export function staffNotificationWrites(db: Db): StaffNotificationWrites {
  return {
    async sentSince(staffId, kind, since) {
      const [row] = await queryRows<{ sent: number; held: number }>(
        db,
        sql`select count(*) filter (where delivery = 'sent' and created_at > ${ts(since)})::int as sent,
            count(*) filter (where delivery = 'held')::int as held
          from staff_notifications where staff_id = ${staffId} and kind = ${kind}
            and (delivery = 'held' or created_at > ${ts(since)})`,
      );
      return { sent: Number(row?.sent ?? 0), held: Number(row?.held ?? 0) };
    },
    async insert(n) {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`insert into staff_notifications (event_key, staff_id, kind, title, body, link, created_at, delivery)
          values (${n.key}, ${n.staffId}, ${n.kind}, ${n.title}, ${n.body}, ${n.link}, ${ts(n.at)}, ${n.delivery})
          on conflict (event_key, staff_id) do nothing
          returning id`,
      );
      return rows.length > 0;
    },
    async takeHeld(olderThan) {
      // One statement: two flushes at once cannot both take a row (the second finds it `summed` once it may look).
      const rows = await queryRows<{ staff_id: number; kind: NotificationKind; title: string }>(
        db,
        sql`update staff_notifications set delivery = 'summed'
          where delivery = 'held' and (staff_id, kind) in (
            select staff_id, kind from staff_notifications where delivery = 'held'
            group by staff_id, kind having min(created_at) <= ${ts(olderThan)})
          returning staff_id, kind, title, created_at, id`,
      );
      return rows.map((r) => ({ staffId: Number(r.staff_id), kind: r.kind, title: r.title }));
    },
    async markRead(staffId, ids, at) {
      const only = ids === 'all' ? sql`true` : ids.length ? sql`id in ${ids}` : sql`false`;
      const rows = await queryRows<{ id: number }>(
        db,
        sql`update staff_notifications set read_at = ${ts(at)}
          where staff_id = ${staffId} and read_at is null and ${only} returning id`,
      );
      return rows.length;
    },
    async setPrefs(staffId, prefs, telegramChatId) {
      for (const [kind, enabled] of Object.entries(prefs))
        await db.execute(
          sql`insert into staff_notification_prefs (staff_id, kind, enabled) values (${staffId}, ${kind}, ${enabled})
            on conflict (staff_id, kind) do update set enabled = excluded.enabled`,
        );
      if (telegramChatId)
        await db.execute(
          sql`insert into staff_telegram (staff_id, chat_id) values (${staffId}, ${telegramChatId})
            on conflict (staff_id) do update set chat_id = excluded.chat_id`,
        );
      else await db.execute(sql`delete from staff_telegram where staff_id = ${staffId}`);
    },
    announce: () => notify(db, PUSH_CHANNEL, STAFF_NOTIFICATIONS_COMMAND),
  };
}

/** The reads: who hears, what happened, a member's list and count. */
export function staffNotificationReads(db: Db): StaffNotificationReads & EventSource {
  return {
    async recipients() {
      const rows = await queryRows<{
        id: number;
        email: string;
        name: string;
        role: StaffRole;
        shop_id: number | null;
        chat_id: string | null;
        prefs: Record<string, boolean> | null;
      }>(
        db,
        sql`select s.id, s.email, s.name, s.role, s.shop_id, t.chat_id,
            (select jsonb_object_agg(p.kind, p.enabled) from staff_notification_prefs p where p.staff_id = s.id) as prefs
          from staff s left join staff_telegram t on t.staff_id = s.id
          where s.removed_at is null and s.role <> 'exchange'
          order by s.id`,
      );
      return rows.map(
        (r): Recipient => ({
          member: { staffId: Number(r.id), email: r.email, role: r.role, shopId: r.shop_id },
          telegramChatId: r.chat_id,
          prefs: r.prefs ?? {},
        }),
      );
    },
    async prefsOf(staffId) {
      const rows = await queryRows<{ kind: string; enabled: boolean }>(
        db,
        sql`select kind, enabled from staff_notification_prefs where staff_id = ${staffId}`,
      );
      const [chat] = await queryRows<{ chat_id: string }>(
        db,
        sql`select chat_id from staff_telegram where staff_id = ${staffId}`,
      );
      return { prefs: Object.fromEntries(rows.map((r) => [r.kind, r.enabled])), telegramChatId: chat?.chat_id ?? null };
    },
    async unread(staffId) {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from staff_notifications where staff_id = ${staffId} and read_at is null`,
      );
      return Number(row?.n ?? 0);
    },
    async list(staffId, options) {
      const rows = await queryRows<Row & { total: number }>(
        db,
        sql`select id, kind, title, body, link, created_at, read_at, count(*) over ()::int as total
          from staff_notifications
          where staff_id = ${staffId} ${options.unread ? sql`and read_at is null` : sql``}
          order by created_at desc, id desc limit ${options.limit} offset ${options.offset}`,
      );
      return { total: Number(rows[0]?.total ?? 0), items: rows.map(toRow) };
    },

    async newOrders(since) {
      return queryRows(
        db,
        sql`select o.id, o.name, o.total, o.delivery_type as "deliveryType", (o.delivery->>'shopId')::int as "shopId",
            o.delivery->>'shop' as "shopName"
          from orders o
          where o.created_at >= ${ts(since)} and o.status not in ${NO_REVENUE}
            and not exists (select 1 from staff_notifications n where n.event_key = 'order.new:' || o.id)
          order by o.id limit 500`,
      );
    },
    async paidOrders(since) {
      return queryRows(
        db,
        sql`select o.id, o.name, p.amount as total, o.delivery_type as "deliveryType",
            (o.delivery->>'shopId')::int as "shopId", o.delivery->>'shop' as "shopName"
          from payments p join orders o on o.id = p.order_id
          where p.updated_at >= ${ts(since)} and p.status in ('held', 'paid')
            and not exists (select 1 from staff_notifications n where n.event_key = 'order.paid:' || o.id)
          order by o.id limit 500`,
      );
    },
    async overdueOrders(confirmBy, since) {
      return queryRows(
        db,
        sql`select o.id, o.name, o.total, o.delivery_type as "deliveryType", (o.delivery->>'shopId')::int as "shopId",
            o.delivery->>'shop' as "shopName"
          from orders o
          where o.status in ${WAIT_FOR_SHOP} and o.created_at <= ${ts(confirmBy)} and o.created_at >= ${ts(since)}
            and not exists (select 1 from staff_notifications n where n.event_key = 'order.overdue:' || o.id)
          order by o.id limit 500`,
      );
    },
    async newQuestions(since) {
      return queryRows(
        db,
        sql`select q.id, q.name, q.topic, q.message from questions q
          where q.created_at >= ${ts(since)} and q.answered_at is null
            and not exists (select 1 from staff_notifications n where n.event_key = 'question.new:' || q.id)
          order by q.id limit 500`,
      );
    },
    async lowStock(soldSince, atMost, day) {
      return queryRows(
        db,
        sql`with sold as (
            select distinct l.offer_id from order_lines l join orders o on o.id = l.order_id
            where o.created_at >= ${ts(soldSince)} and o.status not in ${NO_REVENUE}
          )
          select f.id as "offerId", f.size_name as "sizeName", p.name, p.id as "productId", st.left
          from sold join offers f on f.id = sold.offer_id join products p on p.id = f.product_id
            cross join lateral (select coalesce(sum(s.quantity), 0)::int as left from stock s where s.offer_id = f.id) st
          where st.left <= ${atMost}
            and not exists (select 1 from staff_notifications n
              where n.event_key = 'stock.low:' || f.id || ':' || ${day})
          order by f.id limit 200`,
      );
    },
  };
}
