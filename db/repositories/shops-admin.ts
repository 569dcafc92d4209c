import { type SQL, sql } from 'drizzle-orm';
import type { AdminShop, AdminShopRow, ShopsAdminReads, ShopsAdminWrites } from '../../domain/stores/shops-admin';
import type { Holiday, WeekHours } from '../../domain/stores/hours';
import { type Db, queryRows } from '../client';

interface Row {
  id: number;
  code: string;
  city_name: string;
  name: string;
  type: string;
  address: string;
  reservable: boolean;
  phone: string;
  metro: string | null;
  hours: string;
  week_hours: WeekHours | null;
  holidays: Holiday[];
  services: string[];
  photos: string[];
}

const listRow = (r: Row): AdminShopRow => ({
  id: Number(r.id),
  code: r.code,
  cityName: r.city_name,
  name: r.name,
  type: r.type,
  address: r.address,
  reservable: r.reservable,
});

const cardOf = (r: Row): AdminShop => ({
  ...listRow(r),
  phone: r.phone,
  metro: r.metro,
  hours: r.hours,
  weekHours: r.week_hours,
  holidays: r.holidays ?? [],
  services: r.services ?? [],
  photos: r.photos ?? [],
  url: r.type === 'shop' ? `/stores/${r.code}/` : null,
});

const select = (where: SQL, lock = false) => sql`
  select s.id, s.code, c.name as city_name, s.name, s.type, s.address, s.reservable, s.phone, s.metro, s.hours,
    s.week_hours, s.holidays, s.services, s.photos
  from stores s join cities c on c.id = s.city_id
  where ${where}
  order by c.sort, s.sort, s.id ${lock ? sql`for update of s` : sql``}`;

/** The back office's reads of the stores table. */
export function shopsAdminRepository(db: Db): ShopsAdminReads {
  return {
    async list() {
      return (await queryRows<Row>(db, select(sql`true`))).map(listRow);
    },
    async card(id) {
      const [row] = await queryRows<Row>(db, select(sql`s.id = ${id}`));
      return row ? cardOf(row) : null;
    },
  };
}

export function shopsAdminWrites(db: Db): ShopsAdminWrites {
  return {
    async lock(id) {
      const [row] = await queryRows<Row>(db, select(sql`s.id = ${id}`, true));
      return row ? cardOf(row) : null;
    },
    async update(id, f) {
      await db.execute(sql`
        update stores set name = ${f.name}, address = ${f.address}, phone = ${f.phone}, metro = ${f.metro},
          hours = ${f.hours}, week_hours = ${f.weekHours === null ? null : JSON.stringify(f.weekHours)}::jsonb,
          holidays = ${JSON.stringify(f.holidays)}::jsonb,
          services = ${sql`array[${sql.join(
            f.services.map((s) => sql`${s}`),
            sql`, `,
          )}]::text[]`},
          reservable = ${f.reservable}
        where id = ${id}`);
    },
  };
}
