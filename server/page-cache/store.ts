import { ALL } from '../../domain/cache-tags';

/** One cached answer: the same bytes for everyone who asks with its key, kept raw and compressed once. */
export interface PageEntry {
  key: string;
  /** The answer's headers as rendered (content type, security policy with the page's script nonce, caching). */
  headers: [string, string][];
  body: { identity: Buffer; br: Buffer; gzip: Buffer };
  etag: string;
  tags: readonly string[];
  storedAt: number;
}

/** Bytes an entry holds, its three bodies and a rough allowance for its key, headers and tags. */
export function entrySize(entry: PageEntry): number {
  const { identity, br, gzip } = entry.body;
  return identity.length + br.length + gzip.length + 1024 + entry.key.length + entry.tags.join(' ').length;
}

/**
 * Pages in memory up to `maxBytes`, the least recently used dropped first, each findable by its tags. Invalidation
 * counts: a render that began before an invalidation of one of its tags must not be stored (`stale since`), or it
 * would put back the page the change has just removed.
 */
export function createPageStore(maxBytes: number) {
  const entries = new Map<string, PageEntry>();
  const byTag = new Map<string, Set<string>>();
  let bytes = 0;
  let generation = 0;
  /** The latest invalidations, newest last: enough to tell whether a render that just ended missed one. */
  const recent: { generation: number; tags: ReadonlySet<string> }[] = [];
  const RECENT = 512;

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entrySize(entry);
    for (const tag of entry.tags) {
      const keys = byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) byTag.delete(tag);
    }
  }

  return {
    get(key: string): PageEntry | undefined {
      const entry = entries.get(key);
      if (entry) {
        // Most recently used last: a Map keeps insertion order.
        entries.delete(key);
        entries.set(key, entry);
      }
      return entry;
    },
    remove,
    /** The current generation; pass it to `put` for a render that starts now. */
    generation: () => generation,
    /** Keeps `entry` unless it is too big or one of its tags was invalidated since `startedAt`; says which. */
    put(entry: PageEntry, startedAt: number): boolean {
      const size = entrySize(entry);
      if (size > maxBytes / 4) return false;
      const oldest = recent[0]?.generation ?? generation + 1;
      if (startedAt < generation && startedAt < oldest - 1) return false;
      for (const change of recent) {
        if (change.generation <= startedAt) continue;
        if (change.tags.has(ALL) || entry.tags.some((t) => change.tags.has(t))) return false;
      }
      remove(entry.key);
      while (bytes + size > maxBytes && entries.size > 0) remove(entries.keys().next().value as string);
      entries.set(entry.key, entry);
      bytes += size;
      for (const tag of entry.tags) {
        const keys = byTag.get(tag) ?? new Set<string>();
        keys.add(entry.key);
        byTag.set(tag, keys);
      }
      return true;
    },
    /** Drops every entry carrying one of `tags` (all of them for `all`); answers how many. */
    invalidate(tags: ReadonlySet<string>): number {
      generation += 1;
      recent.push({ generation, tags });
      if (recent.length > RECENT) recent.shift();
      const before = entries.size;
      if (tags.has(ALL)) {
        for (const key of [...entries.keys()]) remove(key);
      } else {
        for (const tag of tags) for (const key of [...(byTag.get(tag) ?? [])]) remove(key);
      }
      return before - entries.size;
    },
    stats: () => ({ entries: entries.size, bytes }),
  };
}
