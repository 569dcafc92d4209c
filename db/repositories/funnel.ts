import { type SQL, sql } from 'drizzle-orm';
import { NOT_CONVERTED, STEP_GOALS, type StepCountRow } from '../../domain/events/funnel';
import type { FunnelGrouping, FunnelRepository } from '../../domain/events/funnel.service';
import { type Db, queryRows, ts } from '../client';

/**
 * An id in an event's free-form params (`{"productId":12}` or `{"offerId":"34"}`): read by pattern, not as JSON,
 * because the params are whatever a browser sent.
 */
const paramId = (name: string) => sql`(substring(e.params from ${`"${name}"\\s*:\\s*"?(\\d{1,9})`}))::int`;

/** The funnel's reads: goal events and orders (conversions only: `NOT_CONVERTED` left out) over a period, grouped by day, section or product. */
export function funnelRepository(db: Db): FunnelRepository {
  return {
    async counts(from, to, timeZone, by) {
      const day = (at: SQL) => sql`to_char(${at} at time zone ${timeZone}, 'YYYY-MM-DD')`;
      // Each step as (when, product, the thing counted): events count once each, orders once per key.
      const steps = sql`
        select e.created_at as at, 'views' as step, ${paramId('productId')} as product_id, 'e' || e.id as item
          from events e where e.event1 = 'goal' and e.event2 = ${STEP_GOALS.views}
            and e.created_at >= ${ts(from)} and e.created_at < ${ts(to)}
        union all
        select e.created_at, case e.event2 when ${STEP_GOALS.baskets} then 'baskets' else 'checkouts' end,
            o.product_id, 'e' || e.id
          from events e left join offers o on o.id = ${paramId('offerId')}
          where e.event1 = 'goal' and e.event2 in (${STEP_GOALS.baskets}, ${STEP_GOALS.checkouts})
            and e.created_at >= ${ts(from)} and e.created_at < ${ts(to)}
        union all
        select o.created_at, 'orders', l.product_id, 'o' || o.id
          from orders o left join order_lines l on l.order_id = o.id
          where o.created_at >= ${ts(from)} and o.created_at < ${ts(to)} and o.status not in ${NOT_CONVERTED}`;
      const grouped: Record<FunnelGrouping, SQL> = {
        day: sql`select ${day(sql`s.at`)} as key, ${day(sql`s.at`)} as title, s.step, count(distinct s.item)::int as n
          from steps s group by 1, 2, 3`,
        section: sql`select p.section_id::text as key, coalesce(c.name, '—') as title, s.step,
            count(distinct s.item)::int as n
          from steps s join products p on p.id = s.product_id left join sections c on c.id = p.section_id
          group by 1, 2, 3`,
        product: sql`select p.id::text as key, p.name || ' (' || p.code || ')' as title, s.step,
            count(distinct s.item)::int as n
          from steps s join products p on p.id = s.product_id group by 1, 2, 3`,
      };
      const rows = await queryRows<StepCountRow>(db, sql`with steps as (${steps}) ${grouped[by]}`);
      return rows.map((r) => ({ ...r, n: Number(r.n) }));
    },
  };
}
