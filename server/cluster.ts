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
/** How long a new worker of a reload may take to say it is ready before the reload gives up. */
const READY_WITHIN_MS = 180_000;

/** The file under DATA_DIR holding the serving process's pid (the primary's under WORKERS). */
export const PID_FILE = 'shop.pid';

/** What a worker tells the primary once it listens and is ready (its facet index loaded). */
export const WORKER_READY = 'shop:ready';

/**
 * The primary of `WORKERS=N npm start` (the database is ready): N workers share the port (the primary hands out the
 * connections), one that dies is replaced — at once after a long life, with a growing wait after a quick death, so
 * a crash loop does not spin — and a stop signal is passed on, the primary leaving once every worker has finished.
 * SIGHUP (`npm run shop -- reload`) replaces the workers one at a time with the code now on disk: a new one starts,
 * and only once it is ready does an old one stop, finishing its requests; a new one that fails to start ends the
 * reload with the old ones still serving.
 */
export function runPrimary(count: number, logger: Logger, stopBoundMs: number): void {
  const startedAt = new Map<Worker, number>();
  /** Old workers a reload has stopped, and new ones not yet ready: neither is replaced when it exits. */
  const retiring = new Set<Worker>();
  const probation = new Set<Worker>();
  let backoffMs = 0;
  let stopping = false;
  let reloading = false;
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    return worker;
  };
  for (let i = 0; i < count; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(0);
      return;
    }
    if (retiring.delete(worker) || probation.delete(worker)) return;
    backoffMs = lived < QUICK_DEATH_MS ? Math.min(Math.max(backoffMs * 2, 1000), MAX_BACKOFF_MS) : 0;
    logger.error({ pid: worker.process.pid, code, signal }, `процесс магазина завершился; новый через ${backoffMs} мс`);
    setTimeout(() => {
      if (!stopping) fork();
    }, backoffMs);
  });

  const ready = (worker: Worker) =>
    new Promise<boolean>((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        resolve(ok);
      };
      const onMessage = (message: { type?: string }) => message?.type === WORKER_READY && done(true);
      const onExit = () => done(false);
      const timer = setTimeout(() => done(false), READY_WITHIN_MS);
      worker.on('message', onMessage);
      worker.on('exit', onExit);
    });
  const exited = (worker: Worker) =>
    new Promise<void>((resolve) => (worker.isDead() ? resolve() : worker.once('exit', () => resolve())));

  const reload = async () => {
    if (reloading || stopping) return;
    reloading = true;
    const old = [...startedAt.keys()];
    logger.info(`перезапуск: процессов ${old.length}, по одному`);
    for (const [i, worker] of old.entries()) {
      if (stopping) break;
      if (worker.isDead()) continue;
      const fresh = fork();
      probation.add(fresh);
      if (!(await ready(fresh))) {
        logger.error('перезапуск остановлен: новый процесс не запустился; прежние процессы работают');
        if (!fresh.isDead()) fresh.process.kill('SIGTERM');
        break;
      }
      probation.delete(fresh);
      retiring.add(worker);
      worker.process.kill('SIGTERM');
      await exited(worker);
      logger.info({ pid: fresh.process.pid }, `перезапуск: заменён процесс ${i + 1} из ${old.length}`);
    }
    reloading = false;
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'останавливаю процессы магазина');
    for (const worker of startedAt.keys()) worker.process.kill(signal);
    setTimeout(() => process.exit(1), stopBoundMs + 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGHUP', () => void reload());
}
