import cluster from 'node:cluster';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Preloaded into the shop's process by the bench (`--import`): the event loop's delay, measured inside the process
 * that serves the requests. Over the IPC channel the bench sends 'loop-delay:reset' before a load and
 * 'loop-delay:read' after it; the answer is the delay's median, p99 and maximum in ms since the reset.
 */
export interface LoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const ms = (ns: number) => Math.round(ns / 1e5) / 10;

// A cluster worker's channel is the primary's, which also hands it its connections: left alone.
if (!cluster.isWorker) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on('message', (message) => {
    if (message !== 'loop-delay:read' && message !== 'loop-delay:reset') return;
    if (message === 'loop-delay:reset') histogram.reset();
    const delay: LoopDelay = {
      p50Ms: ms(histogram.percentile(50)),
      p99Ms: ms(histogram.percentile(99)),
      maxMs: ms(histogram.max),
    };
    process.send?.({ loopDelay: delay });
  });
  // The channel must not keep the shop alive: it stops on its signals as it does without the bench.
  process.channel?.unref();
}
