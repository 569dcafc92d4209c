import { sql } from 'drizzle-orm';
import type { OrderBulkReads } from '../../domain/order/bulk';
import type { OrderViewReads, OrderViewWrites, StoredOrderView } from '../../domain/order/order-views';
import { type Db, queryRows } from '../client';
import { DESK_COLUMNS, type DeskRecord, deskRow } from './order-desk';

/** The desk's rows of the orders a bulk call names (issue 47.7), in the order named. */
export function orderBulkReads(db: Db): OrderBulkReads {
  return {
    async rows(ids) {
      if (ids.length === 0) return [];
      const rows = await queryRows<DeskRecord>(db, sql`select ${DESK_COLUMNS} from orders o where o.id in ${ids}`);
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      return ids.flatMap((id) => {
        const r = byId.get(id);
        return r ? [deskRow(r)] : [];
      });
    },
  };
}

interface ViewRow {
  id: number;
  staff_id: number;
  shop_id: number | null;
  name: string;
  shared: boolean;
  query: string;
  email: string | null;
}

const viewOf = (r: ViewRow): StoredOrderView => ({
  id: Number(r.id),
  staffId: Number(r.staff_id),
  shopId: r.shop_id === null ? null : Number(r.shop_id),
  name: r.name,
  shared: r.shared,
  query: r.query,
  staffEmail: r.email ?? '',
});

/** The saved views a member sees: their own first, then the team's, each by name. */
export function orderViewReads(db: Db): OrderViewReads {
  return {
    async visible({ staffId, shopId, everyShop }) {
      const rows = await queryRows<ViewRow>(
        db,
        sql`select v.id, v.staff_id, v.shop_id, v.name, v.shared, v.query, s.email
        from order_views v join staff s on s.id = v.staff_id
        where s.removed_at is null and (v.staff_id = ${staffId}
          or (v.shared and (${everyShop} or v.shop_id is null or v.shop_id = ${shopId ?? -1})))
        order by (v.staff_id = ${staffId}) desc, lower(v.name), v.id`,
      );
      return rows.map(viewOf);
    },
  };
}

export function orderViewWrites(db: Db): OrderViewWrites {
  return {
    async saveView(view) {
      const [old] = await queryRows<{ id: number; query: string; shared: boolean }>(
        db,
        sql`select id, query, shared from order_views
        where staff_id = ${view.staffId} and lower(name) = lower(${view.name}) for update`,
      );
      if (old) {
        await db.execute(sql`update order_views set name = ${view.name}, shared = ${view.shared}, query = ${view.query},
          shop_id = ${view.shopId} where id = ${old.id}`);
        return { id: Number(old.id), before: { query: old.query, shared: old.shared } };
      }
      const [made] = await queryRows<{ id: number }>(
        db,
        sql`insert into order_views (staff_id, shop_id, name, shared, query)
        values (${view.staffId}, ${view.shopId}, ${view.name}, ${view.shared}, ${view.query})
        on conflict (staff_id, lower(name)) do update set shared = excluded.shared, query = excluded.query
        returning id`,
      );
      return { id: Number(made?.id), before: null };
    },
    async lockView(id) {
      const [row] = await queryRows<ViewRow>(
        db,
        sql`select v.id, v.staff_id, v.shop_id, v.name, v.shared, v.query, s.email
        from order_views v left join staff s on s.id = v.staff_id where v.id = ${id} for update of v`,
      );
      return row ? viewOf(row) : null;
    },
    async deleteView(id) {
      await db.execute(sql`delete from order_views where id = ${id}`);
    },
    async countViews(staffId) {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from order_views where staff_id = ${staffId}`,
      );
      return Number(row?.n ?? 0);
    },
  };
}
