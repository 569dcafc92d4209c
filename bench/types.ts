import type { Db } from '../db/client';

/** What `npm run bench` hands each benchmark module: a running shop on the large catalogue. */
export interface BenchContext {
  /** e.g. http://127.0.0.1:3900 — the real app (createApp) on `db`. */
  baseURL: string;
  db: Db;
  kind: 'pglite' | 'postgres';
  /** A visitor cookie and its sessid, for calls that need a session. */
  newVisitor(): Promise<{ cookie: string; sessid: string }>;
}

/** One line of the printed table. Leave out what does not apply. */
export interface BenchRow {
  name: string;
  reqPerSec?: number;
  p50Ms?: number;
  p95Ms?: number;
  /** For query timings: the median of many runs. */
  medianMs?: number;
  /** Ratio to a baseline measured in the same run, with its name. */
  ratio?: { to: string; value: number };
  note?: string;
}

/** A benchmark module: `export default (async (ctx) => rows) satisfies Bench`. */
export type Bench = (ctx: BenchContext) => Promise<BenchRow[]>;
