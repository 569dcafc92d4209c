import { sql } from 'drizzle-orm';
import type { OrderReads, StoredOrder } from '../../domain/order/orders.service';
import type { DeliveryType, OrderStatus } from '../../domain/order/process';
import { type Db, queryRows } from '../client';
import { placeZoneSql } from './place-zone';

interface OrderRow {
  id: number;
  user_id: number | null;
  session_id: string;
  status: OrderStatus;
  delivery_type: DeliveryType;
  delivery: StoredOrder['delivery'];
  name: string;
  last_name: string;
  phone: string;
  email: string;
  comment: string;
  items: number;
  discount: number;
  delivery_price: number;
  bonuses_used: number;
  total: number;
  reserved_until: string | Date | null;
  payment_method: StoredOrder['paymentMethod'];
  payment_due_at: string | Date | null;
  created_at: string | Date;
  place_zone: string | null;
}

interface LineRow {
  order_id: number;
  product_id: number;
  name: string;
  size_name: string;
  quantity: number;
  price: number;
  total: number;
  image: string | null;
  url: string | null;
}

export function orderReads(db: Db): OrderReads {
  /** The orders with their lines; the product's photo and page when the product is still in the catalogue. */
  async function withLines(rows: OrderRow[]): Promise<StoredOrder[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => Number(r.id));
    const lines = await queryRows<LineRow>(
      db,
      sql`
      select l.order_id, l.product_id, l.name, l.size_name, l.quantity, l.price, l.total, p.url,
        (select i.file from product_images i where i.product_id = l.product_id order by i.sort limit 1) as image
      from order_lines l left join products p on p.id = l.product_id
      where l.order_id in ${ids} order by l.id`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      userId: r.user_id === null ? null : Number(r.user_id),
      sessionId: r.session_id,
      createdAt: new Date(r.created_at).toISOString(),
      reservedUntil: r.reserved_until === null ? null : new Date(r.reserved_until).toISOString(),
      placeZone: r.place_zone,
      status: r.status,
      paymentMethod: r.payment_method,
      paymentDueAt: r.payment_due_at === null ? null : new Date(r.payment_due_at).toISOString(),
      deliveryType: r.delivery_type,
      delivery: r.delivery,
      name: r.name,
      lastName: r.last_name,
      phone: r.phone,
      email: r.email,
      comment: r.comment,
      items: Number(r.items),
      discount: Number(r.discount),
      deliveryPrice: Number(r.delivery_price),
      bonusesUsed: Number(r.bonuses_used),
      total: Number(r.total),
      lines: lines
        .filter((l) => Number(l.order_id) === Number(r.id))
        .map((l) => ({
          productId: Number(l.product_id),
          name: l.name,
          sizeName: l.size_name,
          quantity: Number(l.quantity),
          unitPrice: Number(l.price),
          total: Number(l.total),
          image: l.image,
          url: l.url,
        })),
    }));
  }

  return {
    async order(id) {
      const [order] = await withLines(
        await queryRows<OrderRow>(
          db,
          sql`select o.*, ${placeZoneSql(sql`o`)} as place_zone from orders o where o.id = ${id}`,
        ),
      );
      return order ?? null;
    },

    async ofUser(userId) {
      return withLines(
        await queryRows<OrderRow>(
          db,
          sql`select o.*, ${placeZoneSql(sql`o`)} as place_zone from orders o where o.user_id = ${userId}
            order by o.created_at desc, o.id desc limit 100`,
        ),
      );
    },

    async expiredReservations(now, limit, states) {
      if (states.length === 0) return [];
      const rows = await queryRows<{ id: number }>(
        db,
        sql`
        select id from orders
        where reserved_until is not null and reserved_until <= ${now.toISOString()} and status in ${states}
        order by reserved_until, id limit ${limit}`,
      );
      return rows.map((r) => Number(r.id));
    },
  };
}
