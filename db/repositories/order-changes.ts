import { sql } from 'drizzle-orm';
import type { LockedOrder, OrderChangeWrites } from '../../domain/order/ports';
import type { DeliveryType, OrderStatus } from '../../domain/order/process';
import { type Db, queryRows } from '../client';
import { placeZoneSql } from './place-zone';

/**
 * Changes to a placed order (the desk, order moves, payments, 1C's statuses): its row locked, its status moved, what
 * a move gives back or credits, the pickup code, the tracking number, notes and the try-on's returned lines.
 */
export function orderChangeWrites(db: Db): OrderChangeWrites {
  return {
    async lockForChange(id) {
      const [row] = await queryRows<{
        id: number;
        status: OrderStatus;
        delivery_type: DeliveryType;
        delivery: LockedOrder['delivery'];
        user_id: number | null;
        name: string;
        phone: string;
        email: string;
        items: number;
        discount: number;
        delivery_price: number;
        bonuses_used: number;
        bonuses_earned: number;
        total: number;
        reserved_until: string | Date | null;
        place_zone: string | null;
        payment_method: LockedOrder['paymentMethod'];
        exported_at: string | Date | null;
      }>(
        db,
        sql`select o.id, o.status, o.delivery_type, o.delivery, o.user_id, o.name, o.phone, o.email, o.items, o.discount,
          o.delivery_price, o.bonuses_used, o.bonuses_earned, o.total, o.reserved_until, o.payment_method, o.exported_at,
          ${placeZoneSql(sql`o`)} as place_zone
        from orders o where o.id = ${id} for update of o`,
      );
      if (!row) return null;
      return {
        id: Number(row.id),
        status: row.status,
        deliveryType: row.delivery_type,
        delivery: row.delivery,
        userId: row.user_id === null ? null : Number(row.user_id),
        name: row.name,
        phone: row.phone,
        email: row.email,
        items: Number(row.items),
        discount: Number(row.discount),
        deliveryPrice: Number(row.delivery_price),
        bonusesUsed: Number(row.bonuses_used),
        bonusesEarned: Number(row.bonuses_earned),
        total: Number(row.total),
        reservedUntil: row.reserved_until === null ? null : new Date(row.reserved_until),
        placeZone: row.place_zone,
        paymentMethod: row.payment_method,
        exportedAt: row.exported_at === null ? null : new Date(row.exported_at),
      };
    },

    async recordStatus(id, from, to, actor, reason = null) {
      const moved = await queryRows<{ id: number }>(
        db,
        sql`update orders set status = ${to} where id = ${id} and status = ${from} returning id`,
      );
      if (moved.length === 0) return false;
      await db.execute(sql`
        insert into order_status_history (order_id, from_status, status, actor, reason)
        values (${id}, ${from}, ${to}, ${actor}, ${reason})`);
      return true;
    },

    async takenStock(id, offerIds) {
      const only = offerIds ? sql` and offer_id in ${offerIds.length > 0 ? offerIds : [0]}` : sql``;
      const rows = await queryRows<{ offer_id: number; store_id: number; quantity: number }>(
        db,
        sql`delete from order_stock where order_id = ${id}${only} returning offer_id, store_id, quantity`,
      );
      return rows.map((r) => ({
        offerId: Number(r.offer_id),
        storeId: Number(r.store_id),
        quantity: Number(r.quantity),
      }));
    },

    async returnPromoUses(id) {
      await db.execute(sql`
        with gone as (delete from promo_code_uses where order_id = ${id} returning code)
        update promo_codes p set uses = greatest(p.uses - g.n, 0)
        from (select code, count(*)::int as n from gone group by code) g where p.code = g.code`);
    },

    async returnBonuses(userId, orderId, amount) {
      await db.execute(
        sql`update discount_cards set bonus_balance = bonus_balance + ${amount} where user_id = ${userId}`,
      );
      await db.execute(sql`
        insert into bonus_operations (user_id, order_id, kind, amount) values (${userId}, ${orderId}, 'refund', ${amount})`);
    },

    async creditBonuses(userId, orderId, amount) {
      // The unique index on (order, kind) makes the credit once per order, whoever calls twice.
      const credited = await queryRows<{ id: number }>(
        db,
        sql`insert into bonus_operations (user_id, order_id, kind, amount)
          select ${userId}, ${orderId}, 'credit', ${amount} where exists (select 1 from discount_cards where user_id = ${userId})
          on conflict (order_id, kind) where kind in ('credit', 'reverse') do nothing returning id`,
      );
      if (credited.length === 0) return;
      await db.execute(
        sql`update discount_cards set bonus_balance = bonus_balance + ${amount} where user_id = ${userId}`,
      );
      await db.execute(sql`update orders set bonuses_earned = ${amount} where id = ${orderId}`);
    },

    async reverseBonuses(userId, orderId) {
      const reversed = await queryRows<{ amount: number }>(
        db,
        sql`insert into bonus_operations (user_id, order_id, kind, amount)
          select user_id, order_id, 'reverse', -amount from bonus_operations
          where order_id = ${orderId} and kind = 'credit' and user_id = ${userId}
          on conflict (order_id, kind) where kind in ('credit', 'reverse') do nothing returning amount`,
      );
      const amount = -Number(reversed[0]?.amount ?? 0);
      if (amount === 0) return;
      await db.execute(
        sql`update discount_cards set bonus_balance = bonus_balance - ${amount} where user_id = ${userId}`,
      );
    },

    async setPickupCode(id, codeHash) {
      const taken = await queryRows<{ id: number }>(
        db,
        sql`select id from orders where pickup_code_hash = ${codeHash} and status = 'ready' and id <> ${id} limit 1`,
      );
      if (taken.length > 0) return false;
      await db.execute(sql`update orders set pickup_code_hash = ${codeHash} where id = ${id}`);
      return true;
    },

    async pickupCodeIs(id, codeHash) {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`select id from orders where id = ${id} and pickup_code_hash = ${codeHash}`,
      );
      return rows.length === 1;
    },

    async setTrackingNumber(id, trackingNumber) {
      await db.execute(sql`update orders set tracking_number = ${trackingNumber} where id = ${id}`);
    },

    async addNote(id, staffId, text) {
      await db.execute(sql`insert into order_notes (order_id, staff_id, text) values (${id}, ${staffId}, ${text})`);
    },

    async addNoteOnce(id, staffId, text) {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`insert into order_notes (order_id, staff_id, text) select ${id}, ${staffId}, ${text}
          where not exists (select 1 from order_notes where order_id = ${id} and text = ${text}) returning id`,
      );
      return rows.length > 0;
    },

    async lines(id) {
      const rows = await queryRows<{
        id: number;
        offer_id: number;
        name: string;
        price: number;
        old_price: number | null;
        quantity: number;
        total: number;
        returned: boolean;
      }>(
        db,
        sql`select id, offer_id, name, price, old_price, quantity, total, returned
          from order_lines where order_id = ${id} order by id`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        offerId: Number(r.offer_id),
        name: r.name,
        price: Number(r.price),
        oldPrice: r.old_price === null ? null : Number(r.old_price),
        quantity: Number(r.quantity),
        total: Number(r.total),
        returned: r.returned,
      }));
    },

    async returnLines(id, lineIds, sums) {
      if (lineIds.length > 0)
        await db.execute(sql`update order_lines set returned = true where order_id = ${id} and id in ${lineIds}`);
      await db.execute(sql`
        update orders set items = ${sums.items}, discount = ${sums.discount}, bonuses_used = ${sums.bonusesUsed},
          total = ${sums.total}
        where id = ${id}`);
    },
  };
}
