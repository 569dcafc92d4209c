import { sql } from 'drizzle-orm';
import type {
  ExchangeAccount,
  ExchangeRepository,
  ExchangeSession,
  ExportLine,
  ExportOrder,
} from '../../domain/exchange/ports';
import type { StaffRole } from '../../domain/staff/staff-member';
import { type Db, queryRows, ts } from '../client';

interface OrderRow {
  id: number;
  created_at: string | Date;
  status: string;
  delivery_type: string;
  delivery: Record<string, unknown> | string;
  name: string;
  last_name: string;
  second_name: string;
  email: string;
  phone: string;
  comment: string;
  items: number;
  discount: number;
  delivery_price: number;
  bonuses_used: number;
  total: number;
  payment_method: string;
  paid_at: string | Date | null;
}

interface LineRow {
  order_id: number;
  offer_id: number;
  onec_id: string | null;
  product_id: number;
  name: string;
  size_name: string;
  price: number;
  old_price: number | null;
  quantity: number;
  total: number;
}

/** Live sessions of members still here. */
const LIVE = (now: Date, idleS: number) => sql`m.id = s.staff_id and m.removed_at is null
  and s.last_seen_at > ${ts(now)} - make_interval(secs => ${idleS})`;

export function exchangeRepository(db: Db): ExchangeRepository {
  return {
    async account(login) {
      const [r] = await queryRows<{ id: number; email: string; role: StaffRole; password_hash: string }>(
        db,
        sql`select id, email, role, password_hash from staff where lower(email) = ${login.toLowerCase()}
          and removed_at is null`,
      );
      if (!r) return null;
      const account: ExchangeAccount = {
        id: Number(r.id),
        login: r.email,
        role: r.role,
        passwordHash: r.password_hash,
      };
      return account;
    },

    async startSession(tokenHash, staffId, now) {
      await db.execute(sql`insert into exchange_sessions (token_hash, staff_id, created_at, last_seen_at)
        values (${tokenHash}, ${staffId}, ${ts(now)}, ${ts(now)})`);
    },

    async session(tokenHash, now, idleS) {
      const [r] = await queryRows<SessionRow>(
        db,
        sql`update exchange_sessions s set last_seen_at = ${ts(now)} from staff m
          where s.token_hash = ${tokenHash} and ${LIVE(now, idleS)}
          returning s.token_hash, s.staff_id, m.email, m.role`,
      );
      return r ? sessionOf(r) : null;
    },

    async latestSession(staffId, now, idleS) {
      const [r] = await queryRows<SessionRow>(
        db,
        sql`update exchange_sessions x set last_seen_at = ${ts(now)} from staff m where x.token_hash = (
            select s.token_hash from exchange_sessions s, staff m
            where s.staff_id = ${staffId} and ${LIVE(now, idleS)}
            order by s.last_seen_at desc limit 1) and m.id = x.staff_id
          returning x.token_hash, x.staff_id, m.email, m.role`,
      );
      return r ? sessionOf(r) : null;
    },

    async ordersNotExported(limit) {
      const rows = await queryRows<OrderRow>(
        db,
        // An online order goes to 1C once paid (a held two-stage payment counts: the shop took the order); one never
        // paid, waiting or cancelled, is never handed over, as 1C has nothing to do with it. One staff changed after 1C
        // took it goes again (`export_again`).
        sql`select o.id, o.created_at, o.status, o.delivery_type, o.delivery, o.name, o.last_name, o.second_name,
            o.email, o.phone, o.comment, o.items, o.discount, o.delivery_price, o.bonuses_used, o.total,
            o.payment_method, paid.at as paid_at
          from orders o
          left join lateral (
            select min(e.at) as at from payments p join payment_events e on e.payment_id = p.id
            where p.order_id = o.id and e.refund_id is null and e.status in ('held', 'paid')
          ) paid on true
          where (o.exported_at is null or o.export_again) and (o.payment_method <> 'ONLINE' or paid.at is not null)
          order by o.id limit ${limit}`,
      );
      if (rows.length === 0) return [];
      const ids = rows.map((r) => Number(r.id));
      const lines = await queryRows<LineRow>(
        db,
        sql`select l.order_id, l.offer_id, x.onec_id, l.product_id, l.name, l.size_name, l.price, l.old_price,
            l.quantity, l.total
          from order_lines l left join exchange_offers x on x.offer_id = l.offer_id
          where l.order_id = any(${`{${ids.join(',')}}`}::int[]) and not l.returned order by l.id`,
      );
      const byOrder = new Map<number, ExportLine[]>();
      for (const l of lines) {
        const list = byOrder.get(Number(l.order_id)) ?? [];
        list.push({
          offerId: Number(l.offer_id),
          onecId: l.onec_id,
          productId: Number(l.product_id),
          name: l.name,
          sizeName: l.size_name,
          price: Number(l.price),
          oldPrice: l.old_price === null ? null : Number(l.old_price),
          quantity: Number(l.quantity),
          total: Number(l.total),
        });
        byOrder.set(Number(l.order_id), list);
      }
      return rows.map(
        (r): ExportOrder => ({
          id: Number(r.id),
          createdAt: new Date(r.created_at),
          status: r.status,
          deliveryType: r.delivery_type,
          delivery: typeof r.delivery === 'string' ? JSON.parse(r.delivery) : r.delivery,
          name: r.name,
          lastName: r.last_name,
          secondName: r.second_name,
          email: r.email,
          phone: r.phone,
          comment: r.comment,
          items: Number(r.items),
          discount: Number(r.discount),
          deliveryPrice: Number(r.delivery_price),
          bonusesUsed: Number(r.bonuses_used),
          total: Number(r.total),
          paymentMethod: r.payment_method,
          paidAt: r.paid_at === null ? null : new Date(r.paid_at),
          lines: byOrder.get(Number(r.id)) ?? [],
        }),
      );
    },

    async rememberQueried(tokenHash, orderIds) {
      await db.execute(sql`update exchange_sessions set queried_order_ids = ${`{${orderIds.join(',')}}`}::int[]
        where token_hash = ${tokenHash}`);
    },

    async markExported(tokenHash, now) {
      // One statement: the list is read under the row's lock and emptied, so a second `success` waits for the first
      // and then finds it empty.
      const rows = await queryRows<{ id: number }>(
        db,
        sql`with taken as (
            select queried_order_ids as ids from exchange_sessions where token_hash = ${tokenHash} for update),
          cleared as (update exchange_sessions set queried_order_ids = '{}' where token_hash = ${tokenHash})
          update orders set exported_at = ${ts(now)}, export_again = false
          where id in (select unnest(ids) from taken) and (exported_at is null or export_again)
          returning id`,
      );
      return rows.length;
    },
  };
}

interface SessionRow {
  token_hash: string;
  staff_id: number;
  email: string;
  role: StaffRole;
}

const sessionOf = (r: SessionRow): ExchangeSession => ({
  tokenHash: r.token_hash,
  staffId: Number(r.staff_id),
  email: r.email,
  role: r.role,
});
