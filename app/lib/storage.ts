/**
 * Local storage entries as the spec describes them (§3): keys prefixed with the shop's domain, each value wrapped as
 * `{version: 1, expires, value}`. An expired, corrupt or other-version entry reads as missing and is removed.
 */

export const STORAGE_VERSION = 1;
/** Spec §9: the default lifetime of an entry, in seconds. */
export const DEFAULT_LIFETIME_S = 3600;

interface Entry<T> {
  version: number;
  expires: number;
  value: T;
}

export function storageKey(key: string): string {
  return `${window.location.hostname}:${key}`;
}

/** The value of a raw stored string, or null when it is corrupt, of another version or expired at `now`. */
export function parseEntry<T>(raw: string | null, now = Date.now()): T | null {
  if (raw == null) return null;
  try {
    const entry = JSON.parse(raw) as Partial<Entry<T>> | null;
    if (!entry || typeof entry !== 'object' || entry.version !== STORAGE_VERSION) return null;
    if (typeof entry.expires !== 'number' || entry.expires <= now || !('value' in entry)) return null;
    return entry.value as T;
  } catch {
    return null;
  }
}

/** Private modes and full quotas make storage throw; the shop then works without a cache. */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readEntry<T>(key: string): T | null {
  const store = storage();
  if (!store) return null;
  const name = storageKey(key);
  let raw: string | null = null;
  try {
    raw = store.getItem(name);
  } catch {
    return null;
  }
  const value = parseEntry<T>(raw);
  if (value === null && raw !== null) removeEntry(key);
  return value;
}

export function writeEntry<T>(key: string, value: T, lifetimeS = DEFAULT_LIFETIME_S): void {
  const entry: Entry<T> = { version: STORAGE_VERSION, expires: Date.now() + lifetimeS * 1000, value };
  try {
    storage()?.setItem(storageKey(key), JSON.stringify(entry));
  } catch {
    // A full quota only costs the cache.
  }
}

export function removeEntry(key: string): void {
  try {
    storage()?.removeItem(storageKey(key));
  } catch {
    // Nothing to clean up without storage.
  }
}
