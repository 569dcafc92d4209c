import { spawn } from 'node:child_process';
import path from 'node:path';
import { type LoadOptions, type LoadResult, load } from './measure';

/**
 * Round trips to the database per call, as tests/api/write-path-statements.pg.test.ts counts them at the driver:
 * the baseline of each write-path row makes as many.
 */
export const ROUND_TRIPS = { add: 3, state: 1, orderSave: 21 };

export interface RoundTripBaseline {
  /** The bare route making `trips` round trips, under the same load as the call it stands beside. */
  load(trips: number, options: LoadOptions): Promise<LoadResult>;
  stop(): void;
}

/** bench/round-trip-server.ts on `databaseUrl`, in a process of its own (production mode, as the shop). */
export async function roundTripBaseline(databaseUrl: string): Promise<RoundTripBaseline> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'round-trip-server.ts'), databaseUrl],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } },
  );
  const port = await new Promise<string>((resolve) => child.stdout.once('data', (d) => resolve(String(d).trim())));
  return {
    load: (trips, options) =>
      load(`http://127.0.0.1:${port}/trips/${trips}`, { ...options, method: 'POST', rotate: undefined }),
    stop: () => child.kill(),
  };
}

/** The row's ratio to its baseline and the baseline's figures for its note. */
export function beside(result: LoadResult, baseline: LoadResult | null, trips: number) {
  if (!baseline) return {};
  return {
    ratio: { to: `bare Hono, ${trips} round trips`, value: result.reqPerSec / Math.max(1, baseline.reqPerSec) },
    baselineNote: `; bare Hono with ${trips} round trips ${baseline.reqPerSec} req/s (p95 ${baseline.p95Ms} ms)`,
  };
}
