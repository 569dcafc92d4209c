import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import type { Logger } from 'pino';
import type { Settings } from '../config/settings';

/** Processes to serve with: `WORKERS`, else one per core on PostgreSQL and one on the embedded database. */
export function workerCount(settings: Pick<Settings, 'WORKERS' | 'DATABASE_URL'>): number {
  return settings.WORKERS ?? (settings.DATABASE_URL ? os.availableParallelism() : 1);
}

/** A worker that dies this soon after it started is probably failing at start: the next waits longer. */
const QUICK_DEATH_MS = 10_000;
const MAX_BACKOFF_MS = 30_000;

/**
 * The primary of `WORKERS=N npm start` (the database is ready): N workers share the port (the primary hands out the
 * connections), one that dies is replaced — at once after a long life, with a growing wait after a quick death, so
 * a crash loop does not spin — and a stop signal is passed on, the primary leaving once every worker has finished.
 */
export function runPrimary(count: number, logger: Logger): void {
  const startedAt = new Map<Worker, number>();
  let backoffMs = 0;
  let stopping = false;
  const fork = () => startedAt.set(cluster.fork(), Date.now());
  for (let i = 0; i < count; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(0);
      return;
    }
    backoffMs = lived < QUICK_DEATH_MS ? Math.min(Math.max(backoffMs * 2, 1000), MAX_BACKOFF_MS) : 0;
    logger.error({ pid: worker.process.pid, code, signal }, `процесс магазина завершился; новый через ${backoffMs} мс`);
    setTimeout(() => {
      if (!stopping) fork();
    }, backoffMs);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'останавливаю процессы магазина');
    for (const worker of startedAt.keys()) worker.process.kill(signal);
    setTimeout(() => process.exit(1), 20_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
