/**
 * Runs `run` `firstMs` after start and then every `everyMs` after the previous run ends (runs never overlap).
 * `run` handles its own errors; the timer does not keep the process alive.
 */
export function startPeriodic(options: { firstMs: number; everyMs: number; run: () => Promise<void> }) {
  let timer = setTimeout(function tick() {
    void options.run().finally(() => {
      timer = setTimeout(tick, options.everyMs);
      timer.unref();
    });
  }, options.firstMs);
  timer.unref();
  return { stop: () => clearTimeout(timer) };
}

/** Runs `work`; its failure is logged as `failure`, never thrown: a step of a periodic job, which tries again later. */
export async function logFailure(
  log: { error(details: object, message: string): void },
  failure: string,
  work: () => Promise<void>,
): Promise<void> {
  try {
    await work();
  } catch (err) {
    log.error({ err }, failure);
  }
}
