import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import { STAFF_API } from '../../../contract/staff-api';
import { DomainError } from '../../../domain/errors';
import {
  movementsQueryInput,
  stockDocumentInput,
  stockQueryInput,
} from '../../../domain/inventory/stock-documents.schemas';
import type { Services } from '../../../domain/services';
import { ownShopScope, requirePermission } from '../../../domain/staff/permissions';
import { answer } from '../../http/api-layer';
import { parseInput } from '../../http/body';
import type { AppEnv } from '../../http/env';

/** The query string read through a schema: a bad parameter is a 400 with its Russian message. */
function parseQuery<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.infer<S> {
  const result = schema.safeParse(c.req.query());
  if (!result.success)
    throw new DomainError('validation', result.error.issues[0]?.message ?? 'Проверьте параметры.', 'INVALID_QUERY');
  return result.data;
}

/**
 * `/api/v2/admin/stock/*` (issue 28.2, 28.6): sizes × stores of a product, stock documents, the movement history.
 * Permission `stock.adjust`; a `shop` member sees and writes their own shop only.
 */
export function adminStockApi(services: Services) {
  const api = new Hono<AppEnv>();
  // The role's permission before anything is read; the stores are checked by the service.
  const gate = (c: Context<AppEnv>) => requirePermission(c.get('ctx'), 'stock.adjust', ownShopScope(c.get('ctx')));

  api.get(STAFF_API.stock, async (c) => {
    gate(c);
    const q = parseQuery(c, stockQueryInput);
    return answer(c, await services.stockAdmin.table(c.get('ctx'), q));
  });
  api.post(STAFF_API.stockDocuments, async (c) => {
    gate(c);
    const input = await parseInput(c, stockDocumentInput);
    return answer(c, { document: await services.stockAdmin.document(c.get('ctx'), input) });
  });
  api.get(STAFF_API.stockMovements, async (c) => {
    gate(c);
    const q = parseQuery(c, movementsQueryInput);
    return answer(c, await services.stockAdmin.movements(c.get('ctx'), q));
  });
  return api;
}
