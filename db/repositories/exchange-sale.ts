import { sql } from 'drizzle-orm';
import type { SaleLog } from '../../domain/exchange/order-status';
import { type Db, ts } from '../client';

/** The exchange log's rows of 1C's orders files (type `sale`): one per file applied. */
export function exchangeSaleLog(db: Db): SaleLog {
  return {
    async record(e) {
      const { records, changed, unchanged, errors } = e.result;
      await db.execute(sql`insert into exchange_log
          (session_key, staff_id, type, file_name, started_at, finished_at, status, position, counts, errors)
        values (${e.sessionKey}, ${e.staffId}, 'sale', ${e.fileName}, ${ts(e.startedAt)}, ${ts(e.finishedAt)},
          'success', ${records}, ${JSON.stringify({ orders: { changed, unchanged }, records })}::jsonb,
          ${JSON.stringify(errors)}::jsonb)`);
    },
  };
}
