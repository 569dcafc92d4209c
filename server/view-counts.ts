import type { Logger } from 'pino';
import type { ProductService } from '../domain/catalog/product/product.service';
import { startPeriodic } from './periodic';

/** How long counted product views wait in the process before they reach the products' counters. */
const EVERY_MS = 5_000;

/**
 * Writes the product views the process has counted every few seconds (the product service keeps them, see
 * `flushViews`). `flush` writes once more, for shutdown, after the last requests and before the database closes.
 */
export function startViewFlush(deps: { product: ProductService; log: Logger }) {
  const flush = async () => {
    try {
      await deps.product.flushViews();
    } catch (err) {
      deps.log.error({ err }, 'просмотры: запись счётчиков не удалась, попробую ещё раз');
    }
  };
  const periodic = startPeriodic({ firstMs: EVERY_MS, everyMs: EVERY_MS, run: flush });
  return { stop: periodic.stop, flush };
}
