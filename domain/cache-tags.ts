/**
 * Tags name what a cached page or value was made from; a change to the catalogue, the menu or the content names the
 * tags it touches, and everything carrying one of them is dropped. The database's triggers (migration 0020) send
 * the same names on the `cache_tags` channel, so a change made anywhere — the shop, an import, a console — reaches
 * every process.
 */
export const CACHE_TAGS_CHANNEL = 'cache_tags';

/** Every page: the menu, the cities, the delivery prices in the marquee, the footer's information pages. */
export const SHELL = 'shell';
/** Listings beyond one section or brand: the home shelves, search, landing pages, the brand list. */
export const LISTINGS = 'listings';
/** Information pages, the FAQ and landing texts. */
export const CONTENT = 'content';
/** The shops' pages. */
export const STORES = 'stores';
/** Sent for changes that may touch anything (a section renamed, a bulk load): everything is dropped. */
export const ALL = 'all';

/** A product (one colour of a model): its row, offers, prices, stock and photos. */
export const productTag = (id: number) => `product:${id}`;
/** What a section's listing shows changed: a product entered, left, or changed its price or sizes in stock. */
export const sectionTag = (id: number) => `section:${id}`;
export const brandTag = (id: number) => `brand:${id}`;

export type InvalidationListener = (tags: ReadonlySet<string>) => void;

/** The process's stream of invalidations: the database listener publishes, caches subscribe. */
export interface Invalidations {
  publish(tags: Iterable<string>): void;
  subscribe(listener: InvalidationListener): () => void;
}

export function createInvalidations(): Invalidations {
  const listeners = new Set<InvalidationListener>();
  return {
    publish(tags) {
      const set = new Set(tags);
      if (set.size === 0) return;
      for (const listener of listeners) listener(set);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Whether a change of `changed` reaches a value made from tags starting with one of `prefixes` (or all). */
export function touchesAny(changed: ReadonlySet<string>, prefixes: readonly string[]): boolean {
  if (changed.has(ALL)) return true;
  for (const tag of changed) if (prefixes.some((p) => tag === p || tag.startsWith(p))) return true;
  return false;
}

/** Tags written as space-separated names: a `cache_tags` notification, a rendered page's tags header. */
export function parseTags(payload: string): string[] {
  return payload.split(' ').filter(Boolean);
}
