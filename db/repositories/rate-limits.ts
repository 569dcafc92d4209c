import { sql } from 'drizzle-orm';
import { counterKey, type LimitRule, type LimitVerdict, type RateLimiter, verdictOf } from '../../domain/limits/limits';
import { type Db, preparedRows, queryRows } from '../client';

/**
 * The limiter every process shares on PostgreSQL: each hit is one `INSERT … ON CONFLICT DO UPDATE` on the key's
 * row, so concurrent hits queue on that row and each sees the count the previous one left — exactly `limit` pass.
 * A window that has ended restarts at this hit. Times come from the shop's clock, like every other time rule.
 */
export function tableRateLimiter(db: Db, clock: () => Date = () => new Date()): RateLimiter {
  /** Every pair's row in one statement (a write counts its session and its client address); a pair twice, twice. */
  const hitAll = async (checks: [string, LimitRule][]): Promise<LimitVerdict[]> => {
    const now = clock();
    const counters = new Map<string, { rule: LimitRule; hits: number }>();
    for (const [key, rule] of checks) {
      const id = counterKey(rule, key);
      counters.set(id, { rule, hits: (counters.get(id)?.hits ?? 0) + 1 });
    }
    const rows = sql.join(
      // Rows in key order: two statements holding the same keys lock them in the same order and cannot deadlock.
      [...counters]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([id, { rule, hits }]) => {
          const end = new Date(now.getTime() + rule.windowS * 1000);
          return sql`(${id}, ${hits}::int, ${end.toISOString()}::timestamptz)`;
        }),
      sql`, `,
    );
    const counted = await preparedRows<{ key: string; hits: number; end_ms: number }>(
      db,
      sql`
      insert into rate_limits as r (key, hits, window_end) values ${rows}
      on conflict (key) do update set
        hits = case when r.window_end <= ${now.toISOString()}::timestamptz then excluded.hits else r.hits + excluded.hits end,
        window_end = case when r.window_end <= ${now.toISOString()}::timestamptz then excluded.window_end else r.window_end end
      returning r.key, r.hits, (extract(epoch from r.window_end) * 1000)::float8 as end_ms`,
    );
    const byKey = new Map(counted.map((row) => [row.key, row]));
    return checks.map(([key, rule]) => {
      const row = byKey.get(counterKey(rule, key));
      if (!row) throw new Error('rate_limits: the upsert returned no row');
      return verdictOf(rule, Number(row.hits), Number(row.end_ms), now.getTime());
    });
  };
  return {
    async hit(key, rule) {
      const [verdict] = await hitAll([[key, rule]]);
      return verdict as LimitVerdict;
    },

    hitAll,

    async reset(key, rule) {
      await db.execute(sql`delete from rate_limits where key = ${counterKey(rule, key)}`);
    },

    async giveBack(key, rule) {
      await db.execute(sql`update rate_limits set hits = greatest(hits - 1, 0)
        where key = ${counterKey(rule, key)} and window_end > ${clock().toISOString()}::timestamptz`);
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
