import { type SQL, sql } from 'drizzle-orm';
import type { CardFacts, DeskQuery, DeskRow, OrderDeskReads } from '../../domain/order/desk.service';
import type { DeliveryType, OrderStatus } from '../../domain/order/process';
import { type Db, queryRows } from '../client';
import { ONEC_ACTOR } from '../../domain/exchange/order-status-import';
import { WAIT_FOR_SHOP } from '../../domain/order/queues';
import { placeZoneSql } from './place-zone';
import { orderSearchSql } from './desk-search';
import { parseDeskQuery } from '../../domain/search/desk-query';

type Where = Omit<DeskQuery, 'limit' | 'offset' | 'sort'>;

const iso = (value: string | Date) => new Date(value).toISOString();

/** The filter as SQL conditions; a search matches the number, the phone in any spelling, tracking, email or name. */
function conditions(q: Where): SQL {
  const parts: SQL[] = [sql`true`];
  if (q.statuses) parts.push(sql`o.status in ${q.statuses.length > 0 ? q.statuses : ['']}`);
  if (q.overdue === true) parts.push(sql`o.created_at <= ${q.confirmBefore.toISOString()}`);
  if (q.overdue === false) parts.push(sql`o.created_at > ${q.confirmBefore.toISOString()}`);
  if (q.deliveryType) parts.push(sql`o.delivery_type = ${q.deliveryType}`);
  if (q.shopId !== undefined) parts.push(sql`(o.delivery->>'shopId')::int = ${q.shopId}`);
  if (q.pointId !== undefined) parts.push(sql`(o.delivery->>'pointId')::int = ${q.pointId}`);
  if (q.from) parts.push(sql`o.created_at >= ${q.from.toISOString()}`);
  if (q.to) parts.push(sql`o.created_at < ${q.to.toISOString()}`);
  // The back office's one search (issue 47.3): the number, the phone in any spelling, tracking, email, name.
  if (q.q) parts.push(orderSearchSql(parseDeskQuery(q.q)));
  return sql.join(parts, sql` and `);
}

const ORDER_BY: Record<DeskQuery['sort'], SQL> = {
  new: sql`o.created_at desc, o.id desc`,
  old: sql`o.created_at, o.id`,
  total: sql`o.total desc, o.id desc`,
};

/** An order as the desk's list shows it, as read by `DESK_COLUMNS`. */
export interface DeskRecord {
  id: number;
  status: OrderStatus;
  delivery_type: DeliveryType;
  delivery: { address?: string; shop?: string; point?: string; shopId?: number };
  total: number;
  created_at: string | Date;
  name: string;
  last_name: string;
  phone: string;
  email: string;
}

/** The columns of `DeskRecord`, of the order `o`. */
export const DESK_COLUMNS = sql`o.id, o.status, o.delivery_type, o.delivery, o.total, o.created_at, o.name, o.last_name,
  o.phone, o.email`;

/** A list row of the desk from its record. */
export const deskRow = (r: DeskRecord): DeskRow => ({
  id: Number(r.id),
  status: r.status,
  deliveryType: r.delivery_type,
  place: r.delivery.shop ?? r.delivery.point ?? r.delivery.address ?? '',
  total: Number(r.total),
  createdAt: iso(r.created_at),
  customer: { name: `${r.name} ${r.last_name}`.trim(), phone: r.phone, email: r.email },
  shopId: r.delivery.shopId ?? null,
});

export function orderDeskRepository(db: Db): OrderDeskReads {
  return {
    async list(q) {
      const rows = await queryRows<DeskRecord & { found: number }>(
        db,
        sql`select ${DESK_COLUMNS}, count(*) over () as found
        from orders o where ${conditions(q)} order by ${ORDER_BY[q.sort]} limit ${q.limit} offset ${q.offset}`,
      );
      let total = Number(rows[0]?.found ?? 0);
      if (rows.length === 0 && q.offset > 0) {
        const [counted] = await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from orders o where ${conditions(q)}`,
        );
        total = Number(counted?.n ?? 0);
      }
      return {
        total,
        rows: rows.map(deskRow),
      };
    },

    async counts(q) {
      const rows = await queryRows<{ status: OrderStatus; n: number; overdue: number }>(
        db,
        sql`select o.status, count(*)::int as n,
          count(*) filter (where o.status in ${WAIT_FOR_SHOP} and o.created_at <= ${q.confirmBefore.toISOString()})::int as overdue
        from orders o where ${conditions(q)} group by o.status`,
      );
      return {
        statuses: Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])),
        overdueNew: rows.reduce((n, r) => n + Number(r.overdue), 0),
      };
    },

    async card(id) {
      const [o] = await queryRows<{
        id: number;
        user_id: number | null;
        status: OrderStatus;
        delivery_type: DeliveryType;
        delivery: CardFacts['delivery'] & { shopId?: number };
        name: string;
        last_name: string;
        phone: string;
        email: string;
        comment: string;
        is_disabled_call: boolean;
        items: number;
        discount: number;
        delivery_price: number;
        bonuses_used: number;
        bonuses_earned: number;
        total: number;
        reserved_until: string | Date | null;
        place_zone: string | null;
        tracking_number: string | null;
        created_at: string | Date;
        customer_orders: number;
        card: string | null;
      }>(
        db,
        sql`select o.*,
          (select count(*)::int from orders c
            where (o.user_id is not null and c.user_id = o.user_id) or (o.user_id is null and c.phone = o.phone))
            as customer_orders,
          (select d.number from discount_cards d where d.user_id = o.user_id) as card,
          ${placeZoneSql(sql`o`)} as place_zone
        from orders o where o.id = ${id}`,
      );
      if (!o) return null;
      const [lines, stock, history, notes, promos] = await Promise.all([
        queryRows<{
          id: number;
          product_id: number;
          offer_id: number;
          name: string;
          size_name: string;
          color: string | null;
          quantity: number;
          price: number;
          total: number;
          returned: boolean;
          url: string | null;
          image: string | null;
        }>(
          db,
          sql`select l.id, l.product_id, l.offer_id, l.name, l.size_name, c.name as color, l.quantity, l.price, l.total,
            l.returned, p.url,
            (select i.file from product_images i where i.product_id = l.product_id order by i.sort limit 1) as image
          from order_lines l
          left join products p on p.id = l.product_id
          left join colors c on c.code = p.color_code
          where l.order_id = ${id} order by l.id`,
        ),
        queryRows<{ offer_id: number; store_id: number; store_name: string; quantity: number; taken: number }>(
          db,
          sql`select s.offer_id, s.store_id, st.name as store_name, s.quantity,
            coalesce((select t.quantity from order_stock t
              where t.order_id = ${id} and t.offer_id = s.offer_id and t.store_id = s.store_id), 0) as taken
          from stock s join stores st on st.id = s.store_id
          where s.offer_id in (select offer_id from order_lines where order_id = ${id})
          order by st.sort, st.id`,
        ),
        queryRows<{
          created_at: string | Date;
          from_status: OrderStatus | null;
          status: OrderStatus;
          actor: string;
          email: string | null;
          reason: string | null;
        }>(
          db,
          sql`select h.created_at, h.from_status, h.status, h.actor, h.reason, s.email
          from order_status_history h
          left join staff s on s.id = case when h.actor ~ '^staff:[0-9]{1,9}$' then substr(h.actor, 7)::int end
          where h.order_id = ${id} order by h.created_at, h.id`,
        ),
        queryRows<{ id: number; created_at: string | Date; staff_id: number; email: string | null; text: string }>(
          db,
          sql`select n.id, n.created_at, n.staff_id, s.email, n.text
          from order_notes n left join staff s on s.id = n.staff_id
          where n.order_id = ${id} order by n.created_at, n.id`,
        ),
        queryRows<{ code: string }>(db, sql`select code from promo_code_uses where order_id = ${id} order by id`),
      ]);
      return {
        id: Number(o.id),
        status: o.status,
        createdAt: iso(o.created_at),
        deliveryType: o.delivery_type,
        delivery: o.delivery,
        shopId: o.delivery.shopId ?? null,
        reservedUntil: o.reserved_until === null ? null : iso(o.reserved_until),
        placeZone: o.place_zone,
        trackingNumber: o.tracking_number,
        customer: {
          userId: o.user_id === null ? null : Number(o.user_id),
          name: o.name,
          lastName: o.last_name,
          phone: o.phone,
          email: o.email,
          orders: Number(o.customer_orders),
        },
        comment: o.comment,
        isDisabledCall: o.is_disabled_call,
        items: Number(o.items),
        discount: Number(o.discount),
        deliveryPrice: Number(o.delivery_price),
        bonusesUsed: Number(o.bonuses_used),
        bonusesEarned: Number(o.bonuses_earned),
        total: Number(o.total),
        promoCodes: promos.map((p) => p.code),
        card: o.card,
        lines: lines.map((l) => ({
          id: Number(l.id),
          productId: Number(l.product_id),
          offerId: Number(l.offer_id),
          name: l.name,
          sizeName: l.size_name,
          color: l.color,
          quantity: Number(l.quantity),
          unitPrice: Number(l.price),
          total: Number(l.total),
          image: l.image,
          url: l.url,
          returned: l.returned,
          stock: stock
            .filter((s) => Number(s.offer_id) === Number(l.offer_id))
            .map((s) => ({
              storeId: Number(s.store_id),
              storeName: s.store_name,
              quantity: Number(s.quantity),
              taken: Number(s.taken),
            })),
        })),
        history: history.map((h) => ({
          at: iso(h.created_at),
          from: h.from_status,
          to: h.status,
          actor: h.actor,
          actorName: h.email ?? actorName(h.actor),
          reason: h.reason,
        })),
        notes: notes.map((n) => ({
          id: Number(n.id),
          at: iso(n.created_at),
          staff: { id: Number(n.staff_id), email: n.email ?? '' },
          text: n.text,
        })),
      };
    },

    async staffEmails(ids) {
      if (ids.length === 0) return new Map();
      const rows = await queryRows<{ id: number; email: string }>(
        db,
        sql`select id, email from staff where id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      );
      return new Map(rows.map((r) => [Number(r.id), r.email]));
    },

    async readyByCode(codeHash, shopId) {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`select id from orders where pickup_code_hash = ${codeHash} and status = 'ready'
          ${shopId === null ? sql`` : sql`and (delivery->>'shopId')::int = ${shopId}`} limit 1`,
      );
      return row ? Number(row.id) : null;
    },
  };
}

/** Who moved an order, as the timeline names those who are not staff. */
function actorName(actor: string): string {
  if (actor.startsWith('user:') || actor === 'shopper') return 'Покупатель';
  if (actor === 'system:reservation') return 'Срок хранения истёк';
  if (actor === ONEC_ACTOR) return '1С';
  if (actor === 'system:payment') return 'Онлайн-оплата';
  if (actor.startsWith('system')) return 'Система';
  return actor;
}
