import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../context';
import type { StaffWrite } from '../staff/staff-write';
import type { PhotoWrites, PreparedPhoto } from './photos';
import { createPhotosService, PHOTOS_PER_OWNER } from './photos.service';

/**
 * Uploaded files are stored before the owner's transaction (a bucket may answer slowly, and the transaction would
 * hold the row lock — on the embedded database the shop's one connection — meanwhile), and none is stored for an
 * upload refused at once.
 */
function world(productFiles: string[] = [], shopFiles: string[] = []) {
  let inTransaction = false;
  const keptInTransaction: string[] = [];
  const kept: string[] = [];
  const product = productFiles.map((file, sort) => ({ id: sort + 1, file, sort }));
  let shop = [...shopFiles];
  const rows: PhotoWrites = {
    lockProduct: async (id) => (id === 1 ? { id, name: 'Парка', href: '/product/parka/' } : null),
    productPhotos: async () => [...product],
    addProductPhotos: async (_id, files) => {
      for (const file of files) product.push({ id: product.length + 1, file, sort: product.length });
    },
    orderProductPhotos: async () => {},
    deleteProductPhoto: async () => true,
    lockShop: async (id) => (id === 7 ? { id, name: 'ТЦ Европа', href: 'evropa', photos: [...shop] } : null),
    setShopPhotos: async (_id, files) => {
      shop = [...files];
    },
  };
  const write = (async (_ctx, _action, _target, work) => {
    inTransaction = true;
    try {
      return (await work({ photos: rows } as never, {} as never)).value;
    } finally {
      inTransaction = false;
    }
  }) as StaffWrite;
  const service = createPhotosService({
    rows,
    write,
    store: {
      maxBytes: 10 * 1024 * 1024,
      prepare: async (bytes) => ({ file: `${bytes.join('-')}.jpg`, data: bytes }),
      keep: async (photo: PreparedPhoto) => {
        (inTransaction ? keptInTransaction : kept).push(photo.file);
        return photo.file;
      },
    },
  });
  return { service, kept, keptInTransaction, product, shop: () => shop };
}

const ctx = { actor: { kind: 'staff', staffId: 1, role: 'owner', shopId: null } } as unknown as RequestContext;
const file = (n: number) => Uint8Array.of(n);

describe('an upload of photos', () => {
  it('stores a product’s new files before its transaction, each once, and adds them to the product', async () => {
    const w = world(['1.jpg']);
    const board = await w.service.addProductPhotos(ctx, 1, [file(1), file(2), file(2), file(3)]);
    expect(w.keptInTransaction).toEqual([]);
    expect(w.kept).toEqual(['2.jpg', '3.jpg']);
    expect(board.photos.map((p) => p.file)).toEqual(['1.jpg', '2.jpg', '3.jpg']);
  });

  it('stores a shop’s files before its transaction', async () => {
    const w = world([], ['a.jpg']);
    const board = await w.service.addShopPhotos(ctx, 7, [file(4)]);
    expect(w.keptInTransaction).toEqual([]);
    expect(w.kept).toEqual(['4.jpg']);
    expect(board.photos.map((p) => p.file)).toEqual(['a.jpg', '4.jpg']);
  });

  it('stores nothing for an owner that does not exist or would have too many photos', async () => {
    const full = Array.from({ length: PHOTOS_PER_OWNER }, (_, i) => `old-${i}.jpg`);
    const w = world(full, full);
    await expect(w.service.addProductPhotos(ctx, 1, [file(9)])).rejects.toMatchObject({ code: 'PHOTOS_LIMIT' });
    await expect(w.service.addShopPhotos(ctx, 7, [file(9)])).rejects.toMatchObject({ code: 'PHOTOS_LIMIT' });
    await expect(w.service.addProductPhotos(ctx, 2, [file(9)])).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(w.service.addShopPhotos(ctx, 8, [file(9)])).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect([...w.kept, ...w.keptInTransaction]).toEqual([]);
  });
});
