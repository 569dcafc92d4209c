import { type SQL, sql } from 'drizzle-orm';
import { ONLINE_SOURCE_KINDS } from '../../domain/inventory/availability';
import type { EditLine, EditSize, OfferFacts, OrderEditReads, OrderEditWrites } from '../../domain/order/order-edit';
import { type Db, queryRows } from '../client';
import { checkoutDiscounts } from './checkout-discounts';
import { orderDeliveryEditReads, orderDeliveryEditWrites } from './order-edit-delivery';
import { STOCK_COUNT_LOCK } from './stock';

interface LineRow {
  id: number | null;
  offer_id: number;
  product_id: number;
  name: string;
  size_name: string;
  price: number;
  old_price: number | null;
  quantity: number;
  section_path: number[] | null;
  brand_id: number | null;
}

const lineOf = (r: LineRow): EditLine => ({
  id: r.id === null ? null : Number(r.id),
  offerId: Number(r.offer_id),
  productId: Number(r.product_id),
  name: r.name,
  sizeName: r.size_name,
  price: Number(r.price),
  oldPrice: r.old_price !== null && Number(r.old_price) > Number(r.price) ? Number(r.old_price) : null,
  quantity: Number(r.quantity),
  sectionPath: (r.section_path ?? []).map(Number),
  brandId: Number(r.brand_id ?? 0),
});

/** An order changed from the desk (issue 47.6): its lines, the stock it holds and its sums, in its transaction. */
export function orderEditWrites(db: Db): OrderEditWrites {
  const discounts = checkoutDiscounts(db);
  return {
    ...orderDeliveryEditWrites(db),
    promo: (code) => discounts.promo(code),
    promoUses: (code, customer) => discounts.promoUses(code, customer),
    async lines(orderId) {
      const rows = await queryRows<LineRow>(
        db,
        sql`select l.id, l.offer_id, l.product_id, l.name, l.size_name, l.price, l.old_price, l.quantity,
            p.section_path, p.brand_id
          from order_lines l left join products p on p.id = l.product_id
          where l.order_id = ${orderId} and not l.returned order by l.id`,
      );
      return rows.map(lineOf);
    },

    async offer(offerId): Promise<OfferFacts | null> {
      const [row] = await queryRows<LineRow>(
        db,
        sql`select null::int as id, o.id as offer_id, p.id as product_id, p.name, o.size_name, o.price, o.old_price,
            1 as quantity, p.section_path, p.brand_id
          from offers o join products p on p.id = o.product_id and p.active
          where o.id = ${offerId} and o.price > 0`,
      );
      if (!row) return null;
      const { id: _id, quantity: _q, ...facts } = lineOf(row);
      return facts;
    },

    async lockStock(offerIds) {
      if (offerIds.length === 0) return;
      // The shared lock first, as every order's take and give-back holds it; then the rows, in one fixed order.
      await db.execute(sql`select pg_advisory_xact_lock_shared(${STOCK_COUNT_LOCK})`);
      await db.execute(
        sql`select 1 from stock where offer_id in ${[...offerIds]} order by offer_id, store_id for update`,
      );
    },

    async addTaken(orderId, taken) {
      for (const a of taken)
        await db.execute(sql`
          insert into order_stock (order_id, offer_id, store_id, quantity)
          values (${orderId}, ${a.offerId}, ${a.storeId}, ${a.quantity})
          on conflict (order_id, offer_id, store_id) do update set quantity = order_stock.quantity + excluded.quantity`);
    },

    async writeLines(orderId, lines) {
      const kept = lines.flatMap((l) => (l.id === null ? [] : [l.id]));
      await db.execute(sql`
        delete from order_lines where order_id = ${orderId} and not returned
          ${kept.length > 0 ? sql`and id not in ${kept}` : sql``}`);
      for (const l of lines) {
        if (l.id !== null)
          await db.execute(sql`
            update order_lines set offer_id = ${l.offerId}, product_id = ${l.productId}, name = ${l.name},
              size_name = ${l.sizeName}, price = ${l.price}, old_price = ${l.oldPrice}, quantity = ${l.quantity},
              total = ${l.total}
            where id = ${l.id} and order_id = ${orderId}`);
        else
          await db.execute(sql`
            insert into order_lines (order_id, offer_id, product_id, name, size_name, price, old_price, quantity, total)
            values (${orderId}, ${l.offerId}, ${l.productId}, ${l.name}, ${l.sizeName}, ${l.price}, ${l.oldPrice},
              ${l.quantity}, ${l.total})`);
      }
    },

    async writeSums(orderId, sums) {
      // 1C takes the order again with its new lines and sums (the export's query hands over what it should again).
      await db.execute(sql`
        update orders set items = ${sums.items}, discount = ${sums.discount}, bonuses_used = ${sums.bonusesUsed},
          total = ${sums.total}, delivery_price = coalesce(${sums.deliveryPrice ?? null}::int, delivery_price), export_again = exported_at is not null
        where id = ${orderId}`);
    },

    async setDelivery(orderId, patch) {
      const drop = patch.address !== undefined ? sql` - 'addressId'` : sql``;
      await db.execute(sql`
        update orders set delivery = (delivery${drop}) || ${JSON.stringify(patch)}::jsonb,
          export_again = exported_at is not null
        where id = ${orderId}`);
    },

    async dropPromo(orderId, code) {
      await db.execute(sql`
        with gone as (delete from promo_code_uses where order_id = ${orderId} and code = ${code} returning code)
        update promo_codes p set uses = greatest(p.uses - (select count(*) from gone)::int, 0)
        where p.code = ${code} and exists (select 1 from gone)`);
    },

    async promos(orderId) {
      const rows = await queryRows<{
        code: string;
        percent: number | null;
        amount: number | null;
        min_basket: number;
        section_ids: number[] | null;
        brand_ids: number[] | null;
      }>(
        db,
        sql`select p.code, p.percent, p.amount, p.min_basket, p.section_ids, p.brand_ids
          from promo_code_uses u join promo_codes p on p.code = u.code where u.order_id = ${orderId} order by u.id`,
      );
      return rows.map((r) => ({
        code: r.code,
        percent: r.percent === null ? null : Number(r.percent),
        amount: r.amount === null ? null : Number(r.amount),
        minBasket: Number(r.min_basket),
        sectionIds: r.section_ids?.map(Number) ?? null,
        brandIds: r.brand_ids?.map(Number) ?? null,
      }));
    },

    async cardPercent(userId) {
      const [row] = await queryRows<{ number: string; percent: number }>(
        db,
        sql`select number, percent from discount_cards where user_id = ${userId} and active`,
      );
      return row ? { number: row.number, percent: Number(row.percent) } : null;
    },
  };
}

/** The sizes the order card's edit controls offer, with what the order's stores hold of each. */
export function orderEditReads(db: Db): OrderEditReads {
  const sizes = async (where: SQL, shopId: number | null) => {
    const rows = await queryRows<{
      offer_id: number;
      product_id: number;
      name: string;
      article: string;
      size_name: string;
      price: number;
      available: number;
    }>(
      db,
      sql`select o.id as offer_id, p.id as product_id, p.name, p.article, o.size_name, o.price,
          coalesce((select sum(s.quantity) from stock s join stores st on st.id = s.store_id
            where s.offer_id = o.id and (st.type in ${[...ONLINE_SOURCE_KINDS]} or st.id = ${shopId ?? 0})
              and not exists (select 1 from offer_restrictions r where r.offer_id = s.offer_id and r.store_id = s.store_id)
          ), 0)::int as available
        from offers o join products p on p.id = o.product_id and p.active
        where o.price > 0 and ${where}
        order by p.name, p.id, o.size_sort, o.id`,
    );
    return rows.map(
      (r): EditSize => ({
        offerId: Number(r.offer_id),
        productId: Number(r.product_id),
        name: r.name,
        article: r.article,
        sizeName: r.size_name,
        price: Number(r.price),
        available: Number(r.available),
      }),
    );
  };
  return {
    ...orderDeliveryEditReads(db),
    sizes: (productIds, shopId) =>
      productIds.length > 0 ? sizes(sql`p.id in ${[...productIds]}`, shopId) : Promise.resolve([]),
    find(q, shopId, limit) {
      const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return sizes(
        sql`p.id in (select p2.id from products p2 where p2.active and (p2.article ilike ${like} or p2.name ilike ${like}
            or exists (select 1 from offers b where b.product_id = p2.id and b.barcode = ${q}))
          order by p2.id limit ${limit})`,
        shopId,
      );
    },
  };
}
