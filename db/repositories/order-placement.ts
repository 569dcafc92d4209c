import { sql } from 'drizzle-orm';
import type { OrderPlacementWrites } from '../../domain/order/ports';
import { type Db, queryRows } from '../client';
import { ownerSql } from './basket';

/** Placing an order: the phone's daily limit, the promo codes' uses, the order's rows, the bonuses and the cart it took. */
export function orderPlacementWrites(db: Db): OrderPlacementWrites {
  return {
    async lockPhoneOrdersSince(phone, since) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`order-phone:${phone}`}))`);
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from orders where phone = ${phone} and created_at >= ${since.toISOString()}::timestamptz`,
      );
      return Number(row?.n ?? 0);
    },

    async takePromo(code, customer, limits) {
      // The code's row lock queues concurrent orders, so each counts the uses the one before left.
      const [promo] = await queryRows<{ uses: number; stopped: boolean }>(
        db,
        sql`select uses, stopped_at is not null as stopped from promo_codes where code = ${code} for update`,
      );
      if (promo?.stopped) return 'stopped';
      if (!promo || (limits.maxUses !== null && Number(promo.uses) >= limits.maxUses)) return 'used';
      if (limits.perCustomer !== null) {
        const [mine] = await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from promo_code_uses where code = ${code} and customer = ${customer}`,
        );
        if (Number(mine?.n ?? 0) >= limits.perCustomer) return 'used';
      }
      await db.execute(sql`update promo_codes set uses = uses + 1 where code = ${code}`);
      return 'ok';
    },

    async insert(order, actor) {
      const lines = order.lines.map((l) => ({
        offer_id: l.offerId,
        product_id: l.productId,
        name: l.name,
        size_name: l.sizeName,
        price: l.price,
        old_price: l.oldPrice,
        quantity: l.quantity,
        total: l.total,
      }));
      const stock = order.stock.map((a) => ({ offer_id: a.offerId, store_id: a.storeId, quantity: a.quantity }));
      const spent = order.userId !== null && order.bonusesUsed > 0 ? -order.bonusesUsed : 0;
      // One statement: the order, its lines, the stock it took, its first status and the bonuses it spent. A key
      // already used inserts nothing (and waits for a save of it still running), so the transaction stays usable.
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`
        with o as (insert into orders (user_id, session_id, idempotency_key, status, delivery_type, delivery, name, last_name,
          second_name, email, phone, comment, is_disabled_call, items, discount, delivery_price, bonuses_used, total,
          reserved_until, payment_method, payment_due_at, card_number, card_percent)
        values (${order.userId}, ${order.sessionId}, ${order.idempotencyKey}, ${order.status}, ${order.deliveryType},
          ${JSON.stringify(order.delivery)}::jsonb, ${order.name}, ${order.lastName}, ${order.secondName},
          ${order.email}, ${order.phone}, ${order.comment}, ${order.isDisabledCall}, ${order.items},
          ${order.discount}, ${order.deliveryPrice}, ${order.bonusesUsed}, ${order.total},
          ${order.reservedUntil?.toISOString() ?? null}, ${order.paymentMethod},
          ${order.paymentDueAt?.toISOString() ?? null}, ${order.card?.number ?? null}, ${order.card?.percent ?? 0})
        on conflict do nothing
        returning id),
        -- The order's own stock movements (written before its row existed) get its id (migration 0029).
        linked as (update stock_movements set order_id = (select id from o)
          where exists (select 1 from o) and xact = txid_current() and order_id is null and kind in ('order', 'reservation')),
        line_rows as (insert into order_lines (order_id, offer_id, product_id, name, size_name, price, old_price, quantity, total)
          select o.id, l.offer_id, l.product_id, l.name, l.size_name, l.price, l.old_price, l.quantity, l.total
          from o, jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as l(offer_id int, product_id int, name text,
            size_name text, price int, old_price int, quantity int, total int)),
        stock_rows as (insert into order_stock (order_id, offer_id, store_id, quantity)
          select o.id, a.offer_id, a.store_id, sum(a.quantity)
          from o, jsonb_to_recordset(${JSON.stringify(stock)}::jsonb) as a(offer_id int, store_id int, quantity int)
          group by o.id, a.offer_id, a.store_id),
        history as (insert into order_status_history (order_id, status, actor) select id, ${order.status}, ${actor} from o),
        bonuses as (insert into bonus_operations (user_id, order_id, kind, amount)
          select ${order.userId}::int, id, 'spend', ${spent}::int from o where ${spent}::int < 0)
        select id from o`,
      );
      return row ? Number(row.id) : null;
    },

    async spendBonuses(userId, amount) {
      const rows = await queryRows<{ user_id: number }>(
        db,
        sql`update discount_cards set bonus_balance = bonus_balance - ${amount}
          where user_id = ${userId} and bonus_balance >= ${amount} returning user_id`,
      );
      return rows.length === 1;
    },

    async notePromoUse(code, orderId, customer) {
      await db.execute(sql`
        insert into promo_code_uses (code, order_id, customer) values (${code}, ${orderId}, ${customer})`);
    },

    async clearTaken(owner, lineIds) {
      // One statement: the ordered lines, the checkout's promo codes and its removed card go together.
      const lines = lineIds.length > 0 ? sql`l.id in ${lineIds}` : sql`false`;
      await db.execute(sql`
        with taken as (delete from basket_lines l where ${ownerSql(owner)} and ${lines}),
          promos as (delete from checkout_promo_codes where session_id = ${owner.sessionId})
        update sessions set discount_card_removed = false where id = ${owner.sessionId}`);
    },
  };
}
