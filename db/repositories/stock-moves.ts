import { type SQL, sql } from 'drizzle-orm';
import type { StockMove } from '../../domain/inventory/movements';

/**
 * The expression that tells the `stock` triggers (migration 0029) what the transaction's following stock writes are:
 * put it in a `select` the writer runs anyway (its lock), so it costs no round trip. Local to the transaction.
 */
export function stockMoveSetting(move: StockMove): SQL {
  return sql`set_config('shop.stock_move', ${JSON.stringify(move)}, true)`;
}
