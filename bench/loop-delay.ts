import cluster from 'node:cluster';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Preloaded into the shop's process by the bench (`--import`): the event loop's delay, measured inside the process
 * that serves the requests. Over the IPC channel the bench sends 'loop-delay:reset' before a load and
 * 'loop-delay:read' after it; the answer is the delay's median, p99 and maximum in ms since the reset: how late the
 * loop came back, beyond the sampling interval (Node's histogram counts the whole interval: idle reads 10 ms).
 */
export interface LoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const RESOLUTION_MS = 10;
const lateMs = (ns: number) => Math.max(0, Math.round(ns / 1e5 - RESOLUTION_MS * 10) / 10);

// A cluster worker's channel is the primary's, which also hands it its connections: left alone.
if (!cluster.isWorker) {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  process.on('message', (message) => {
    if (message !== 'loop-delay:read' && message !== 'loop-delay:reset') return;
    if (message === 'loop-delay:reset') histogram.reset();
    const delay: LoopDelay = {
      p50Ms: lateMs(histogram.percentile(50)),
      p99Ms: lateMs(histogram.percentile(99)),
      maxMs: lateMs(histogram.max),
    };
    process.send?.({ loopDelay: delay });
  });
  // The channel must not keep the shop alive: it stops on its signals as it does without the bench.
  process.channel?.unref();
}
