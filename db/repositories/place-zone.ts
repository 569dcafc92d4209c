import { type SQL, sql } from 'drizzle-orm';

/**
 * The time zone of the shop a shop order waits at (its city's), or null for an order of no shop: what its «хранится
 * до» is read on. `order` is the alias of `orders`.
 */
export const placeZoneSql = (order: SQL): SQL => sql`(select c.time_zone from stores st
  join cities c on c.id = st.city_id where st.id = nullif(${order}.delivery->>'shopId', '')::int)`;
