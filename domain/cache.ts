/** A value loaded once and shared for `ttlMs`; see `cachedFor`. */
export interface Cached<T> {
  get(): Promise<T>;
  /** Forget the value: the next `get` loads afresh. */
  clear(): void;
}

/**
 * Reference data every request reads but that changes only with the catalogue: one load serves all the requests
 * for `ttlMs`, including those arriving while it runs. A failed load is not kept, so the next request tries again.
 */
export function cachedFor<T>(
  load: () => Promise<T>,
  { ttlMs, now = Date.now }: { ttlMs: number; now?: () => number },
): Cached<T> {
  let cached: { at: number; value: Promise<T> } | null = null;
  return {
    get() {
      if (!cached || now() - cached.at > ttlMs) {
        const value = load();
        cached = { at: now(), value };
        value.catch(() => {
          if (cached?.value === value) cached = null;
        });
      }
      return cached.value;
    },
    clear() {
      cached = null;
    },
  };
}
