/**
 * The kicks that follow service calls: a job (a sweep) started right after a write commits, one run at a time, so
 * its effect shows at once; each job's periodic run stays the safety net.
 */

/**
 * One run of `sweep` at a time in a process: a kick while one runs asks for one more after it (a write meanwhile may
 * have missed the running one), never for a queue of them. A failed run goes to `failed`; the next kick tries again.
 * `gapMs` spaces that one more from the run before: under a burst of writes the sweeps run at most once per gap
 * instead of back to back.
 */
export function oneSweepAtATime(sweep: () => Promise<unknown>, failed: (err: unknown) => void, gapMs = 0) {
  let running: Promise<void> | null = null;
  let again = false;
  return function kick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await sweep();
        } catch (err) {
          failed(err);
        }
        if (again && gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
      } while (again);
      running = null;
    })();
    return running;
  };
}

/** The service with `names` followed, once each resolves (after its commit), by `after()`; others unchanged. */
export function followed<T extends object>(service: T, names: readonly (keyof T)[], after: () => void): T {
  if (!service) return service;
  // Every method stays an own property (a spread of the service keeps them); the followed ones are replaced.
  const wrapped = Object.assign(Object.create(Object.getPrototypeOf(service)), service) as T;
  for (const name of names) {
    const method = service[name];
    if (typeof method !== 'function') continue;
    wrapped[name] = ((...args: unknown[]) => {
      const result = (method as (...a: unknown[]) => unknown).apply(service, args);
      if (result instanceof Promise)
        return result.then((value) => {
          after();
          return value;
        });
      after();
      return result;
    }) as T[keyof T];
  }
  return wrapped;
}
