import { sql } from 'drizzle-orm';
import { orderNumber } from '../../domain/order/process';
import type { PromoBatch, PromoBatchRepository } from '../../domain/pricing/promo-batches';
import { type Db, queryRows } from '../client';

interface BatchRow {
  id: number;
  rule_code: string;
  prefix: string;
  count: number;
  used: number | string;
  created_at: string | Date;
}

const batchOf = (r: BatchRow): PromoBatch => ({
  id: Number(r.id),
  ruleCode: r.rule_code,
  prefix: r.prefix,
  count: Number(r.count),
  used: Number(r.used),
  createdAt: new Date(r.created_at).toISOString(),
});

const SELECT = sql`select b.id, b.rule_code, b.prefix, b.count, b.created_at,
    (select count(*) from promo_codes c where c.batch_id = b.id and c.uses > 0) as used
  from promo_batches b`;

/**
 * Batches of one-use promo codes (issue 47.5): each code a row of `promo_codes` with its rule's terms and one use (per
 * customer too), so checkout takes and spends it as any code — under the code's row lock, the first order wins.
 */
export function promoBatchRepository(db: Db): PromoBatchRepository {
  return {
    async lockRule(code, now) {
      const [r] = await queryRows<{ code: string; stopped: boolean; ended: boolean; in_batch: boolean }>(
        db,
        sql`select code, stopped_at is not null as stopped,
            coalesce(ends_at <= ${now.toISOString()}::timestamptz, false) as ended, batch_id is not null as in_batch
          from promo_codes where code = ${code} for update`,
      );
      return r ? { code: r.code, stopped: r.stopped, ended: r.ended, inBatch: r.in_batch } : null;
    },

    async createBatch(ruleCode, prefix, count) {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`insert into promo_batches (rule_code, prefix, count) values (${ruleCode}, ${prefix}, ${count}) returning id`,
      );
      return Number(row?.id);
    },

    async insertCodes(batchId, ruleCode, codes) {
      if (codes.length === 0) return 0;
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`with made as (insert into promo_codes (code, percent, amount, min_basket, starts_at, ends_at, section_ids,
            brand_ids, max_uses, per_customer, batch_id)
          select x.code, r.percent, r.amount, r.min_basket, r.starts_at, r.ends_at, r.section_ids, r.brand_ids, 1, 1,
            ${batchId}::int
          from jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb) as x(code), promo_codes r
          where r.code = ${ruleCode}
          on conflict (code) do nothing returning 1)
        select count(*)::int as n from made`,
      );
      return Number(row?.n ?? 0);
    },

    async batches(ruleCode) {
      const rows = await queryRows<BatchRow>(db, sql`${SELECT} where b.rule_code = ${ruleCode} order by b.id desc`);
      return rows.map(batchOf);
    },

    async batch(id) {
      const [row] = await queryRows<BatchRow>(db, sql`${SELECT} where b.id = ${id}`);
      return row ? batchOf(row) : null;
    },

    async codes(batchId) {
      const rows = await queryRows<{ code: string; order_id: number | null }>(
        db,
        sql`select c.code, (select u.order_id from promo_code_uses u where u.code = c.code order by u.id limit 1) as order_id
          from promo_codes c where c.batch_id = ${batchId} order by c.created_at, c.code`,
      );
      return rows.map((r) => ({ code: r.code, order: r.order_id === null ? null : orderNumber(Number(r.order_id)) }));
    },
  };
}
