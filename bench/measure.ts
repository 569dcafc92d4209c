import autocannon from 'autocannon';

export interface LoadResult {
  reqPerSec: number;
  p50Ms: number;
  p95Ms: number;
  requests: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  connections?: number;
  durationSec?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Stop after this many requests instead of after `durationSec` (for requests that each use up a visitor). */
  amount?: number;
  /** Per-request setup, e.g. a different visitor per connection. */
  requests?: autocannon.Request[];
}

/** Runs autocannon against `url`, keeping every latency so p95 is exact (autocannon itself reports p97.5). */
export async function load(url: string, options: LoadOptions = {}): Promise<LoadResult> {
  const latencies: number[] = [];
  let instance!: autocannon.Instance;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url,
        connections: options.connections ?? 10,
        duration: options.durationSec ?? Number(process.env.BENCH_SECONDS ?? 8),
        amount: options.amount,
        method: options.method ?? 'GET',
        headers: options.headers,
        body: options.body,
        requests: options.requests,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await done;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    // Requests over the seconds they took: autocannon's per-second average drops the last, partial second.
    reqPerSec: Math.round(result.requests.total / result.duration),
    p50Ms: round(at(0.5)),
    p95Ms: round(at(0.95)),
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Median of `runs` timings of `fn`, after `warmup` untimed runs. */
export async function medianMs(fn: () => Promise<unknown>, runs = 30, warmup = 5): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return round(times[Math.floor(times.length / 2)] ?? 0);
}

export function round(n: number): number {
  return Math.round(n * 10) / 10;
}
