import { sql } from 'drizzle-orm';
import type { CheckoutRepository } from '../../domain/order/ports';
import { type Db, queryRows } from '../client';
import { checkoutDelivery } from './checkout-delivery';
import { checkoutDiscounts } from './checkout-discounts';
import { checkoutLines } from './checkout-lines';

/**
 * The checkout's reads around an order, outside its transaction: the cart's lines, delivery, discounts, and the
 * session's facts a save checks (its confirmed phones, a repeated key, the phone's orders of the day).
 */
export function checkoutRepository(db: Db): CheckoutRepository {
  return {
    ...checkoutLines(db),
    ...checkoutDelivery(db),
    ...checkoutDiscounts(db),
    async confirmedPhones(sessionId, userId) {
      const rows = await queryRows<{ phone: string | null }>(
        db,
        sql`
        select confirmed_phone as phone from sessions where id = ${sessionId}
        union all select confirmed_phone from users where id = ${userId ?? 0}`,
      );
      return rows.map((r) => r.phone).filter((p): p is string => Boolean(p));
    },

    async orderByKey(sessionId, key) {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`select id from orders where session_id = ${sessionId} and idempotency_key = ${key}`,
      );
      return row ? Number(row.id) : null;
    },

    async ordersSince(phone, since) {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from orders where phone = ${phone} and created_at >= ${since.toISOString()}::timestamptz`,
      );
      return Number(row?.n ?? 0);
    },
  };
}
