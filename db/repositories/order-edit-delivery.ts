import { sql } from 'drizzle-orm';
import { DEFAULT_PARCEL } from '../../domain/delivery/parcel';
import type { PickupPoint } from '../../domain/delivery/pickup';
import type { DeliveryEditReads, DeliveryEditWrites, KeptDelivery } from '../../domain/order/order-edit-delivery';
import type { DeliveryType } from '../../domain/order/process';
import { type Db, queryRows } from '../client';
import { checkoutDelivery } from './checkout-delivery';
import { offerParcels } from './parcels';

/** A placed order's delivery changed from the desk (issue 47.6), in the order's transaction. */
export function orderDeliveryEditWrites(db: Db): DeliveryEditWrites {
  const checkout = checkoutDelivery(db);
  return {
    async orderCard(orderId, userId) {
      const [row] = await queryRows<{ number: string | null; percent: number | null }>(
        db,
        sql`select card_number as number, card_percent as percent from orders where id = ${orderId}`,
      );
      if (row && row.percent !== null)
        return row.number !== null && Number(row.percent) > 0
          ? { number: row.number, percent: Number(row.percent) }
          : null;
      // An order placed before its card was kept: the shopper's own card, as the change read it before.
      if (userId === null) return null;
      const [own] = await queryRows<{ number: string; percent: number }>(
        db,
        sql`select number, percent from discount_cards where user_id = ${userId} and active`,
      );
      return own ? { number: own.number, percent: Number(own.percent) } : null;
    },

    deliveryPrices: () => checkout.deliveryPrices(),

    async shopFor(shopId, lines) {
      const shop = await checkout.shopFor(shopId, lines);
      return shop && { ...shop };
    },

    async point(pointId) {
      // Listed: in the carrier's last listing of the town, as checkout and the card's choices read it.
      const [row] = await queryRows<PickupPoint & { carrier: string; listed: boolean }>(
        db,
        sql`select id, city_id as "cityId", name, address, hours, lat, lon, coalesce(code, '') as code, kind, phone,
            fitting_room as "fittingRoom", try_on as "tryOn", card, cash, cash_on_receipt as "cashOnReceipt",
            weight_max as "weightMax", carrier,
            synced_at is not distinct from (select max(x.synced_at) from pickup_points x
              where x.city_id = q.city_id and x.carrier = q.carrier) as listed
          from pickup_points q where id = ${pointId}`,
      );
      if (!row) return null;
      return {
        ...row,
        id: Number(row.id),
        cityId: Number(row.cityId),
        lat: Number(row.lat),
        lon: Number(row.lon),
        weightMax: row.weightMax === null ? null : Number(row.weightMax),
      };
    },

    parcels: offerParcels(db),

    async writeDelivery(orderId, delivery, deliveryPrice, reservedUntil) {
      await db.execute(sql`
        update orders set delivery = ${JSON.stringify(delivery)}::jsonb, delivery_price = ${deliveryPrice},
          ${reservedUntil !== undefined ? sql`reserved_until = ${reservedUntil?.toISOString() ?? null},` : sql``}
          export_again = exported_at is not null
        where id = ${orderId}`);
    },
  };
}

/** The card's choices of another shop or point. */
export function orderDeliveryEditReads(db: Db): DeliveryEditReads {
  const parcels = offerParcels(db);
  return {
    async shops() {
      const rows = await queryRows<{ id: number; name: string; address: string }>(
        db,
        sql`select id, name, address from stores where type = 'shop' order by name, id`,
      );
      return rows.map((r) => ({ id: Number(r.id), name: r.name, address: r.address }));
    },
    async points(pointId) {
      // The carrier's last listing of the point's town, as checkout offers it.
      const rows = await queryRows<{ id: number; name: string; address: string; kind: 'point' | 'locker' }>(
        db,
        sql`with p as (select city_id, carrier from pickup_points where id = ${pointId})
          select q.id, q.name, q.address, q.kind from pickup_points q, p
          where q.city_id = p.city_id and q.carrier = p.carrier
            and (q.id = ${pointId} or q.synced_at is not distinct from (select max(synced_at) from pickup_points x
              where x.city_id = p.city_id and x.carrier = p.carrier))
          order by q.name, q.id`,
      );
      return rows.map((r) => ({ id: Number(r.id), name: r.name, address: r.address, kind: r.kind }));
    },
    async parcelOfOrder(orderId) {
      const [order] = await queryRows<{ delivery_type: DeliveryType; delivery: KeptDelivery }>(
        db,
        sql`select delivery_type, delivery from orders where id = ${orderId}`,
      );
      if (!order) return null;
      const lines = await queryRows<{ offer_id: number; quantity: number }>(
        db,
        sql`select offer_id, quantity from order_lines where order_id = ${orderId} and not returned`,
      );
      const facts = await parcels(lines.map((l) => Number(l.offer_id)));
      return {
        deliveryType: order.delivery_type,
        delivery: order.delivery,
        lines: lines.map((l) => ({
          quantity: Number(l.quantity),
          facts: facts.get(Number(l.offer_id)) ?? DEFAULT_PARCEL,
        })),
      };
    },
  };
}
