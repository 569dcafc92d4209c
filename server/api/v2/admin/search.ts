import { STAFF_API } from '../../../../contract/staff-api';
import { deskSearchInput } from '../../../../domain/search/desk-query';
import type { Services } from '../../../../domain/services';
import { answer } from '../../../http/api-layer';
import { queryOf, staffCalls } from './kit';

/**
 * `GET /api/v2/admin/search/?q=` (issue 47.3): the back office's one search box. Every member may ask
 * (`account.manage`); the answer holds only the groups the role may read — orders (a shop's staff: their shop's),
 * products, customers.
 */
export function deskSearchApi(services: Services) {
  const calls = staffCalls();
  calls.get(STAFF_API.search, 'account.manage', async (c) => {
    const { q, limit } = queryOf(c, deskSearchInput);
    return answer(c, await services.deskSearch.search(c.get('ctx'), q, limit));
  });
  return calls.api;
}
