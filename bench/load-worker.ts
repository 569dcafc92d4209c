import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { type LoadResult, type LoadSpec, round } from './measure';

/**
 * One autocannon load in a process of its own, so the load generator never shares an event loop with what it
 * measures. `argv[2]` names a JSON `LoadSpec`; the `LoadResult` is written to stdout.
 */
const spec = JSON.parse(readFileSync(process.argv[2] as string, 'utf8')) as LoadSpec;
const latencies: number[] = [];
let next = 0;
const rotate = spec.rotate;
const requests: autocannon.Request[] | undefined = rotate && [
  {
    // autocannon keeps one context per connection: each connection takes the next item every `every` requests.
    setupRequest(req, ctxObject) {
      const context = ctxObject as { count?: number; item?: (typeof rotate.items)[number] };
      const count = context.count ?? 0;
      if (count % rotate.every === 0) context.item = rotate.items[next++ % rotate.items.length];
      context.count = count + 1;
      const item = context.item as (typeof rotate.items)[number];
      const body = item.body.replace('__uuid__', crypto.randomUUID());
      return { ...req, headers: { ...req.headers, ...item.headers }, body };
    },
  },
];
const instance = autocannon(
  {
    url: spec.url,
    connections: spec.connections ?? 10,
    duration: spec.durationSec ?? Number(process.env.BENCH_SECONDS ?? 8),
    amount: spec.amount,
    method: spec.method ?? 'GET',
    headers: spec.headers,
    body: spec.body,
    requests,
  },
  (error, result) => {
    if (error) throw error;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    const answer: LoadResult = {
      // Requests over the seconds they took: autocannon's per-second average drops the last, partial second.
      reqPerSec: Math.round(result.requests.total / result.duration),
      p50Ms: round(at(0.5)),
      p95Ms: round(at(0.95)),
      requests: result.requests.total,
      // autocannon's errors include its timeouts (10 s without an answer).
      errors: result.errors,
      non2xx: result.non2xx,
    };
    process.stdout.write(JSON.stringify(answer));
  },
);
// Every latency is kept, so p95 is exact (autocannon itself reports p97.5).
instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
