import { ALL, type Invalidations, touchesAny } from './cache-tags';

/** How a service keeps what it caches: for `ttlMs` at most, and until a change announced by `invalidations`. */
export interface CacheOptions {
  ttlMs?: number;
  now?: () => number;
  invalidations?: Invalidations;
}

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
  { ttlMs, now = Date.now, dropOn }: { ttlMs: number; now?: () => number; dropOn?: DropOn },
): Cached<T> {
  let cached: { at: number; value: Promise<T> } | null = null;
  onChange(dropOn, () => {
    cached = null;
  });
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

/** Changes that make a cached value stale at once: cache tags, or tag prefixes such as `section:`. */
export interface DropOn {
  invalidations?: Invalidations;
  tags: readonly string[];
}

/** Calls `drop` whenever a change touches one of `dropOn`'s tags. */
export function onChange(dropOn: DropOn | undefined, drop: () => void): void {
  dropOn?.invalidations?.subscribe((changed) => {
    if (touchesAny(changed, dropOn.tags)) drop();
  });
}

/** A value and the cache tags of what it was made from. */
export interface Tagged<T> {
  value: T;
  tags: readonly string[];
}

/**
 * Values by key, each dropped when a change touches one of its tags (or `all`), at most `max` of them (the oldest
 * go first) and none older than `ttlMs`. One load serves the requests that arrive while it runs; a failed load is
 * not kept, nor one that a change overtook while it ran.
 */
export function taggedCache<T>({
  max,
  ttlMs,
  invalidations,
  now = Date.now,
}: {
  max: number;
  ttlMs: number;
  invalidations?: Invalidations;
  now?: () => number;
}) {
  const entries = new Map<string, { at: number; value: Promise<Tagged<T>>; tags: readonly string[] | null }>();
  invalidations?.subscribe((changed) => {
    for (const [key, entry] of entries) {
      // A load still running has no tags yet: it is dropped too, so nobody is handed what the change overtook.
      if (entry.tags === null || changed.has(ALL) || entry.tags.some((t) => changed.has(t))) entries.delete(key);
    }
  });
  return {
    async get(key: string, load: () => Promise<Tagged<T>>): Promise<T> {
      const hit = entries.get(key);
      if (hit && now() - hit.at <= ttlMs) return (await hit.value).value;
      entries.delete(key);
      if (entries.size >= max) entries.delete(entries.keys().next().value as string);
      const entry = { at: now(), value: load(), tags: null as readonly string[] | null };
      entries.set(key, entry);
      try {
        const loaded = await entry.value;
        entry.tags = loaded.tags;
        return loaded.value;
      } catch (error) {
        if (entries.get(key) === entry) entries.delete(key);
        throw error;
      }
    },
  };
}
