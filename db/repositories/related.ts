import { sql } from 'drizzle-orm';
import type { AdditionOffer, ProductFacts, RelatedRepository } from '../../domain/catalog/related/related.service';
import { type Db, preparedRows, queryRows } from '../client';
import { orderableOnlineSql, productOrderableOnlineSql } from './availability';
import type { facetSource } from './facet-source';
import { cards, pgArray } from './listing';

/** Ids as one array parameter (`{1,2,3}`), so the statement's text is the same for any number of them. */
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** Only one process recounts the pairs at a time (a transaction-scoped advisory lock of this key). */
const RECOUNT_LOCK = 440_3;

/** The related rows' reads (issue 44.3): the shared facet index, the listing's cards, the pairs. */
/** An order of more lines than this is left out of «С этим покупают». */
const PAIRS_MAX_LINES = 20;

export function relatedRepository(db: Db, facets: ReturnType<typeof facetSource>): RelatedRepository {
  return {
    facets: () => facets.fresh(),

    async facts(ids) {
      const found = new Map<number, ProductFacts>();
      if (ids.length === 0) return found;
      // One statement text whatever the ids: prepared once per connection.
      const rows = await preparedRows<{ id: number; model_id: number; online: boolean }>(
        db,
        sql`select p.id, p.model_id, ${productOrderableOnlineSql(sql`p.id`)} as online from products p
        where p.id = any(${intArray(ids)}) and p.active`,
      );
      for (const r of rows) found.set(Number(r.id), { modelId: Number(r.model_id), online: Boolean(r.online) });
      return found;
    },

    cards: (ids, ref) => (ids.length === 0 ? Promise.resolve([]) : cards(db, [...ids], ref)),

    async pairs(productId, limit) {
      const rows = await preparedRows<{ other_id: number }>(
        db,
        sql`select other_id from product_pairs where product_id = ${productId}
        order by orders desc, other_id limit ${limit}`,
      );
      return rows.map((r) => Number(r.other_id));
    },

    async buyableOffers(productIds) {
      const found = new Map<number, AdditionOffer[]>();
      if (productIds.length === 0) return found;
      const rows = await queryRows<{ id: number; product_id: number; size_name: string }>(
        db,
        sql`select o.id, o.product_id, o.size_name from offers o
        where o.product_id = any(${pgArray([...productIds], 'int')}) and ${orderableOnlineSql(sql`o.id`)}
        order by o.product_id, o.size_sort, o.id`,
      );
      for (const r of rows) {
        const list = found.get(Number(r.product_id)) ?? [];
        list.push({ id: Number(r.id), sizeName: r.size_name });
        found.set(Number(r.product_id), list);
      }
      return found;
    },

    /**
     * One transaction: the pairs of every two products of one completed order (lines not given back at the door),
     * counted in how many orders they met, replace the old ones. A second process finds the lock taken and leaves.
     * Only the last year's orders count (what sells together changes with the seasons; the recount stays bounded by
     * a year of orders), and an order of more than `PAIRS_MAX_LINES` lines is a wholesale one, not a look.
     */
    async recountPairs() {
      return db.transaction(async (tx) => {
        const [lock] = await queryRows<{ got: boolean }>(
          tx,
          sql`select pg_try_advisory_xact_lock(${RECOUNT_LOCK}) as got`,
        );
        if (!lock?.got) return null;
        await tx.execute(sql`delete from product_pairs`);
        await tx.execute(sql`
          insert into product_pairs (product_id, other_id, orders)
          select a.product_id, b.product_id, count(distinct a.order_id)::int
          from orders o
          join order_lines a on a.order_id = o.id and not a.returned
          join order_lines b on b.order_id = o.id and not b.returned and b.product_id <> a.product_id
          where o.status = 'completed' and o.created_at >= now() - interval '1 year'
            and (select count(*) from order_lines n where n.order_id = o.id) <= ${PAIRS_MAX_LINES}
          group by a.product_id, b.product_id`);
        const [count] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from product_pairs`);
        return Number(count?.n ?? 0);
      });
    },
  };
}
