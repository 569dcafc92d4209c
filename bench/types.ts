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
