import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../client';

/**
 * Guests as groups of orders (issue 47.2): orders without an account that share a phone or share an email are one
 * guest — the connected parts of the graph «order — its phone — its email». Every guest order has a phone (an erased
 * account's orders have none and are nobody's), so a guest is a set of phones: two phones are one guest when some
 * email was given with both. An empty email links nothing; emails compare in lower case, trimmed. The customers'
 * list reads the groups kept by migration 0049's `refresh_guests`; a guest's card walks its own orders here.
 */

/** The email of an order as guests compare it. */
export const guestEmail = (o: string) => sql.raw(`lower(trim(${o}.email))`);

/**
 * The phones of the guest whose orders include `orderId`, walked from that order through the indexes
 * (orders_guest_phone_idx, orders_guest_email_idx): the cost is the guest's own orders, not all guests'.
 * Empty when the order has an account, no phone or does not exist.
 */
export async function guestPhonesOf(db: Pick<Db, 'execute'>, orderId: number): Promise<string[]> {
  const rows = await queryRows<{ phone: string }>(
    db,
    sql`with recursive contact(phone, email) as (
        select o.phone, ${guestEmail('o')} from orders o where o.id = ${orderId} and o.user_id is null and o.phone <> ''
        union
        select o.phone, ${guestEmail('o')} from contact c join orders o on o.user_id is null and o.phone <> ''
          and (o.phone = c.phone or (c.email <> '' and ${guestEmail('o')} = c.email)))
      select distinct phone from contact`,
  );
  return rows.map((r) => r.phone);
}

/** `phone in (…)` of a guest's phones (never empty: a guest has a phone). */
export const phoneIn = (column: SQL, phones: string[]) =>
  sql`${column} in (${sql.join(
    phones.map((p) => sql`${p}`),
    sql`, `,
  )})`;
