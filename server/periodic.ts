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
