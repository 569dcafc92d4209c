import { STAFF_API } from '../../../../contract/staff-api';
import {
  movementsQueryInput,
  stockDocumentInput,
  stockQueryInput,
} from '../../../../domain/inventory/stock-documents.schemas';
import type { Services } from '../../../../domain/services';
import { answer } from '../../../http/api-layer';
import { queryOf, staffCalls } from './kit';

/**
 * `/api/v2/admin/stock/*` (issue 28.2, 28.6): sizes × stores of a product, stock documents, the movement history.
 * Permission `stock.adjust`; the service keeps a shop's staff to their own shop's stores.
 */
export function stockAdminApi(services: Services) {
  const calls = staffCalls();
  calls.get(STAFF_API.stock, 'stock.adjust', async (c) =>
    answer(c, await services.stockAdmin.table(c.get('ctx'), queryOf(c, stockQueryInput))),
  );
  calls.write(STAFF_API.stockDocuments, 'stock.adjust', stockDocumentInput, async (ctx, input) => ({
    document: await services.stockAdmin.document(ctx, input),
  }));
  calls.get(STAFF_API.stockMovements, 'stock.adjust', async (c) =>
    answer(c, await services.stockAdmin.movements(c.get('ctx'), queryOf(c, movementsQueryInput))),
  );
  return calls.api;
}
