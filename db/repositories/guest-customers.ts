import { sql } from 'drizzle-orm';
import type { GuestReads } from '../../domain/customers/guests';
import type { OrderStatus } from '../../domain/order/process';
import { type Db, queryRows } from '../client';
import { guestPhonesOf, phoneIn } from './guest-groups';

/** Orders a guest's card lists, newest first. */
const CARD_ORDERS = 50;

/**
 * A guest's card (issue 47.2): every order without an account that shares a phone or an email, step by step, with
 * the named order (db/repositories/guest-groups.ts).
 */
export function guestReads(db: Db): GuestReads {
  return {
    async guest(orderId) {
      const [named] = await queryRows<{ phone: string; user_id: number | null }>(
        db,
        sql`select phone, user_id from orders where id = ${orderId}`,
      );
      // An erased account's orders keep no phone: they are nobody's.
      if (!named || (named.user_id === null && named.phone === '')) return null;
      if (named.user_id !== null) return { joinedTo: Number(named.user_id) };
      const guestPhones = await guestPhonesOf(db, orderId);
      const theirs = phoneIn(sql.raw('phone'), guestPhones);
      const [[group], orders, names, phones, emails, [account]] = await Promise.all([
        queryRows<{ first_id: number; first_at: string | Date }>(
          db,
          sql`select min(id) as first_id, min(created_at) as first_at from orders
            where user_id is null and ${theirs}`,
        ),
        queryRows<{
          id: number;
          status: OrderStatus;
          total: number;
          created_at: string | Date;
          name: string;
          last_name: string;
          second_name: string;
          email: string;
          phone: string;
        }>(
          db,
          sql`select id, status, total, created_at, name, last_name, second_name, email, phone from orders
            where user_id is null and ${theirs} order by created_at desc, id desc limit ${CARD_ORDERS}`,
        ),
        queryRows<{ name: string }>(
          db,
          sql`select n.name from (
              select concat_ws(' ', nullif(last_name, ''), nullif(name, ''), nullif(second_name, '')) as name,
                max(id) as last_id
              from orders where user_id is null and ${theirs} group by 1) n
            where n.name <> '' order by n.last_id desc`,
        ),
        queryRows<{ phone: string }>(
          db,
          sql`select phone from orders where user_id is null and ${theirs} group by phone order by max(id) desc`,
        ),
        queryRows<{ email: string }>(
          db,
          sql`select e.email from (
              select lower(trim(email)) as email, max(id) as last_id
              from orders where user_id is null and ${theirs} and trim(email) <> '' group by 1) e
            order by e.last_id desc`,
        ),
        queryRows<{ id: number; name: string; last_name: string; email: string }>(
          db,
          sql`select id, name, last_name, email from users where ${phoneIn(sql.raw('confirmed_phone'), guestPhones)}
            order by id limit 1`,
        ),
      ]);
      return {
        firstOrderId: Number(group?.first_id ?? orderId),
        phone: phones[0]?.phone ?? named.phone,
        phones: phones.map((p) => p.phone),
        names: names.map((n) => n.name),
        emails: emails.map((e) => e.email),
        firstOrderAt: new Date(group?.first_at ?? Date.now()),
        orders: orders.map((o) => ({
          id: Number(o.id),
          status: o.status,
          total: Number(o.total),
          createdAt: new Date(o.created_at),
          name: [o.last_name, o.name, o.second_name].filter(Boolean).join(' '),
          email: o.email,
          phone: o.phone,
        })),
        account: account
          ? {
              id: Number(account.id),
              name: [account.last_name, account.name].filter(Boolean).join(' ') || account.email,
            }
          : null,
      };
    },
  };
}

/**
 * The guest orders of a phone or an email join the account (issue 47.2): called where an account gets a confirmed
 * phone (registration with the session's confirmed phone, the SMS code) or a confirmed email (the letter's link), on
 * that write's transaction. Only orders without an account move, so a second call changes nothing. The email is
 * compared in lower case, as the shopper typed it in any case. Answers how many orders joined.
 */
export async function joinGuestOrders(
  db: Db,
  userId: number,
  contact: { phone?: string | null; email?: string | null },
): Promise<number> {
  const email = contact.email?.trim().toLowerCase() || null;
  const phone = contact.phone || null;
  if (!email && !phone) return 0;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update orders set user_id = ${userId}
      where user_id is null and (${phone ? sql`phone = ${phone}` : sql`false`}
        or ${email ? sql`lower(trim(email)) = ${email}` : sql`false`})
      returning id`,
  );
  return rows.length;
}
