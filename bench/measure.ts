import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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
  /**
   * Different visitors: each connection takes the next item every `every` requests (its headers, and its body,
   * where `__uuid__` becomes a new UUID per request).
   */
  rotate?: { every: number; items: { headers: Record<string, string>; body: string }[] };
}

export interface LoadSpec extends LoadOptions {
  url: string;
}

const worker = path.join(import.meta.dirname, 'load-worker.ts');

/** Runs autocannon against `url` in a process of its own (bench/load-worker.ts) and answers its figures. */
export async function load(url: string, options: LoadOptions = {}): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-load-'));
  const file = path.join(dir, 'spec.json');
  writeFileSync(file, JSON.stringify({ url, ...options } satisfies LoadSpec));
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', worker, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    if (code !== 0) throw new Error(`load worker failed (${code})`);
    return JSON.parse(out) as LoadResult;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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

/** `; 3 non-2xx, 1 errors` when a load had failures, else nothing: for a row's note. */
export function failures(r: Pick<LoadResult, 'non2xx' | 'errors'>): string {
  return r.non2xx || r.errors ? `; ${r.non2xx} non-2xx, ${r.errors} errors` : '';
}
