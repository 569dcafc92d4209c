import { type SQL, sql } from 'drizzle-orm';
import type { BonusKind } from '../../domain/cabinet/bonus-history';
import type { CustomerBlocks } from '../../domain/customers/blocked';
import type {
  CustomerFacts,
  CustomerListItem,
  CustomersAdminReads,
  CustomerWrites,
} from '../../domain/customers/customers-admin';
import { guestId } from '../../domain/customers/guests';
import type { OrderStatus } from '../../domain/order/process';
import { type Db, queryRows, ts } from '../client';
import { type AddressRow, eraseAccount, toAddress } from './cabinet';

/** Orders and bonus operations a customer's card lists, newest first. */
const CARD_ORDERS = 50;
const CARD_BONUS_OPERATIONS = 50;

/** `%text%` for `ilike`, its own `%`, `_` and `\` taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const date = (value: string | Date | null) => (value === null ? null : new Date(value));

/** The page's accounts by id, as the list shows them. */
async function accountItems(db: Db, ids: number[]): Promise<Map<number, CustomerListItem>> {
  if (!ids.length) return new Map();
  const rows = await queryRows<{
    id: number;
    name: string;
    last_name: string;
    second_name: string;
    email: string;
    phone: string | null;
    confirmed_phone: string | null;
    card: string | null;
    orders_count: number;
    last_order_at: string | Date | null;
    blocked: boolean;
  }>(
    db,
    sql`select u.id, u.name, u.last_name, u.second_name, u.email, u.phone, u.confirmed_phone, c.number as card,
        (select count(*)::int from orders o where o.user_id = u.id) as orders_count,
        (select max(o.created_at) from orders o where o.user_id = u.id) as last_order_at,
        u.blocked_at is not null as blocked
      from users u left join discount_cards c on c.user_id = u.id
      where u.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        kind: 'account',
        id: Number(r.id),
        name: [r.last_name, r.name, r.second_name].filter(Boolean).join(' '),
        email: r.email,
        phone: r.confirmed_phone ?? r.phone,
        card: r.card,
        ordersCount: Number(r.orders_count),
        lastOrderAt: r.last_order_at === null ? null : new Date(r.last_order_at).toISOString(),
        blocked: r.blocked,
      },
    ]),
  );
}

/** One side of the list's page: an account or a guest (by its first order), and since when. */
type Side = { kind: 'account' | 'guest'; id: number; since: number };

type GuestRow = {
  first_id: number;
  since: string | Date;
  last_order_at: string | Date;
  orders_count: number;
  phone: string;
  name: string;
  last_name: string;
  second_name: string;
  email: string | null;
};

/** A guest as the list shows them: the latest order's name and phone, the latest email given. */
const guestItem = (r: GuestRow): CustomerListItem => ({
  kind: 'guest',
  id: guestId(Number(r.first_id)),
  name: [r.last_name, r.name, r.second_name].filter(Boolean).join(' '),
  email: (r.email ?? '').trim().toLowerCase(),
  phone: r.phone,
  card: null,
  ordersCount: Number(r.orders_count),
  lastOrderAt: new Date(r.last_order_at).toISOString(),
  blocked: false,
});

/** The customers' list and card (issue 28.5); guests in the list (issue 47.2). */
export function customersAdminReads(db: Db): CustomersAdminReads {
  // The marked phones' groups, one regroup at a time (its advisory lock): see migration 0049.
  const regroupGuests = async () => {
    await db.execute(sql`select refresh_marked_guests()`);
  };
  return {
    regroupGuests,
    async list(q) {
      const accountKeys: SQL[] = [];
      const guestKeys: SQL[] = [];
      if (q.text) {
        const like = contains(q.text);
        accountKeys.push(sql`concat_ws(' ', u.last_name, u.name, u.second_name) ilike ${like}`);
        accountKeys.push(sql`concat_ws(' ', u.name, u.last_name) ilike ${like}`);
        accountKeys.push(sql`u.email ilike ${like}`);
        guestKeys.push(sql`concat_ws(' ', m.last_name, m.name, m.second_name) ilike ${like}`);
        guestKeys.push(sql`concat_ws(' ', m.name, m.last_name) ilike ${like}`);
        guestKeys.push(sql`m.email ilike ${like}`);
      }
      if (q.phone) {
        accountKeys.push(sql`(u.phone = ${q.phone} or u.confirmed_phone = ${q.phone})`);
        guestKeys.push(sql`m.phone = ${q.phone}`);
      }
      if (q.digits) {
        const like = contains(q.digits);
        accountKeys.push(sql`(c.number like ${like} or u.phone like ${like} or u.confirmed_phone like ${like})`);
        guestKeys.push(sql`m.phone like ${like}`);
      }
      const accountWhere = accountKeys.length ? sql`where ${sql.join(accountKeys, sql` or `)}` : sql``;
      const accountsFrom = sql`from users u left join discount_cards c on c.user_id = u.id ${accountWhere}`;
      // Each side is read newest first and only as far as the page reaches, and the two are merged here.
      const reach = q.offset + q.limit;
      const accountSide = async () => {
        if (q.who === 'guests') return { rows: [] as Side[], total: 0 };
        const [rows, [count]] = await Promise.all([
          queryRows<{ id: number; since: string | Date }>(
            db,
            sql`select u.id, u.created_at as since ${accountsFrom}
              order by u.created_at desc, u.id desc limit ${reach}`,
          ),
          queryRows<{ n: number }>(db, sql`select count(*)::int as n ${accountsFrom}`),
        ]);
        return {
          rows: rows.map((r): Side => ({ kind: 'account', id: Number(r.id), since: new Date(r.since).getTime() })),
          total: Number(count?.n ?? 0),
        };
      };
      const guestSide = async () => {
        if (q.who === 'accounts') return { rows: [] as Side[], items: new Map<number, CustomerListItem>(), total: 0 };
        // A guest is the orders without an account linked by a phone or an email (guest-groups.ts), named by its
        // first order, kept as a row of `guests` (migration 0049): the phones orders' writes marked since the last
        // view are grouped again first. A search finds the guests one of whose orders matches.
        await regroupGuests();
        const match = guestKeys.length
          ? sql`where g.root in (select r.root from orders m join guest_phones r on r.phone = m.phone
              where m.user_id is null and (${sql.join(guestKeys, sql` or `)}))`
          : sql``;
        const [rows, [count]] = await Promise.all([
          queryRows<GuestRow>(
            db,
            sql`select p.first_id, p.since, p.last_order_at, p.orders_count,
                l.phone, l.name, l.last_name, l.second_name, e.email
              from (select g.* from guests g ${match} order by g.since desc, g.first_id desc limit ${reach}) p
                join orders l on l.id = p.last_id left join orders e on e.id = p.email_id
              order by p.since desc, p.first_id desc`,
          ),
          queryRows<{ n: number }>(db, sql`select count(*)::int as n from guests g ${match}`),
        ]);
        return {
          rows: rows.map((r): Side => ({ kind: 'guest', id: Number(r.first_id), since: new Date(r.since).getTime() })),
          items: new Map(rows.map((r) => [Number(r.first_id), guestItem(r)])),
          total: Number(count?.n ?? 0),
        };
      };
      const [accounts, guests] = await Promise.all([accountSide(), guestSide()]);
      const page = [...accounts.rows, ...guests.rows]
        .sort((x, y) => y.since - x.since || y.id - x.id)
        .slice(q.offset, q.offset + q.limit);
      const accountRows = await accountItems(
        db,
        page.filter((r) => r.kind === 'account').map((r) => r.id),
      );
      return {
        total: accounts.total + guests.total,
        rows: page
          .map((r) => (r.kind === 'account' ? accountRows : guests.items).get(r.id))
          .filter((r): r is CustomerListItem => r !== undefined),
      };
    },

    async card(id) {
      const [u] = await queryRows<{
        id: number;
        name: string;
        last_name: string;
        second_name: string;
        email: string;
        email_confirmed: boolean;
        phone: string | null;
        confirmed_phone: string | null;
        birthday: string | null;
        created_at: string | Date;
        blocked_at: string | Date | null;
        blocked_reason: string | null;
        number: string | null;
        percent: number | null;
        active: boolean | null;
        bonus_balance: number | null;
      }>(
        db,
        sql`select u.id, u.name, u.last_name, u.second_name, u.email, u.email_confirmed, u.phone, u.confirmed_phone,
            u.birthday, u.created_at, u.blocked_at, u.blocked_reason, c.number, c.percent, c.active, c.bonus_balance
          from users u left join discount_cards c on c.user_id = u.id where u.id = ${id}`,
      );
      if (!u) return null;
      const [addresses, orders, bonus] = await Promise.all([
        queryRows<AddressRow>(db, sql`select * from addresses where user_id = ${id} order by is_default desc, id`),
        queryRows<{ id: number; status: OrderStatus; total: number; created_at: string | Date }>(
          db,
          sql`select id, status, total, created_at from orders where user_id = ${id}
            order by created_at desc, id desc limit ${CARD_ORDERS}`,
        ),
        queryRows<{
          id: number;
          at: string | Date;
          kind: BonusKind;
          amount: number;
          reason: string | null;
          staff_email: string | null;
          order_id: number | null;
        }>(
          db,
          sql`select b.id, b.created_at as at, b.kind, b.amount, b.reason, s.email as staff_email, b.order_id
            from bonus_operations b left join staff s on s.id = b.staff_id where b.user_id = ${id}
            order by b.created_at desc, b.id desc limit ${CARD_BONUS_OPERATIONS}`,
        ),
      ]);
      return {
        id: Number(u.id),
        name: u.name,
        lastName: u.last_name,
        secondName: u.second_name,
        email: u.email,
        emailConfirmed: u.email_confirmed,
        phone: u.phone,
        confirmedPhone: u.confirmed_phone,
        birthday: u.birthday,
        createdAt: new Date(u.created_at),
        blockedAt: date(u.blocked_at),
        blockedReason: u.blocked_reason,
        card:
          u.number === null
            ? null
            : {
                number: u.number,
                percent: Number(u.percent),
                active: Boolean(u.active),
                bonusBalance: Number(u.bonus_balance),
              },
        addresses: addresses.map(toAddress).map(({ id, type, title, isDefault }) => ({ id, type, title, isDefault })),
        orders: orders.map((o) => ({
          id: Number(o.id),
          status: o.status,
          total: Number(o.total),
          createdAt: new Date(o.created_at),
        })),
        bonusHistory: bonus.map((b) => ({
          id: Number(b.id),
          at: new Date(b.at),
          kind: b.kind,
          amount: Number(b.amount),
          reason: b.reason,
          staffEmail: b.staff_email,
          orderId: b.order_id === null ? null : Number(b.order_id),
        })),
      } satisfies CustomerFacts;
    },
  };
}

export function customerWrites(db: Db): CustomerWrites {
  return {
    erase: (id, erasure) => eraseAccount(db, id, erasure),
    async lockForChange(id) {
      const [row] = await queryRows<{ blocked_at: string | Date | null; blocked_reason: string | null }>(
        db,
        sql`select blocked_at, blocked_reason from users where id = ${id} for update`,
      );
      return row ? { blockedAt: date(row.blocked_at), blockedReason: row.blocked_reason } : null;
    },

    async setBlock(id, block) {
      await db.execute(
        block
          ? sql`update users set blocked_at = ${ts(block.at)}, blocked_reason = ${block.reason} where id = ${id}`
          : sql`update users set blocked_at = null, blocked_reason = null where id = ${id}`,
      );
    },

    async endSessions(id) {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`update sessions set user_id = null where user_id = ${id} returning id`,
      );
      return rows.length;
    },

    async correctBonus(id, amount, reason, staffId) {
      // One statement: the balance moves only if it stays at zero or above, whatever ran at the same moment.
      const [moved] = await queryRows<{ after: number }>(
        db,
        sql`update discount_cards set bonus_balance = bonus_balance + ${amount}
          where user_id = ${id} and bonus_balance + ${amount} >= 0 returning bonus_balance as after`,
      );
      if (!moved) {
        const [card] = await queryRows<{ n: number }>(db, sql`select 1 as n from discount_cards where user_id = ${id}`);
        return card ? 'below-zero' : 'no-card';
      }
      await db.execute(sql`
        insert into bonus_operations (user_id, kind, amount, reason, staff_id)
        values (${id}, 'correction', ${amount}, ${reason}, ${staffId})`);
      const after = Number(moved.after);
      return { before: after - amount, after };
    },
  };
}

/** Whether a customer is blocked: the login paths and checkout ask. */
export function customerBlocks(db: Db): CustomerBlocks {
  return {
    async isBlocked(userId) {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select 1 as n from users where id = ${userId} and blocked_at is not null`,
      );
      return !!row;
    },
    async blockedContact(phone, email) {
      const keys: SQL[] = [];
      if (phone) keys.push(sql`confirmed_phone = ${phone}`);
      if (email.trim()) keys.push(sql`lower(email) = ${email.trim().toLowerCase()}`);
      if (!keys.length) return false;
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select 1 as n from users where blocked_at is not null and (${sql.join(keys, sql` or `)}) limit 1`,
      );
      return !!row;
    },
  };
}
