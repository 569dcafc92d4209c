import type { Context } from 'hono';
import { STAFF_API } from '../../../../contract/staff-api';
import { notFound } from '../../../../domain/catalog/admin/not-found';
import { productBulkEditInput, productCreateInput } from '../../../../domain/catalog/admin/product-making.schemas';
import type { Services } from '../../../../domain/services';
import { answer } from '../../../http/api-layer';
import type { AppEnv } from '../../../http/env';
import { pathNumber, staffCalls } from './kit';

const productId = (c: Context<AppEnv>) => pathNumber(c, notFound.product);

/**
 * `/api/v2/admin/products/*` writes of issue 47.5: a product made here (its colours, each with sizes and prices in
 * roubles), a copy of one (off sale until published), and the list's bulk edit of the products chosen.
 */
export function productMakingApi(services: Services) {
  const calls = staffCalls();
  const { productMaking } = services;
  calls.write(STAFF_API.products, 'catalog.edit', productCreateInput, async (ctx, input) => ({
    created: await productMaking.create(ctx, input),
  }));
  calls.write(STAFF_API.productBulk, 'catalog.edit', productBulkEditInput, async (ctx, input) => ({
    bulk: await productMaking.bulkEdit(ctx, input),
  }));
  calls.post(STAFF_API.productCopy, 'catalog.edit', async (c) =>
    answer(c, { product: await productMaking.copy(c.get('ctx'), productId(c)) }),
  );
  return calls.api;
}
