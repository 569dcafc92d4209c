import { type SQL, sql } from 'drizzle-orm';
import type { DashboardRepository, WaitingRow } from '../../domain/order/dashboard.service';
import type { OrderStatus } from '../../domain/order/process';
import { BEFORE_READY, NO_REVENUE, OUT_OF_HANDS, WAIT_FOR_SHOP } from '../../domain/order/queues';
import { type Db, queryRows, ts } from '../client';

/** Revenue: the totals of the orders that count as revenue (`NO_REVENUE` does not). */
const revenue = (within: SQL = sql`true`) =>
  sql`coalesce(sum(total) filter (where ${within} and status not in ${NO_REVENUE}), 0)::bigint`;

/** A delivery day as the order keeps it («DD.MM.YYYY») → «YYYY-MM-DD», which compares as text; anything else: null. */
const isoDay = (field: SQL) =>
  sql`(case when ${field} ~ ${'^\\d{2}\\.\\d{2}\\.\\d{4}$'}
    then substr(${field}, 7, 4) || '-' || substr(${field}, 4, 2) || '-' || substr(${field}, 1, 2) end)`;

/** The dashboard's reads over orders, their lines and the stock. */
export function dashboardRepository(db: Db): DashboardRepository {
  return {
    async figures(periods) {
      if (periods.length === 0) return [];
      const columns = periods.map((p, i) => {
        const within = sql`created_at >= ${ts(p.from)} and created_at < ${ts(p.to)}`;
        return sql`count(*) filter (where ${within})::int as ${sql.raw(`o${i}`)},
          ${revenue(within)} as ${sql.raw(`r${i}`)}`;
      });
      const from = new Date(Math.min(...periods.map((p) => p.from.getTime())));
      const to = new Date(Math.max(...periods.map((p) => p.to.getTime())));
      const [row = {}] = await queryRows<Record<string, number | string>>(
        db,
        sql`select ${sql.join(columns, sql`, `)} from orders where created_at >= ${ts(from)} and created_at < ${ts(to)}`,
      );
      return periods.map((_, i) => ({ orders: Number(row[`o${i}`] ?? 0), revenue: Number(row[`r${i}`] ?? 0) }));
    },

    async daily(from, timeZone) {
      const rows = await queryRows<{ date: string; orders: number; revenue: number | string }>(
        db,
        sql`select to_char(created_at at time zone ${timeZone}, 'YYYY-MM-DD') as date, count(*)::int as orders,
            ${revenue()} as revenue
          from orders where created_at >= ${ts(from)} group by 1`,
      );
      return rows.map((r) => ({ date: r.date, orders: Number(r.orders), revenue: Number(r.revenue) }));
    },

    async statusCounts(confirmBy) {
      const rows = await queryRows<{ status: OrderStatus; n: number; overdue: number }>(
        db,
        sql`select status, count(*)::int as n,
            count(*) filter (where status in ${WAIT_FOR_SHOP} and created_at <= ${ts(confirmBy)})::int as overdue
          from orders group by status`,
      );
      return {
        byStatus: Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])),
        overdueNew: rows.reduce((n, r) => n + Number(r.overdue), 0),
      };
    },

    async waiting(today, confirmBy, limit) {
      const courierDay = isoDay(sql`delivery->>'date'`);
      const readyDay = isoDay(sql`delivery->>'readyDate'`);
      const rows = await queryRows<{
        id: number;
        status: OrderStatus;
        reason: WaitingRow['reason'];
        promised: string | null;
        created_at: string | Date;
        total: number;
      }>(
        db,
        sql`
        with late as (
          select id, status, created_at,
            case
              when delivery_type = 'COURIER' and ${courierDay} < ${today} then 'delivery'
              when delivery_type = 'SHOP' and status in ${BEFORE_READY} and ${readyDay} < ${today} then 'ready'
              when status in ${WAIT_FOR_SHOP} and created_at <= ${ts(confirmBy)} then 'confirm'
            end as reason,
            case delivery_type when 'COURIER' then delivery->>'date' when 'SHOP' then delivery->>'readyDate' end
              as promised
          from orders where status not in ${OUT_OF_HANDS}
        )
        select id, status, reason, case when reason = 'confirm' then null else promised end as promised, created_at,
          count(*) over ()::int as total
        from late where reason is not null
        order by created_at, id limit ${limit}`,
      );
      return {
        total: Number(rows[0]?.total ?? 0),
        items: rows.map((r) => ({
          id: Number(r.id),
          status: r.status,
          reason: r.reason,
          promised: r.promised,
          createdAt: new Date(r.created_at),
        })),
      };
    },

    async runningOut(since, top, stock) {
      const rows = await queryRows<{
        product_id: number;
        name: string;
        color: string | null;
        url: string;
        sold: number;
        offer_id: number;
        size_name: string;
        size_sold: number;
        stock: number;
      }>(
        db,
        sql`
        with sold as (
          select l.product_id, l.offer_id, sum(l.quantity)::int as units
          from order_lines l join orders o on o.id = l.order_id
          where o.status not in ${NO_REVENUE} and not l.returned and o.created_at >= ${ts(since)}
          group by l.product_id, l.offer_id
        ), best as (
          select product_id, sum(units)::int as sold from sold group by product_id order by sold desc, product_id
          limit ${top}
        ), sizes as (
          select f.id, f.product_id, f.size_name, f.size_sort,
            coalesce((select sum(s.quantity) from stock s where s.offer_id = f.id), 0)::int as stock
          from offers f where f.product_id in (select product_id from best)
        )
        select b.product_id, p.name, c.name as color, p.url, b.sold, z.id as offer_id, z.size_name,
          coalesce(s.units, 0) as size_sold, z.stock
        from best b join products p on p.id = b.product_id join sizes z on z.product_id = b.product_id
          left join colors c on c.code = p.color_code left join sold s on s.offer_id = z.id
        where z.stock <= ${stock}
        order by b.sold desc, b.product_id, z.size_sort, z.id`,
      );
      return rows.map((r) => ({
        productId: Number(r.product_id),
        name: r.name,
        color: r.color,
        url: r.url,
        sold: Number(r.sold),
        offerId: Number(r.offer_id),
        sizeName: r.size_name,
        sizeSold: Number(r.size_sold),
        stock: Number(r.stock),
      }));
    },
  };
}
