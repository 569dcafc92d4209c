/** The carrier did not answer within the time checkout waits for it. */
export class TooSlow extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'TooSlow';
  }
}

/**
 * The answer of `work` if it comes within `ms`, else a `TooSlow` rejection; the work goes on (its answer may still
 * be kept for the next shopper) and its late failure is swallowed.
 */
export function inTime<T>(work: Promise<T>, ms: number): Promise<T> {
  work.catch(() => {});
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TooSlow(ms)), ms);
    timer.unref?.();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
