import { sql } from 'drizzle-orm';
import type { PickupPoint } from '../../domain/delivery/pickup';
import type { StoreKind } from '../../domain/inventory/availability';
import { bringingStores, type ShopSource, shopServes, slowestSource } from '../../domain/inventory/shop-serves';
import type { CheckoutRepository, OrderShop } from '../../domain/order/ports';
import type { DeliveryType } from '../../domain/order/process';
import type { Holiday, WeekHours } from '../../domain/stores/hours';
import { type Db, queryRows } from '../client';
import { shopSourceSql } from './availability';
import { type AddressRow, cabinetRepository, columns, toAddress } from './cabinet';

/** The checkout's reads (and the guest's address) for delivery: prices, addresses, pickup points and shops. */
export type CheckoutDelivery = Pick<
  CheckoutRepository,
  'deliveryPrices' | 'addresses' | 'addAddress' | 'pickupPoints' | 'shopsOf' | 'shop' | 'shopFor'
>;

export function checkoutDelivery(db: Db): CheckoutDelivery {
  return {
    async deliveryPrices() {
      const rows = await queryRows<{ type: DeliveryType; price: number; free_from: number | null; markup: number }>(
        db,
        sql`select type, price, free_from, markup from delivery_prices`,
      );
      return Object.fromEntries(
        rows.map((r) => [
          r.type,
          {
            price: Number(r.price),
            freeFrom: r.free_from === null ? null : Number(r.free_from),
            markup: Number(r.markup),
          },
        ]),
      );
    },
    async addresses(owner) {
      if (owner.userId !== null) return cabinetRepository(db).addresses(owner.userId);
      const rows = await queryRows<AddressRow>(
        db,
        sql`select * from addresses where session_id = ${owner.sessionId} order by id desc`,
      );
      return rows.map(toAddress);
    },

    async addAddress(owner, input, max) {
      if (owner.userId !== null) return cabinetRepository(db).addAddress(owner.userId, input, max);
      const c = columns(input);
      // One statement: the count and the insert cannot be split by a concurrent add of the same session.
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`
        insert into addresses (session_id, type, city, street, house, flat, entrance, floor, intercom, comment,
          postcode, post_address)
        select ${owner.sessionId}, ${c.type}, ${c.city}, ${c.street}, ${c.house}, ${c.flat}, ${c.entrance},
          ${c.floor}, ${c.intercom}, ${c.comment}, ${c.postcode}, ${c.postAddress}
        where (select count(*) from addresses where session_id = ${owner.sessionId}) < ${max}
        returning id`,
      );
      return row ? Number(row.id) : 'full';
    },

    async pickupPoints(cityId, carrier = 'test') {
      // The carrier's last listing of the town (a point it no longer lists is left out), or the points kept before
      // it first listed the town.
      const rows = await queryRows<PickupPoint>(
        db,
        sql`select id, city_id as "cityId", name, address, hours, lat, lon, coalesce(code, '') as code, kind, phone,
            fitting_room as "fittingRoom", try_on as "tryOn", card, cash, cash_on_receipt as "cashOnReceipt",
            weight_max as "weightMax"
          from pickup_points
          where city_id = ${cityId ?? 0} and carrier = ${carrier}
            and synced_at is not distinct from (select max(synced_at) from pickup_points
              where city_id = ${cityId ?? 0} and carrier = ${carrier})
          order by id`,
      );
      return rows.map((r) => ({
        ...r,
        id: Number(r.id),
        cityId: Number(r.cityId),
        lat: Number(r.lat),
        lon: Number(r.lon),
        weightMax: r.weightMax === null ? null : Number(r.weightMax),
      }));
    },

    async shopsOf(cityId, offerIds) {
      const shops = await queryRows<{
        id: number;
        name: string;
        address: string;
        hours: string;
        phone: string;
        metro: string | null;
        lat: string;
        lon: string;
      }>(
        db,
        sql`select id, name, address, hours, phone, metro, lat, lon from stores
          where type = 'shop' and city_id = ${cityId ?? 0} order by sort, id`,
      );
      const stock =
        offerIds.length === 0
          ? []
          : await queryRows<{ offer_id: number; store_id: number; type: StoreKind; quantity: number }>(
              db,
              sql`
              select k.offer_id, k.store_id, s.type, k.quantity from stock k join stores s on s.id = k.store_id
              where k.offer_id in ${offerIds} and k.quantity > 0`,
            );
      const restrictions =
        offerIds.length === 0
          ? []
          : await queryRows<{ offer_id: number; store_id: number }>(
              db,
              sql`select offer_id, store_id from offer_restrictions where offer_id in ${offerIds}`,
            );
      const allowedShopIds = new Map<number, number[]>();
      const allowedMovementStoreIds = new Map<number, number[]>();
      const warehouseStock = new Map<number, number>();
      for (const offerId of offerIds) {
        const own = stock
          .filter((k) => Number(k.offer_id) === offerId)
          .map((k) => ({ storeId: Number(k.store_id), storeType: k.type, quantity: Number(k.quantity) }));
        const banned = restrictions.filter((r) => Number(r.offer_id) === offerId).map((r) => Number(r.store_id));
        allowedShopIds.set(
          offerId,
          shops.map((s) => Number(s.id)).filter((id) => shopServes(id, own, banned) !== null),
        );
        allowedMovementStoreIds.set(offerId, bringingStores(own, banned));
        warehouseStock.set(
          offerId,
          own
            .filter((k) => k.storeType === 'online' && !banned.includes(k.storeId))
            .reduce((sum, k) => sum + k.quantity, 0),
        );
      }
      return {
        shops: shops.map((s) => ({ ...s, id: Number(s.id), lat: Number(s.lat), lon: Number(s.lon) })),
        allowedShopIds,
        allowedMovementStoreIds,
        warehouseStock,
      };
    },

    async shop(id) {
      const [row] = await queryRows<OrderShop>(
        db,
        sql`select id, name, address, hours, phone, metro, lat, lon from stores where id = ${id} and type = 'shop'`,
      );
      return row ? { ...row, id: Number(row.id), lat: Number(row.lat), lon: Number(row.lon) } : null;
    },

    async shopFor(shopId, lines) {
      if (lines.length === 0) return null;
      const wanted = sql.join(
        lines.map((l) => sql`(${l.offerId}::int, ${l.quantity}::int)`),
        sql`, `,
      );
      const [row] = await queryRows<{
        name: string;
        address: string;
        reservable: boolean;
        time_zone: string;
        week_hours: WeekHours | null;
        holidays: Holiday[];
        sources: (ShopSource | null)[];
      }>(
        db,
        sql`
        select s.name, s.address, s.reservable, c.time_zone, s.week_hours, s.holidays,
          array(select ${shopSourceSql(sql`l.offer_id`, sql`s.id`, sql`l.quantity`)}
            from (values ${wanted}) as l(offer_id, quantity)) as sources
        from stores s join cities c on c.id = s.city_id
        where s.id = ${shopId} and s.type = 'shop'`,
      );
      const sources = row?.sources.filter((source) => source !== null) ?? [];
      if (!row || sources.length < lines.length) return null;
      return {
        name: row.name,
        address: row.address,
        reservable: row.reservable,
        timeZone: row.time_zone,
        weekHours: row.week_hours,
        holidays: row.holidays,
        source: slowestSource(sources),
      };
    },
  };
}
