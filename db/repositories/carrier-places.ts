import { sql } from 'drizzle-orm';
import type { CarrierPoint, CarrierTown } from '../../domain/delivery/carrier';
import type { CarrierPlacesRepository } from '../../domain/delivery/places.service';
import { type Db, isUniqueViolation, queryRows, ts } from '../client';

/**
 * The sort of a city kept because a shopper chose its carrier town: after every city of the shop's list, and left
 * out of that list (regions.ts), so that the towns typed over the years do not crowd the header's city choice.
 */
export const CHOSEN_TOWN_SORT = 1_000_000;

const fullNameOf = (town: CarrierTown) => (town.region ? `${town.region}, г. ${town.name}` : `г. ${town.name}`);

export function carrierPlacesRepository(db: Db): CarrierPlacesRepository {
  async function keepTownOnce(carrier: string, town: CarrierTown, extra: { timeZone: string; phones: string[] }) {
    const phones = sql`${`{${extra.phones.map((p) => `"${p.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]`;
    // One statement: the town's own row, else the seed's city of that name taken over, else a new city.
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`
      with found as (
        select id from cities where carrier = ${carrier} and carrier_town = ${town.code}
      ), adopted as (
        update cities set carrier = ${carrier}, carrier_town = ${town.code}, region = ${town.region},
          lat = ${town.lat}, lon = ${town.lon}, postcode = ${town.postcode}
        where id = (select id from cities where name = ${town.name} and carrier_town is null
            and (region = '' or region = ${town.region}) order by sort, id limit 1)
          and not exists (select 1 from found)
        returning id
      ), inserted as (
        insert into cities (code, name, full_name, location_id, phones, time_zone, sort, carrier, carrier_town, region,
          lat, lon, postcode)
        select ${`${carrier}-${town.code}`}, ${town.name}, ${fullNameOf(town)}, '', ${phones}, ${extra.timeZone},
          ${CHOSEN_TOWN_SORT}, ${carrier}, ${town.code}, ${town.region}, ${town.lat}, ${town.lon}, ${town.postcode}
        where not exists (select 1 from found) and not exists (select 1 from adopted)
        returning id
      )
      select id from found union all select id from adopted union all select id from inserted`,
    );
    return Number(row?.id);
  }

  return {
    async keepTown(carrier, town, extra) {
      try {
        return await keepTownOnce(carrier, town, extra);
      } catch (error) {
        // The same town kept by another request at once: its row is there now.
        if (!isUniqueViolation(error)) throw error;
        return keepTownOnce(carrier, town, extra);
      }
    },

    async townOfCity(cityId, carrier) {
      const [row] = await queryRows<{
        code: string;
        name: string;
        region: string;
        lat: number | null;
        lon: number | null;
        postcode: string | null;
      }>(
        db,
        sql`select carrier_town as code, name, region, lat, lon, postcode from cities
          where id = ${cityId} and carrier = ${carrier} and carrier_town is not null`,
      );
      if (!row) return null;
      return {
        ...row,
        lat: row.lat === null ? null : Number(row.lat),
        lon: row.lon === null ? null : Number(row.lon),
      };
    },

    async pointsSyncedAt(cityId, carrier) {
      const [row] = await queryRows<{ at: string | Date | null }>(
        db,
        sql`select max(synced_at) as at from pickup_points where city_id = ${cityId} and carrier = ${carrier}`,
      );
      return row?.at ? new Date(row.at) : null;
    },

    async keepPoints(cityId, carrier, points, at) {
      if (points.length === 0) return;
      const rows = (list: CarrierPoint[]) =>
        sql.join(
          list.map(
            (p) =>
              sql`(${cityId}::int, ${carrier}, ${p.code}, ${p.kind}, ${p.name}, ${p.address}, ${p.lat}::float8,
                ${p.lon}::float8, ${p.hours}, ${p.phone}, ${p.fittingRoom}::boolean, ${p.tryOn}::boolean,
                ${p.card}::boolean, ${p.cash}::boolean, ${p.cashOnReceipt}::boolean, ${p.weightMax}::int, ${ts(at)})`,
          ),
          sql`, `,
        );
      await db.transaction(async (tx) => {
        // A point kept before the carrier came (the seed's) at a point's address is that point: it keeps its id,
        // which orders refer to.
        await tx.execute(sql`
          update pickup_points p set code = v.code
          from (values ${sql.join(
            points.map((p) => sql`(${p.code}, ${p.address})`),
            sql`, `,
          )}) as v(code, address)
          where p.city_id = ${cityId} and p.carrier = ${carrier} and p.code is null and p.address = v.address
            and not exists (select 1 from pickup_points q where q.carrier = ${carrier} and q.code = v.code)`);
        for (let i = 0; i < points.length; i += 500)
          await tx.execute(sql`
          insert into pickup_points (city_id, carrier, code, kind, name, address, lat, lon, hours, phone, fitting_room,
            try_on, card, cash, cash_on_receipt, weight_max, synced_at)
          values ${rows(points.slice(i, i + 500))}
          on conflict (carrier, code) do update set city_id = excluded.city_id, kind = excluded.kind,
            name = excluded.name, address = excluded.address, lat = excluded.lat, lon = excluded.lon,
            hours = excluded.hours, phone = excluded.phone, fitting_room = excluded.fitting_room,
            try_on = excluded.try_on, card = excluded.card, cash = excluded.cash,
            cash_on_receipt = excluded.cash_on_receipt, weight_max = excluded.weight_max,
            synced_at = excluded.synced_at`);
      });
    },
  };
}
