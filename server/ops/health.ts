import { Hono } from 'hono';

/** What readiness asks: each answers quickly or throws. */
export interface ReadinessDeps {
  ping(): Promise<void>;
  migrated(): Promise<boolean>;
  /** Whether the catalogue's facet index (decision 0026) has loaded in this process. */
  facetIndexLoaded(): boolean;
  /** A check slower than this counts as the database not answering. */
  timeoutMs?: number;
}

export interface Readiness {
  /** Why this process should get no requests now, or null when it may. */
  reason(): Promise<string | null>;
  /** From now on not ready: the process is stopping. */
  stop(): void;
  stopping(): boolean;
}

/**
 * Readiness for a balancer asking every second (issue 45.1): concurrent checks share one round trip, and the
 * migrations, once applied, are not asked again.
 */
export function createReadiness(deps: ReadinessDeps): Readiness {
  const timeoutMs = deps.timeoutMs ?? 2_000;
  let stopping = false;
  let migrated = false;
  let running: Promise<string | null> | null = null;
  const check = async (): Promise<string | null> => {
    try {
      await withTimeout(deps.ping(), timeoutMs);
    } catch {
      return 'база данных не отвечает';
    }
    if (!migrated) migrated = await withTimeout(deps.migrated(), timeoutMs).catch(() => false);
    if (!migrated) return 'миграции базы данных не применены';
    if (!deps.facetIndexLoaded()) return 'индекс фильтров каталога загружается';
    return null;
  };
  return {
    reason() {
      if (stopping) return Promise.resolve('процесс останавливается');
      running ??= check().finally(() => {
        running = null;
      });
      return running;
    },
    stop() {
      stopping = true;
    },
    stopping: () => stopping,
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const NO_STORE = { 'cache-control': 'no-store' };

/**
 * `/healthz`: the process answers (a supervisor restarts it otherwise; a database that is down is no reason to);
 * `/readyz`: it may be sent requests. Neither is cached nor logged at info: a balancer asks every second.
 */
export function healthRoutes(readiness: Readiness) {
  const app = new Hono();
  // The process that answered: with several behind one port (WORKERS), a check can tell them apart.
  app.get('/healthz', (c) => c.json({ status: 'ok', pid: process.pid }, 200, NO_STORE));
  app.get('/readyz', async (c) => {
    const reason = await readiness.reason();
    return reason
      ? c.json({ status: 'error', reason, pid: process.pid }, 503, NO_STORE)
      : c.json({ status: 'ok', pid: process.pid }, 200, NO_STORE);
  });
  return app;
}
