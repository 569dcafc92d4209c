import { sql } from 'drizzle-orm';
import { counterKey, type RateLimiter, verdictOf } from '../../domain/limits/limits';
import { type Db, queryRows } from '../client';

/**
 * The limiter every process shares on PostgreSQL: each hit is one `INSERT … ON CONFLICT DO UPDATE` on the key's
 * row, so concurrent hits queue on that row and each sees the count the previous one left — exactly `limit` pass.
 * A window that has ended restarts at this hit. Times come from the shop's clock, like every other time rule.
 */
export function tableRateLimiter(db: Db, clock: () => Date = () => new Date()): RateLimiter {
  return {
    async hit(key, rule) {
      const now = clock();
      const end = new Date(now.getTime() + rule.windowS * 1000);
      const [row] = await queryRows<{ hits: number; end_ms: number }>(
        db,
        sql`
        insert into rate_limits as r (key, hits, window_end)
        values (${counterKey(rule, key)}, 1, ${end.toISOString()}::timestamptz)
        on conflict (key) do update set
          hits = case when r.window_end <= ${now.toISOString()}::timestamptz then 1 else r.hits + 1 end,
          window_end = case when r.window_end <= ${now.toISOString()}::timestamptz then excluded.window_end else r.window_end end
        returning r.hits, (extract(epoch from r.window_end) * 1000)::float8 as end_ms`,
      );
      if (!row) throw new Error('rate_limits: the upsert returned no row');
      return verdictOf(rule, Number(row.hits), Number(row.end_ms), now.getTime());
    },

    async reset(key, rule) {
      await db.execute(sql`delete from rate_limits where key = ${counterKey(rule, key)}`);
    },

    async prune(now) {
      const [row] = await queryRows<{ removed: number }>(
        db,
        sql`
        with removed as (delete from rate_limits where window_end <= ${now.toISOString()}::timestamptz returning 1)
        select count(*)::int as removed from removed`,
      );
      return Number(row?.removed ?? 0);
    },
  };
}
