/**
 * Interface chunks that load on demand (spec §7) and what happens when one does not come (spec §8, §9): a tab opened
 * before a deploy asks for a chunk whose hashed name is gone, or the network drops it. The load gives up after 120 s
 * with a chunk-load error naming the failure and the address, and the page reloads to take the new build's names —
 * once: a chunk that fails again right after such a reload goes to the error page instead of reloading forever.
 */
import { lazy } from 'react';

/** Spec §9: a chunk that has not loaded in 120 seconds has failed. */
export const CHUNK_TIMEOUT_MS = 120_000;
/** A second failure this soon after a chunk reload is not a stale tab: the page stops reloading. */
export const RELOAD_GUARD_MS = 30_000;
const RELOADED_AT = 'chunk-reload-at';

export type ChunkFailure = 'timeout' | 'error' | 'css';

/** Spec §8: names the failure type and the chunk's address (a stylesheet's: CSS-chunk-load-failed). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(
    readonly type: ChunkFailure,
    readonly address: string,
  ) {
    super(type === 'css' ? `CSS-chunk-load-failed: ${address}` : `Loading chunk failed. (${type}: ${address})`);
  }
}

/** The address a failed dynamic import names in its message (browsers say it differently), or '' when it does not. */
function addressOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.match(/(https?:\/\/|\/)\S+?\.(m?js|css)\b/)?.[0] ?? '';
}

function chunkErrorOf(error: unknown): ChunkLoadError {
  if (error instanceof ChunkLoadError) return error;
  const address = addressOf(error);
  return new ChunkLoadError(address.endsWith('.css') ? 'css' : 'error', address);
}

/** A dynamic import that fails with a ChunkLoadError, or with one of type `timeout` when it takes over 120 s. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError('timeout', '')), timeoutMs);
  });
  const loaded = load().catch((error: unknown) => {
    throw chunkErrorOf(error);
  });
  return Promise.race([loaded, timeout]).finally(() => clearTimeout(timer));
}

const reloadPage = () => window.location.reload();

/** Reloads the page after a chunk failure unless one did so moments ago; says whether it reloads. */
export function reloadForChunk(error: ChunkLoadError, reload = reloadPage, now = Date.now()): boolean {
  console.error(error.message);
  const last = Number(sessionStorage.getItem(RELOADED_AT));
  if (last && now - last < RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(RELOADED_AT, String(now));
  reload();
  return true;
}

/** React.lazy for a chunk: a failed load reloads the page (the component waits for it), or shows the error page. */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound on the component's props
export function lazyChunk<T extends React.ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() =>
    loadChunk(load).catch((error: ChunkLoadError): Promise<{ default: T }> => {
      if (reloadForChunk(error)) return new Promise(() => {});
      throw error;
    }),
  );
}

/**
 * Vite's own preloads (a route's modules and stylesheets) report their failures as `vite:preloadError` on window:
 * they get the same reload. Returns the remover.
 */
export function reloadOnPreloadError(reload = reloadPage): () => void {
  const onError = (event: Event) => {
    if (reloadForChunk(chunkErrorOf((event as Event & { payload?: unknown }).payload), reload)) event.preventDefault();
  };
  window.addEventListener('vite:preloadError', onError);
  return () => window.removeEventListener('vite:preloadError', onError);
}
