import { type SQL, sql } from 'drizzle-orm';

/**
 * The CTEs `agg`, `best` and `prices` (product_id, min_price, old_price, pct): a variant's lowest price among its
 * priced offers (0 when none), the old price of that cheapest offer (the highest when several share it), and the
 * discount percent. One rule for the 1C exchange and the back office's price changes; `ids` is an `int[]` parameter.
 */
export const variantPriceCtes = (ids: SQL): SQL => sql`agg as (
      select i.id as product_id, coalesce(min(o.price) filter (where o.price > 0), 0) as min_price
      from unnest(${ids}) as i(id) left join offers o on o.product_id = i.id group by i.id),
    best as (
      select distinct on (o.product_id) o.product_id, o.old_price
      from offers o join agg a on a.product_id = o.product_id and o.price = a.min_price
      order by o.product_id, o.old_price desc nulls last),
    prices as (
      select a.product_id, a.min_price, b.old_price,
        case when b.old_price > 0 then round(100.0 * (b.old_price - a.min_price) / b.old_price)::int else 0 end as pct
      from agg a left join best b on b.product_id = a.product_id)`;
