import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

export interface OfferFacts {
  id: number;
  price: number;
  online: number;
  shop: number;
  restricted: boolean;
}

/**
 * Every active offer with its stock worked out straight in SQL (independently of the domain code):
 * `online` counts units in online and movement stores the offer is not restricted from.
 */
export async function offerFacts(db: Db): Promise<OfferFacts[]> {
  const rows = await queryRows<{ id: number; price: string; online: string; shop: string; restricted: boolean }>(
    db,
    sql`
    select o.id, o.price,
      coalesce(sum(s.quantity) filter (where st.type in ('online', 'movement')
        and not exists (select 1 from offer_restrictions r where r.offer_id = o.id and r.store_id = s.store_id)), 0) as online,
      coalesce(sum(s.quantity) filter (where st.type = 'shop'), 0) as shop,
      exists (select 1 from offer_restrictions r where r.offer_id = o.id) as restricted
    from offers o
      join products p on p.id = o.product_id and p.active
      left join stock s on s.offer_id = o.id and s.quantity > 0
      left join stores st on st.id = s.store_id
    group by o.id order by o.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    price: Number(r.price),
    online: Number(r.online),
    shop: Number(r.shop),
    restricted: Boolean(r.restricted),
  }));
}

/** Sets the offer's stock to `quantity` units in the online warehouse and nothing anywhere else. */
export async function setOnlineStock(db: Db, offerId: number, quantity: number): Promise<void> {
  await db.execute(sql`delete from stock where offer_id = ${offerId}`);
  await db.execute(sql`delete from offer_restrictions where offer_id = ${offerId}`);
  await db.execute(sql`
    insert into stock (offer_id, store_id, quantity) select ${offerId}, id, ${quantity} from stores where type = 'online'`);
}

/**
 * On PostgreSQL, pg's Pool.end() resolves before its sockets have closed, and the test harness then drops the
 * database under them; a pool that had many connections open (the concurrency tests) reports those as an 'error'
 * event, which without a listener is an uncaught exception after the tests have passed.
 */
export function ignorePoolErrorsOnClose(db: Db): void {
  const client = (db as unknown as { $client: { on?: (event: string, listener: () => void) => void } }).$client;
  client.on?.('error', () => {});
}
