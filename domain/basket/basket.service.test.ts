import { describe, expect, it } from 'vitest';
import { createBasketService } from './basket.service';
import type { BasketRepository, StoredLine } from './ports';

const ctx = { sessionId: 's1', actor: { kind: 'visitor' as const } };
const unused = () => Promise.reject(new Error('not used by this test'));
const catalogue = {
  productId: 1,
  productName: 'Парка',
  brandName: 'Вьюга',
  category: 'парка',
  colorName: 'Синий',
  url: '/product/parka/',
  image: null,
  sizeName: '46',
  price: 1_000_000,
  oldPrice: null,
};

/** A repository holding the owner's stored lines and each offer's online stock, logging every write. */
function fakeRepo(stock: Record<number, number>, lines: StoredLine[] = []) {
  const writes: unknown[][] = [];
  const repo: BasketRepository = {
    counts: unused,
    rows: async () => [],
    onlineStock: async (ids) => new Map(ids.filter((id) => id in stock).map((id) => [id, stock[id] as number])),
    snapshot: async (owner, offerId) => ({
      owner: { sessionId: owner.sessionId, userId: null },
      offer: offerId in stock ? { ...catalogue, offerId, stock: stock[offerId] as number } : null,
      rows: [],
    }),
    async addLine(_owner, offerId, { delay, quantity }) {
      writes.push(['addLine', offerId, delay]);
      return { outcome: 'added', lineId: 1, quantity };
    },
    removeFromWishlist: unused,
    sameProduct: unused,
    changeOffer: unused,
    line: async (_owner, lineId) => lines.find((l) => l.id === lineId) ?? null,
    deleteLine: unused,
    async setQuantity(_owner, lineId, quantity) {
      writes.push(['setQuantity', lineId, quantity]);
    },
    moveToWishlist: unused,
    mergeSources: unused,
    replaceWithMerged: unused,
  };
  return { repo, writes };
}

describe('setQuantity', () => {
  const line: StoredLine = { id: 7, offerId: 70, delay: false, quantity: 1 };

  it('refuses a quantity above the online stock with QUANTITY_LIMIT and writes nothing', async () => {
    const { repo, writes } = fakeRepo({ 70: 3 }, [line]);
    await expect(createBasketService(repo).setQuantity(ctx, 7, 4)).rejects.toMatchObject({
      kind: 'limit',
      code: 'QUANTITY_LIMIT',
      message: 'В наличии только 3\u00a0шт. — больше добавить нельзя.',
    });
    expect(writes).toEqual([]);
  });

  it('writes a quantity up to the online stock', async () => {
    const { repo, writes } = fakeRepo({ 70: 3 }, [line]);
    await createBasketService(repo).setQuantity(ctx, 7, 3);
    expect(writes).toEqual([['setQuantity', 7, 3]]);
  });

  it('refuses a line whose offer has sold out, and a line on the wishlist', async () => {
    const sold = fakeRepo({ 70: 0 }, [line]);
    await expect(createBasketService(sold.repo).setQuantity(ctx, 7, 1)).rejects.toMatchObject({
      code: 'OFFER_NOT_AVAILABLE',
    });
    const delayed = fakeRepo({ 70: 3 }, [{ ...line, delay: true }]);
    await expect(createBasketService(delayed.repo).setQuantity(ctx, 7, 1)).rejects.toMatchObject({
      code: 'LINE_NOT_FOUND',
    });
    expect([...sold.writes, ...delayed.writes]).toEqual([]);
  });
});

describe('addToWishlist', () => {
  it('keeps a size that cannot be bought online, so the shopper can watch it', async () => {
    const { repo, writes } = fakeRepo({ 80: 0 });
    await createBasketService(repo).addToWishlist(ctx, 80);
    expect(writes).toEqual([['addLine', 80, true]]);
  });

  it('refuses an offer that does not exist or whose product is hidden', async () => {
    const { repo, writes } = fakeRepo({});
    await expect(createBasketService(repo).addToWishlist(ctx, 81)).rejects.toMatchObject({
      kind: 'not_found',
      code: 'OFFER_NOT_FOUND',
    });
    expect(writes).toEqual([]);
  });
});
