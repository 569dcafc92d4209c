import type { Logger } from 'pino';
import type { Readiness } from './health';

interface ClosableServer {
  close(callback: (error?: Error) => void): unknown;
  closeIdleConnections?(): void;
  closeAllConnections?(): void;
}

/** How long a stopping process still reads what has reached it, before it stops taking connections. */
const READ_GRACE_MS = 300;

export interface ShutdownSteps {
  server: ClosableServer;
  readiness: Readiness;
  /** How long the requests in flight may take before their connections are cut. */
  boundMs: number;
  /** Stopped at the signal: timers, the outbox's sender, open push streams. Each ends at a safe point. */
  stopAtOnce: (() => Promise<unknown> | unknown)[];
  /** Run once no request is left (or the bound has passed), before the database closes. */
  beforeClose: (() => Promise<unknown>)[];
  closeDatabase(): Promise<void>;
  log: Logger;
}

/**
 * A stop that loses no request (issue 45.3): the process says it is not ready, stops taking connections (under
 * WORKERS the primary hands them to the others; a proxy tries the next upstream), lets the requests in flight finish
 * within the bound — a 1C import step answers `progress` at its next batch and 1C repeats it elsewhere — stops its
 * background jobs at a safe point, writes what it still holds, and closes the database. Answers whether everything
 * finished within the bound.
 */
export async function shutDown(steps: ShutdownSteps): Promise<boolean> {
  const { server, log } = steps;
  steps.readiness.stop();
  const stopped = Promise.all(steps.stopAtOnce.map((stop) => Promise.resolve(stop()).catch(() => {})));
  let inTime = true;
  // Bytes that reached a kept-alive connection but were not read yet look idle to Node, and close() closes idle
  // connections at once: a moment first lets such a request be read, so it is in flight and finished, not dropped.
  const grace = Math.min(READ_GRACE_MS, steps.boundMs);
  await new Promise((resolve) => setTimeout(resolve, grace));
  await new Promise<void>((resolve) => {
    const bound = setTimeout(() => {
      inTime = false;
      log.warn(`остановка: запросы не закончились за ${steps.boundMs / 1000} с, соединения закрыты`);
      server.closeAllConnections?.();
      resolve();
    }, steps.boundMs - grace);
    bound.unref();
    server.close(() => {
      clearTimeout(bound);
      resolve();
    });
    // A kept-alive connection with no request in it would hold close() for its whole timeout.
    server.closeIdleConnections?.();
  });
  await stopped;
  for (const step of steps.beforeClose) await step().catch((err) => log.error({ err }, 'остановка: шаг не удался'));
  await steps.closeDatabase().catch(() => {});
  return inTime;
}
