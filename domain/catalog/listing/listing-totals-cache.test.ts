import { describe, expect, it } from 'vitest';
import { createListingService, type ListingRepository, MAX_CACHED_TOTALS } from './listing.service';

/** A repository that counts the scope totals it is asked for, per brand id. */
function service() {
  const loads: number[] = [];
  const repo: ListingRepository = {
    reference: async () => ({ sections: [], brands: [], filters: [] }),
    async scopeTotals(scope) {
      loads.push(scope.kind === 'brand' ? scope.brandId : -1);
      return { count: 1, values: {}, price: { min: 100000, max: 100000 } };
    },
    listing: async () => ({ live: null, items: [] }),
    offers: async () => ({
      offers: [],
      availability: [],
      stores: { onlineStoreIds: [], movementStoreIds: [], restrictionOrderShops: {}, shopIdToStoreIds: {} },
    }),
    productUrls: async () => [],
    warm: async () => {},
  };
  const svc = createListingService(repo);
  const open = (brandId: number) =>
    svc.page({
      scope: { kind: 'brand', brandId, gender: null },
      base: '/brands/x/',
      segments: null,
      params: () => null,
    });
  return { loads, open };
}

describe('the cache of scope totals', () => {
  it('loads a scope once and answers it again from memory', async () => {
    const { loads, open } = service();
    await open(1);
    await open(1);
    expect(loads).toEqual([1]);
  });

  it('holds at most MAX_CACHED_TOTALS scopes: one more evicts the oldest, which is loaded again', async () => {
    const { loads, open } = service();
    for (let id = 1; id <= MAX_CACHED_TOTALS + 1; id++) await open(id);
    expect(loads).toHaveLength(MAX_CACHED_TOTALS + 1);

    // The newest MAX_CACHED_TOTALS scopes are all kept.
    loads.length = 0;
    for (let id = 2; id <= MAX_CACHED_TOTALS + 1; id++) await open(id);
    expect(loads).toEqual([]);

    // The oldest was dropped; loading it again drops the next oldest, so the cache never grows past the cap.
    await open(1);
    expect(loads).toEqual([1]);
    await open(2);
    expect(loads).toEqual([1, 2]);
    await open(MAX_CACHED_TOTALS + 1);
    expect(loads).toEqual([1, 2]);
  });
});
