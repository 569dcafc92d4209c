import { counterKey, type RateLimiter, verdictOf } from './limits';

/** How often a hit also drops the ended windows, so the map does not grow with every session ever seen. */
const SWEEP_EVERY_MS = 60_000;

/**
 * The limiter for one process (the embedded database serves one): exact, since every hit of the shop passes
 * through this map.
 */
export function memoryRateLimiter(clock: () => Date = () => new Date()): RateLimiter {
  const windows = new Map<string, { hits: number; endMs: number }>();
  let nextSweepMs = 0;
  const sweep = (nowMs: number) => {
    let removed = 0;
    for (const [id, window] of windows) {
      if (window.endMs <= nowMs) {
        windows.delete(id);
        removed++;
      }
    }
    return removed;
  };
  const limiter: RateLimiter = {
    async hit(key, rule) {
      const nowMs = clock().getTime();
      if (nowMs >= nextSweepMs) {
        sweep(nowMs);
        nextSweepMs = nowMs + SWEEP_EVERY_MS;
      }
      const id = counterKey(rule, key);
      let window = windows.get(id);
      if (!window || window.endMs <= nowMs) {
        window = { hits: 0, endMs: nowMs + rule.windowS * 1000 };
        windows.set(id, window);
      }
      window.hits++;
      return verdictOf(rule, window.hits, window.endMs, nowMs);
    },
    hitAll: (checks) => Promise.all(checks.map(([key, rule]) => limiter.hit(key, rule))),
    async reset(key, rule) {
      windows.delete(counterKey(rule, key));
    },
    async giveBack(key, rule) {
      const window = windows.get(counterKey(rule, key));
      if (window && window.endMs > clock().getTime()) window.hits = Math.max(0, window.hits - 1);
    },
    prune: async (now) => sweep(now.getTime()),
  };
  return limiter;
}
