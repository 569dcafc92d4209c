import { describe, expect, it } from 'vitest';
import type { FilterDef } from '../filter/filter-facets';
import {
  createListingService,
  type ListingQuery,
  type ListingReference,
  type ListingRepository,
  type SectionNode,
} from './listing.service';

const section = (id: number, parentId: number | null, url: string, count: number): SectionNode => ({
  id,
  parentId,
  name: `s${id}`,
  url,
  depth: parentId ? 2 : 1,
  sort: id,
  gender: 'women',
  count,
  minPrice: 100000,
  hasNew: false,
});
const filters: FilterDef[] = [
  {
    code: 'brand',
    name: 'Бренд',
    kind: 'list',
    values: [
      { value: 'nordvik', name: 'Nordvik' },
      { value: 'taiga', name: 'Taiga' },
    ],
  },
  {
    code: 'color',
    name: 'Цвет',
    kind: 'list',
    values: [
      { value: 'black', name: 'Чёрный' },
      { value: 'red', name: 'Красный' },
    ],
  },
  { code: 'price', name: 'Цена', kind: 'range', values: [] },
];
const ref: ListingReference = {
  sections: [section(1, null, '/catalog/women/', 60), section(2, 1, '/catalog/women/puhoviki/', 60)],
  brands: [
    { id: 1, code: 'nordvik', name: 'Nordvik', text: '', count: 30, menCount: 0 },
    { id: 2, code: 'taiga', name: 'Taiga', text: '', count: 30, menCount: 10 },
  ],
  filters,
};

function service(count = 60) {
  const queries: ListingQuery[] = [];
  const repo: ListingRepository = {
    reference: async () => ref,
    scopeTotals: async () => ({ count, values: { color: { black: 20 } }, price: { min: 100000, max: 900000 } }),
    async listing(q) {
      queries.push(q);
      return { live: null, items: [] };
    },
    offers: async () => ({
      offers: [],
      availability: [],
      stores: { onlineStoreIds: [], movementStoreIds: [], restrictionOrderShops: {}, shopIdToStoreIds: {} },
    }),
    productUrls: async () => [],
    warm: async () => {},
  };
  return { svc: createListingService(repo), queries };
}
const params = (q: Record<string, string>) => (name: string) => q[name] ?? null;

describe('listing pages', () => {
  it('answers a canonical filter URL and queries with the parsed filter', async () => {
    const { svc, queries } = service();
    const out = await svc.sectionPage(
      '/catalog/women/puhoviki/filter/brand-is-taiga/color-is-black-or-red/apply/',
      params({ sort: 'price_asc', PAGEN_1: '2' }),
    );
    expect(out.kind).toBe('ok');
    expect(queries[0]).toMatchObject({
      scope: { kind: 'section', sectionId: 2 },
      sort: 'price_asc',
      limit: 24,
      offset: 24,
      filter: { lists: { brand: ['taiga'], color: ['black', 'red'] } },
    });
  });

  it.each([
    [
      '/catalog/women/puhoviki/filter/color-is-red-or-black/brand-is-taiga/apply/',
      {},
      '/catalog/women/puhoviki/filter/brand-is-taiga/color-is-black-or-red/apply/',
    ],
    [
      '/catalog/women/puhoviki/filter/COLOR-is-Black/apply/',
      {},
      '/catalog/women/puhoviki/filter/color-is-black/apply/',
    ],
    ['/catalog/women/puhoviki/filter/price-from-0-to-0/apply/', {}, '/catalog/women/puhoviki/'],
    ['/catalog/women/puhoviki/', { sort: 'default_desc' }, '/catalog/women/puhoviki/'],
    ['/catalog/women/puhoviki/', { sort: 'nonsense', PAGEN_1: '2' }, '/catalog/women/puhoviki/?PAGEN_1=2'],
    ['/catalog/women/puhoviki/', { PAGEN_1: '1', sort: 'new_desc' }, '/catalog/women/puhoviki/?sort=new_desc'],
    [
      '/catalog/women/puhoviki/',
      { price_from: '5 000', price_to: '', sort: 'price_desc', PAGEN_1: '3' },
      '/catalog/women/puhoviki/filter/price-from-5000/apply/?sort=price_desc',
    ],
  ])('redirects %s %j to its canonical URL', async (path, query, to) => {
    const out = await service().svc.sectionPage(path, params(query as Record<string, string>));
    expect(out).toEqual({ kind: 'redirect', to });
  });

  it.each([
    ['/catalog/men/', {}],
    ['/catalog/women/puhoviki/filter/colour-is-black/apply/', {}],
    ['/catalog/women/puhoviki/filter/color-is-ultraviolet/apply/', {}],
    ['/catalog/women/puhoviki/filter/color-is-black/', {}],
    ['/catalog/women/puhoviki/filter/price-is-cheap/apply/', {}],
    ['/catalog/women/puhoviki/', { PAGEN_1: 'abc' }],
    ['/catalog/women/puhoviki/', { PAGEN_1: '4' }],
  ])('answers not found for %s %j', async (path, query) => {
    expect(await service().svc.sectionPage(path, params(query as Record<string, string>))).toEqual({
      kind: 'not_found',
    });
  });

  it('keeps a brand page brand out of its URL and refuses another brand in the filter', async () => {
    const { svc, queries } = service();
    const out = await svc.brandPage('/brands/taiga/man/filter/color-is-black/apply/', params({}));
    expect(out.kind).toBe('ok');
    // The brand is the scope already: it is not counted again as a filter.
    expect(queries[0]).toMatchObject({
      scope: { kind: 'brand', brandId: 2, gender: 'man' },
      filter: { lists: { color: ['black'] } },
    });
    if (out.kind === 'ok') {
      expect(out.value.listing.href).toBe('/brands/taiga/man/filter/color-is-black/apply/');
      expect(out.value.listing.facets.map((f) => f.code)).not.toContain('brand');
    }
    expect(await svc.brandPage('/brands/taiga/filter/brand-is-nordvik/apply/', params({}))).toEqual({
      kind: 'not_found',
    });
    expect(await svc.brandPage('/brands/nordvik/man/', params({}))).toEqual({ kind: 'not_found' });
  });

  it('builds the section tree: children, or siblings for a leaf', async () => {
    const out = await service().svc.sectionPage('/catalog/women/', params({}));
    expect(out.kind === 'ok' && out.value.tree.map((s) => s.id)).toEqual([2]);
    const leaf = await service().svc.sectionPage('/catalog/women/puhoviki/', params({}));
    expect(leaf.kind === 'ok' && [leaf.value.tree.map((s) => s.id), leaf.value.ancestors.map((s) => s.id)]).toEqual([
      [2],
      [1, 2],
    ]);
  });
});
