import { describe, expect, it } from 'vitest';
import { availabilityOf } from '../../inventory/availability';
import type { ProductRepository, StoredItem, StoredModel } from './product.service';
import { createProductService } from './product.service';

const ONLINE = 100;
const SHOP = 200;

function item(id: number, sizes: [offerId: number, size: string][]): StoredItem {
  return {
    id,
    sid: 9,
    sort: 500,
    code: `p-${id}`,
    url: `/product/p-${id}/`,
    name: 'Парка мужская',
    article: `AR${id}`,
    category: 'парк',
    sectionName: 'Парки',
    description: '',
    isNew: false,
    brand: { id: 1, code: 'taiga', name: 'Taiga', url: '/brands/taiga/' },
    color: { code: 'black', name: 'Чёрный', hex: '#000' },
    props: [],
    modelProps: [{ code: 'ROST_FOTOMODELI', value: '186' }],
    images: [],
    offers: sizes.map(([offerId, sizeName]) => ({
      id: offerId,
      itemId: id,
      sizeId: sizeName.toLowerCase(),
      sizeName,
      sizeSort: 0,
      price: offerId === 12 ? 900_000 : 1_000_000,
      oldPrice: null,
    })),
  };
}

function fakeRepo(overrides: Partial<ProductRepository> = {}) {
  const views: { sessionId: string; productId: number; windowMs: number }[] = [];
  /** What addViews was given, call by call. */
  const added: { productId: number; views: number }[][] = [];
  const model: StoredModel = {
    items: [
      item(1, [
        [11, '52'],
        [12, '48'],
        [13, '50'],
      ]),
    ],
    sections: [{ name: 'Мужчинам', url: '/catalog/man/' }],
    availability: availabilityOf(
      [11, 12, 13],
      [
        { offerId: 11, storeId: ONLINE, storeType: 'online', quantity: 2 },
        { offerId: 12, storeId: SHOP, storeType: 'shop', quantity: 1 },
      ],
    ),
    stores: { onlineStoreIds: [ONLINE], movementStoreIds: [], restrictionOrderShops: {}, shopIdToStoreIds: {} },
  };
  const repo: ProductRepository = {
    idByCode: async (code) => (code === 'p-1' ? 1 : null),
    model: async (id) => (id === 1 ? model : null),
    shopStock: async (id) =>
      id === 1
        ? {
            productId: 1,
            offers: [
              { id: 11, sizeName: '52' },
              { id: 12, sizeName: '48' },
            ],
            cities: [],
          }
        : null,
    productOfOffer: async (offerId) => ({ 11: 1, 12: 1, 13: 1 })[offerId] ?? null,
    // Counts the first view of each session and product; the database version also reopens it after the window.
    claimView: async (sessionId, productId, windowMs) => {
      if (productId !== 1 && productId !== 2) return 'missing';
      if (views.some((v) => v.sessionId === sessionId && v.productId === productId)) return 'repeat';
      views.push({ sessionId, productId, windowMs });
      return 'counted';
    },
    addViews: async (counts) => {
      added.push(counts);
    },
    ...overrides,
  };
  return { repo, views, added };
}

describe('product service', () => {
  it('puts offers in size order with the stock rules applied, and the lowest price on the item', async () => {
    const page = await createProductService(fakeRepo().repo).byCode('p-1');
    const [only] = page?.items ?? [];
    expect(only?.offers.map((o) => [o.sizeName, o.disabled, o.canBuy, o.inShops])).toEqual([
      ['48', false, false, true],
      ['50', true, false, false],
      ['52', false, true, false],
    ]);
    expect(only?.price).toBe(900_000);
    expect(only?.offers[0]?.props).toEqual([{ code: 'ROST_FOTOMODELI', value: '186' }]);
    expect(page?.breadcrumbs.map((b) => b.name)).toEqual(['Главная', 'Мужчинам']);
    expect(await createProductService(fakeRepo().repo).byCode('nope')).toBeNull();
  });

  it('passes the 30-minute window to the counter and says whether the view counted', async () => {
    const { repo, views } = fakeRepo();
    const service = createProductService(repo);
    expect(await service.recordView({ sessionId: 'a' }, { productId: 1, parentId: null })).toEqual({ counted: true });
    expect(await service.recordView({ sessionId: 'a' }, { productId: 1, parentId: 1 })).toEqual({ counted: false });
    expect(views).toEqual([{ sessionId: 'a', productId: 1, windowMs: 30 * 60_000 }]);
  });

  it('counts an offer view for the product it belongs to, and refuses a foreign offer', async () => {
    const { repo, views } = fakeRepo();
    const service = createProductService(repo, { viewWindowMs: 1000 });
    expect(await service.recordView({ sessionId: 'a' }, { productId: 12, parentId: 1 })).toEqual({ counted: true });
    expect(views).toEqual([{ sessionId: 'a', productId: 1, windowMs: 1000 }]);
    await expect(service.recordView({ sessionId: 'a' }, { productId: 99, parentId: 1 })).rejects.toMatchObject({
      kind: 'validation',
    });
    await expect(service.recordView({ sessionId: 'a' }, { productId: 5, parentId: null })).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it('writes counted views only at a flush, summed per product in one call', async () => {
    const { repo, added } = fakeRepo();
    const service = createProductService(repo);
    for (const sessionId of ['a', 'b', 'c']) await service.recordView({ sessionId }, { productId: 1, parentId: null });
    await service.recordView({ sessionId: 'a' }, { productId: 1, parentId: null });
    await service.recordView({ sessionId: 'a' }, { productId: 2, parentId: null });
    expect(added).toEqual([]);
    expect(await service.flushViews()).toBe(4);
    expect(added).toEqual([
      [
        { productId: 1, views: 3 },
        { productId: 2, views: 1 },
      ],
    ]);
    expect(await service.flushViews()).toBe(0);
    expect(added).toHaveLength(1);
  });

  it('keeps the counts of a failed flush, adding the views counted meanwhile, for the next', async () => {
    let fail = true;
    const { repo, added } = fakeRepo();
    const service = createProductService({
      ...repo,
      addViews: async (counts) => {
        if (fail) throw new Error('database gone');
        await repo.addViews(counts);
      },
    });
    await service.recordView({ sessionId: 'a' }, { productId: 1, parentId: null });
    await service.recordView({ sessionId: 'a' }, { productId: 2, parentId: null });
    await expect(service.flushViews()).rejects.toThrow('database gone');
    await service.recordView({ sessionId: 'b' }, { productId: 1, parentId: null });
    fail = false;
    expect(await service.flushViews()).toBe(3);
    expect(added).toEqual([
      [
        { productId: 1, views: 2 },
        { productId: 2, views: 1 },
      ],
    ]);
  });

  it('runs flushes one after another, so a second one waits for the first and writes only what is new', async () => {
    const { repo, added } = fakeRepo();
    let release = () => {};
    let calls = 0;
    const service = createProductService({
      ...repo,
      addViews: async (counts) => {
        if (calls++ === 0) await new Promise<void>((resolve) => (release = resolve));
        await repo.addViews(counts);
      },
    });
    await service.recordView({ sessionId: 'a' }, { productId: 1, parentId: null });
    const first = service.flushViews();
    await service.recordView({ sessionId: 'b' }, { productId: 1, parentId: null });
    let secondDone = false;
    const second = service.flushViews().then((n) => {
      secondDone = true;
      return n;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(secondDone).toBe(false);
    release();
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    expect(added).toEqual([[{ productId: 1, views: 1 }], [{ productId: 1, views: 1 }]]);
  });

  it('answers shop stock with sizes in order, and not_found for an unknown product', async () => {
    const service = createProductService(fakeRepo().repo);
    expect((await service.shopAvailability(1)).offers.map((o) => o.sizeName)).toEqual(['48', '52']);
    await expect(service.shopAvailability(2)).rejects.toMatchObject({ kind: 'not_found' });
  });
});
