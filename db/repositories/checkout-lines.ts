import { sql } from 'drizzle-orm';
import type { BasketOwner } from '../../domain/basket/ports';
import type { CheckoutRepository, OrderLineFacts, OrderSize } from '../../domain/order/ports';
import { type Db, queryRows } from '../client';
import { orderableOnlineSql } from './availability';
import { ownerSql } from './basket';

/** The checkout's reads of the cart: its lines at the offers' prices, and which sizes can be bought online now. */
export type CheckoutLines = Pick<CheckoutRepository, 'orderLines' | 'soldOutLines' | 'offerLine' | 'sizesOf'>;

interface LineRow {
  id: number;
  offer_id: number;
  product_id: number;
  name: string;
  size_name: string;
  price: number;
  old_price: number | null;
  quantity: number;
  section_path: number[];
  brand_id: number;
}

const toLine = (r: LineRow): OrderLineFacts => ({
  lineId: Number(r.id),
  offerId: Number(r.offer_id),
  productId: Number(r.product_id),
  name: r.name,
  sizeName: r.size_name,
  price: Number(r.price),
  oldPrice: r.old_price !== null && Number(r.old_price) > Number(r.price) ? Number(r.old_price) : null,
  quantity: Number(r.quantity),
  sectionPath: r.section_path.map(Number),
  brandId: Number(r.brand_id),
});

export function checkoutLines(db: Db): CheckoutLines {
  /** The cart's lines of products on sale that can (or cannot) be bought online now. */
  async function cartLines(owner: BasketOwner, orderable: boolean): Promise<OrderLineFacts[]> {
    const rows = await queryRows<LineRow>(
      db,
      sql`
      select l.id, l.offer_id, p.id as product_id, p.name, o.size_name, o.price, o.old_price, l.quantity,
        p.section_path, p.brand_id
      from basket_lines l join offers o on o.id = l.offer_id join products p on p.id = o.product_id and p.active
      where ${ownerSql(owner)} and not l.delay and ${orderableOnlineSql(sql`o.id`)} = ${orderable}
      order by l.offer_id`,
    );
    return rows.map(toLine);
  }

  return {
    orderLines: (owner) => cartLines(owner, true),

    soldOutLines: (owner) => cartLines(owner, false),

    async offerLine(offerId) {
      const [row] = await queryRows<LineRow>(
        db,
        sql`
        select 0 as id, o.id as offer_id, p.id as product_id, p.name, o.size_name, o.price, o.old_price, 1 as quantity,
          p.section_path, p.brand_id
        from offers o join products p on p.id = o.product_id and p.active
        where o.id = ${offerId}`,
      );
      return row ? toLine(row) : null;
    },

    async sizesOf(productIds) {
      if (productIds.length === 0) return new Map();
      const rows = await queryRows<{ product_id: number; offer_id: number; size_name: string; can_buy: boolean }>(
        db,
        sql`
        select o.product_id, o.id as offer_id, o.size_name, ${orderableOnlineSql(sql`o.id`)} as can_buy
        from offers o where o.product_id in ${productIds}
        order by o.product_id, o.size_sort, o.id`,
      );
      const sizes = new Map<number, OrderSize[]>();
      for (const r of rows) {
        const list = sizes.get(Number(r.product_id)) ?? [];
        list.push({ offerId: Number(r.offer_id), sizeName: r.size_name, canBuy: Boolean(r.can_buy) });
        sizes.set(Number(r.product_id), list);
      }
      return sizes;
    },
  };
}
