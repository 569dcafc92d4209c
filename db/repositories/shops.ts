import { sql } from 'drizzle-orm';
import type { Holiday, WeekHours } from '../../domain/stores/hours';
import type { ShopsRepository, StoreStock } from '../../domain/stores/shops.service';
import { type Db, queryRows } from '../client';

interface ShopRow {
  id: number;
  code: string;
  name: string;
  city_id: number;
  city_code: string;
  city_name: string;
  time_zone: string;
  address: string;
  metro: string | null;
  lat: string;
  lon: string;
  hours: string;
  week_hours: WeekHours | null;
  holidays: Holiday[];
  phone: string;
  services: string[];
  photos: string[];
  reservable: boolean;
}

export function shopsRepository(db: Db): ShopsRepository {
  return {
    async shops() {
      const rows = await queryRows<ShopRow>(
        db,
        sql`
        select s.id, s.code, s.name, s.city_id, c.code as city_code, c.name as city_name, c.time_zone, s.address,
          s.metro, s.lat, s.lon, s.hours, s.week_hours, s.holidays, s.phone, s.services, s.photos, s.reservable
        from stores s join cities c on c.id = s.city_id
        where s.type = 'shop'
        order by c.sort, s.sort, s.id`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        code: r.code,
        name: r.name,
        cityId: Number(r.city_id),
        cityCode: r.city_code,
        cityName: r.city_name,
        timeZone: r.time_zone,
        address: r.address,
        metro: r.metro,
        lat: Number(r.lat),
        lon: Number(r.lon),
        hours: r.hours,
        weekHours: r.week_hours,
        holidays: r.holidays,
        phone: r.phone,
        services: r.services,
        photos: r.photos,
        reservable: r.reservable,
      }));
    },

    async offerStock(offerId) {
      const [offer] = await queryRows<{ id: number }>(db, sql`select id from offers where id = ${offerId}`);
      if (!offer) return null;
      const rows = await queryRows<{ store_id: number; kind: StoreStock['kind']; name: string; quantity: number }>(
        db,
        sql`
        select k.store_id, s.type as kind, s.name, k.quantity from stock k join stores s on s.id = k.store_id
        where k.offer_id = ${offerId}
          and not exists (select 1 from offer_restrictions r where r.offer_id = k.offer_id and r.store_id = k.store_id)
        order by s.sort, s.id`,
      );
      const restricted = await queryRows<{ store_id: number }>(
        db,
        sql`select store_id from offer_restrictions where offer_id = ${offerId}`,
      );
      return {
        stock: rows.map((r) => ({
          storeId: Number(r.store_id),
          kind: r.kind,
          name: r.name,
          quantity: Number(r.quantity),
        })),
        restrictedStoreIds: restricted.map((r) => Number(r.store_id)),
      };
    },
  };
}
