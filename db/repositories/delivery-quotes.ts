import { sql } from 'drizzle-orm';
import type { CarrierKind, CarrierQuote } from '../../domain/delivery/carrier';
import type { LastQuotesRepository } from '../../domain/delivery/quotes';
import { type Db, queryRows } from '../client';

/** The carriers' last good prices per town and weight band (`delivery_quotes`). */
export function deliveryQuotesRepository(db: Db): LastQuotesRepository {
  return {
    async last(carrier, town, band) {
      const rows = await queryRows<{ kind: CarrierKind; price: number; days_min: number; days_max: number }>(
        db,
        sql`select kind, price, days_min, days_max from delivery_quotes
          where carrier = ${carrier} and town = ${town} and band = ${band} order by kind`,
      );
      return rows.map((r) => ({
        kind: r.kind,
        price: Number(r.price),
        daysMin: Number(r.days_min),
        daysMax: Number(r.days_max),
      }));
    },
    async keep(carrier, town, band, quotes: CarrierQuote[]) {
      await db.execute(sql`
        insert into delivery_quotes (carrier, town, band, kind, price, days_min, days_max, at)
        values ${sql.join(
          quotes.map(
            (q) => sql`(${carrier}, ${town}, ${band}, ${q.kind}, ${q.price}, ${q.daysMin}, ${q.daysMax}, now())`,
          ),
          sql`, `,
        )}
        on conflict (carrier, town, band, kind) do update set price = excluded.price,
          days_min = excluded.days_min, days_max = excluded.days_max, at = excluded.at`);
    },
  };
}
