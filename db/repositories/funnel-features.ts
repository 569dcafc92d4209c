import { type SQL, sql } from 'drizzle-orm';
import { NOT_CONVERTED } from '../../domain/events/funnel';
import type { AlertCounts, RecommendationCount, ReviewCounts } from '../../domain/events/funnel-features';
import type { FunnelFeaturesRepository } from '../../domain/events/funnel-features.service';
import { type Db, queryRows, ts } from '../client';

/**
 * An id in an event's free-form params (`{"offerId":12}` or `{"productId":"34"}`), read by pattern as the funnel reads
 * them: the params are whatever a browser sent.
 */
const paramId = (name: string) => sql`(substring(e.params from ${`"${name}"\\s*:\\s*"?(\\d{1,9})`}))::int`;
/** The recommendation row named in the params (`{"row":"similar"}`); the page keeps only the rows it knows. */
const paramRow = sql`substring(e.params from ${'"row"\\s*:\\s*"([a-z_]{1,32})"'})`;

/**
 * Events of one kind in the period: the range on `created_at` first, the only index `events` has, then the names.
 * (when, session, the event's second name, params as `e`).
 */
const eventsOf = (event1: string, event2: readonly string[], from: Date, to: Date) => sql`
  events e where e.created_at >= ${ts(from)} and e.created_at < ${ts(to)}
    and e.event1 = ${event1} and e.event2 in (${sql.join(
      event2.map((n) => sql`${n}`),
      sql`, `,
    )})
    and e.session_id is not null`;

/**
 * The orders of the session of `x` (a `session_id`, `created_at`) placed within `windowDays` after it: through the
 * orders' (session, key) index, each order looked at only for its session. Conversions only: cancelled orders and those
 * still awaiting their online payment (`NOT_CONVERTED`) are left out.
 */
const ordersAfter = (windowDays: number) => sql`
  orders o on o.session_id = x.session_id and o.created_at >= x.created_at
    and o.created_at < x.created_at + make_interval(days => ${windowDays}::int)
    and o.status not in ${NOT_CONVERTED}`;

/** The goods of the orders in `hits` (an `order_id` each, each order once), kopecks: lines given back left out. */
const goodsOf = (hits: SQL) => sql`(select coalesce(sum(l.total), 0) from order_lines l
  where l.order_id = ${hits}.order_id and not l.returned)`;

/** Ids as one array parameter, however many. */
const intArray = (values: Iterable<number>): SQL => sql`${`{${[...new Set(values)].join(',')}}`}::int[]`;

const n = (v: unknown) => Number(v ?? 0);

/** The reads of the «Воронка» page's sections of issue 44 (issue 44.5). */
export function funnelFeaturesRepository(db: Db): FunnelFeaturesRepository {
  return {
    async alerts(from, to, windowDays) {
      const inPeriod = (column: SQL) => sql`${column} >= ${ts(from)} and ${column} < ${ts(to)}`;
      const [row] = await queryRows<Record<keyof AlertCounts, unknown>>(
        db,
        sql`with subscriptions as (
            select count(*) filter (where ${inPeriod(sql`a.created_at`)}) as made,
              count(*) filter (where ${inPeriod(sql`a.confirmed_at`)}) as confirmed,
              count(*) filter (where ${inPeriod(sql`a.sent_at`)}) as sent
            from stock_alerts a
            where a.created_at >= ${ts(from)} or a.confirmed_at >= ${ts(from)} or a.sent_at >= ${ts(from)}
          ),
          opens as (
            select e.session_id, e.created_at, ${paramId('offerId')} as offer_id
            from ${eventsOf('stock_alert', ['open'], from, to)}
          ),
          hits as (
            select distinct o.id as order_id from opens x join ${ordersAfter(windowDays)}
            where exists (select 1 from order_lines l where l.order_id = o.id and l.offer_id = x.offer_id)
          )
          select s.made, s.confirmed, s.sent,
            (select count(*) from opens) as opens,
            (select count(*) from hits) as orders,
            (select coalesce(sum(${goodsOf(sql`h`)}), 0) from hits h) as amount
          from subscriptions s`,
      );
      return {
        made: n(row?.made),
        confirmed: n(row?.confirmed),
        sent: n(row?.sent),
        opens: n(row?.opens),
        orders: n(row?.orders),
        amount: n(row?.amount),
      };
    },

    async reviews(from, to) {
      const [row] = await queryRows<Record<keyof ReviewCounts, unknown>>(
        db,
        // The states listed, so that the (state, created_at) index serves the range.
        sql`select count(*) as written,
            count(*) filter (where r.state = 'published') as published,
            count(*) filter (where r.state = 'hidden') as hidden,
            coalesce(sum(r.rating) filter (where r.state = 'published'), 0) as "publishedRatingSum",
            count(*) filter (where cardinality(r.photos) > 0) as "withPhotos"
          from reviews r
          where r.state in ('pending', 'published', 'hidden')
            and r.created_at >= ${ts(from)} and r.created_at < ${ts(to)}`,
      );
      return {
        written: n(row?.written),
        published: n(row?.published),
        hidden: n(row?.hidden),
        publishedRatingSum: n(row?.publishedRatingSum),
        withPhotos: n(row?.withPhotos),
      };
    },

    async recommendations(from, to, windowDays) {
      const rows = await queryRows<Record<keyof RecommendationCount, unknown>>(
        db,
        sql`with seen as (
            select e.session_id, e.created_at, e.event2, ${paramRow} as row, ${paramId('productId')} as product_id
            from ${eventsOf('recommendation', ['show', 'click'], from, to)}
          ),
          counted as (
            select row, count(*) filter (where event2 = 'show') as shows,
              count(*) filter (where event2 = 'click') as clicks
            from seen where row is not null group by row
          ),
          hits as (
            select distinct x.row, o.id as order_id from seen x join ${ordersAfter(windowDays)}
            where x.event2 = 'click' and x.row is not null
              and exists (select 1 from order_lines l where l.order_id = o.id and l.product_id = x.product_id)
          ),
          sold as (
            select h.row, count(*) as orders, coalesce(sum(${goodsOf(sql`h`)}), 0) as amount
            from hits h group by h.row
          )
          select c.row, c.shows, c.clicks, coalesce(s.orders, 0) as orders, coalesce(s.amount, 0) as amount
          from counted c left join sold s on s.row = c.row`,
      );
      return rows.map((r) => ({
        row: String(r.row),
        shows: n(r.shows),
        clicks: n(r.clicks),
        orders: n(r.orders),
        amount: n(r.amount),
      }));
    },

    async ratings(productIds) {
      if (productIds.length === 0) return [];
      const rows = await queryRows<{ productId: number; count: number; sum: number }>(
        db,
        sql`select p.id as "productId", p.rating_count as count, p.rating_sum as sum
          from products p where p.id = any(${intArray(productIds)}) and p.rating_count > 0`,
      );
      return rows.map((r) => ({ productId: n(r.productId), count: n(r.count), sum: n(r.sum) }));
    },
  };
}
