import type { RequestContext } from '../context';
import { DomainError } from '../errors';
import { requirePermission } from '../staff/permissions';
import type { StaffWrite } from '../staff/staff-write';
import type { PhotoBoard, PhotoOwnerFacts, PhotoUploads, PhotoWrites, PreparedPhoto } from './photos';

/** Files one upload may carry. */
export const PHOTOS_PER_UPLOAD = 20;
/** Photos one product or shop may have. */
export const PHOTOS_PER_OWNER = 60;

export interface PhotosService {
  /** The largest photo taken, in megabytes (`PHOTO_MAX_MB`): the upload form says it. */
  readonly maxMb: number;
  /** A product's photos in order, the main one first (`catalog.edit`). */
  productPhotos(ctx: RequestContext, productId: number): Promise<PhotoBoard>;
  /** Checks every file first: one refused file refuses the upload and nothing is stored. */
  addProductPhotos(ctx: RequestContext, productId: number, uploads: readonly Uint8Array[]): Promise<PhotoBoard>;
  /** `ids` must be every photo of the product, once each: a stale order (a photo added or gone meanwhile) is a 409. */
  orderProductPhotos(ctx: RequestContext, productId: number, ids: readonly number[]): Promise<PhotoBoard>;
  deleteProductPhoto(ctx: RequestContext, productId: number, photoId: number): Promise<PhotoBoard>;
  /** A shop's photos (`content.edit`); a photo's id is its file name. */
  shopPhotos(ctx: RequestContext, shopId: number): Promise<PhotoBoard>;
  addShopPhotos(ctx: RequestContext, shopId: number, uploads: readonly Uint8Array[]): Promise<PhotoBoard>;
  orderShopPhotos(ctx: RequestContext, shopId: number, files: readonly string[]): Promise<PhotoBoard>;
  deleteShopPhoto(ctx: RequestContext, shopId: number, file: string): Promise<PhotoBoard>;
}

const noProduct = () => new DomainError('not_found', 'Такого товара нет.', 'NOT_FOUND');
const noShop = () => new DomainError('not_found', 'Такого магазина нет.', 'NOT_FOUND');
const noPhoto = () => new DomainError('not_found', 'Такого фото нет: обновите страницу.', 'PHOTO_NOT_FOUND');
const staleOrder = () =>
  new DomainError(
    'conflict',
    'Порядок не совпадает с фото товара: кто-то изменил их. Обновите страницу и повторите.',
    'PHOTOS_CHANGED',
  );

/** The new order of `ids` after moving `id` up, down or to the first place; null when it cannot move that way. */
export function movedOrder<T>(ids: readonly T[], id: T, move: 'up' | 'down' | 'main'): T[] | null {
  const at = ids.indexOf(id);
  if (at < 0) return null;
  const to = move === 'main' ? 0 : move === 'up' ? at - 1 : at + 1;
  if (to < 0 || to >= ids.length || to === at) return null;
  const next = ids.filter((x) => x !== id);
  next.splice(to, 0, id);
  return next;
}

export function createPhotosService(deps: {
  rows: PhotoWrites;
  write: StaffWrite;
  store: PhotoUploads;
}): PhotosService {
  const { rows, write, store } = deps;

  const checkCount = (uploads: readonly Uint8Array[]) => {
    if (uploads.length === 0)
      throw new DomainError('validation', 'Выберите файл: фото JPEG, PNG или WebP.', 'PHOTO_MISSING');
    if (uploads.length > PHOTOS_PER_UPLOAD)
      throw new DomainError('validation', `За раз — не больше ${PHOTOS_PER_UPLOAD} фото.`, 'PHOTOS_TOO_MANY');
  };
  /** Every file checked before any is written. */
  const prepareAll = async (uploads: readonly Uint8Array[]) => {
    const prepared: PreparedPhoto[] = [];
    for (const [i, bytes] of uploads.entries()) {
      try {
        prepared.push(await store.prepare(bytes));
      } catch (error) {
        if (uploads.length > 1 && error instanceof DomainError) error.message = `Файл ${i + 1}: ${error.message}`;
        throw error;
      }
    }
    return prepared;
  };
  const tooMany = (count: number) => {
    if (count > PHOTOS_PER_OWNER)
      throw new DomainError(
        'limit',
        `У одного товара или магазина — не больше ${PHOTOS_PER_OWNER} фото.`,
        'PHOTOS_LIMIT',
      );
  };
  /**
   * Stores the files of an upload not already among `have`, before the owner's transaction: a bucket may take seconds
   * to answer, and the transaction would hold the owner's row lock — on the embedded database, the shop's one
   * connection — all that time. A file is named by its content, so one kept for an upload refused after all is the
   * same file that upload sent again keeps.
   */
  const keepNew = async (prepared: readonly PreparedPhoto[], have: readonly string[]) => {
    const fresh = prepared.filter(
      (p, i) => !have.includes(p.file) && prepared.findIndex((q) => q.file === p.file) === i,
    );
    tooMany(have.length + fresh.length);
    const files: string[] = [];
    for (const photo of fresh) files.push(await store.keep(photo));
    return files;
  };

  const productBoard = async (repos: PhotoWrites, owner: PhotoOwnerFacts): Promise<PhotoBoard> => ({
    owner,
    photos: (await repos.productPhotos(owner.id)).map((p, i) => ({ id: p.id, file: p.file, sort: i })),
  });
  const shopBoard = (owner: PhotoOwnerFacts, files: readonly string[]): PhotoBoard => ({
    owner: { id: owner.id, name: owner.name, href: owner.href },
    photos: files.map((file, i) => ({ id: file, file, sort: i })),
  });
  const filesOf = (board: PhotoBoard) => ({ photos: board.photos.map((p) => p.file) });

  /** One product change: the lock, the change, the audit entry with the list of files before and after. */
  const productChange = (
    ctx: RequestContext,
    productId: number,
    change: (repos: PhotoWrites, before: PhotoBoard) => Promise<void>,
  ) =>
    write(ctx, 'product.photos', { id: productId }, async ({ photos }) => {
      const owner = await photos.lockProduct(productId);
      if (!owner) throw noProduct();
      const before = await productBoard(photos, owner);
      await change(photos, before);
      const after = await productBoard(photos, owner);
      return { value: after, before: filesOf(before), after: filesOf(after) };
    });
  const shopChange = (ctx: RequestContext, shopId: number, change: (files: readonly string[]) => Promise<string[]>) =>
    write(ctx, 'shop.photos', { id: shopId }, async ({ photos }) => {
      const shop = await photos.lockShop(shopId);
      if (!shop) throw noShop();
      const next = await change(shop.photos);
      await photos.setShopPhotos(shopId, next);
      return { value: shopBoard(shop, next), before: { photos: shop.photos }, after: { photos: next } };
    });

  return {
    maxMb: Math.round(store.maxBytes / 1024 / 1024),
    async productPhotos(ctx, productId) {
      requirePermission(ctx, 'catalog.edit');
      const owner = await rows.lockProduct(productId);
      if (!owner) throw noProduct();
      return productBoard(rows, owner);
    },
    async addProductPhotos(ctx, productId, uploads) {
      checkCount(uploads);
      const prepared = await prepareAll(uploads);
      requirePermission(ctx, 'catalog.edit');
      if (!(await rows.lockProduct(productId))) throw noProduct();
      const kept = await keepNew(
        prepared,
        (await rows.productPhotos(productId)).map((p) => p.file),
      );
      return productChange(ctx, productId, async (repos, before) => {
        // A file is named by its content: the same photo again (in this upload or already on the product, also since
        // the files were kept) is the photo it already has, not a second one.
        const have = new Set(before.photos.map((p) => p.file));
        const fresh = kept.filter((file) => !have.has(file));
        tooMany(before.photos.length + fresh.length);
        if (fresh.length) await repos.addProductPhotos(productId, fresh);
      });
    },
    orderProductPhotos: (ctx, productId, ids) =>
      productChange(ctx, productId, async (repos, before) => {
        const have = before.photos.map((p) => p.id as number);
        if (ids.length !== have.length || new Set(ids).size !== ids.length || !ids.every((id) => have.includes(id)))
          throw staleOrder();
        await repos.orderProductPhotos(productId, ids);
      }),
    deleteProductPhoto: (ctx, productId, photoId) =>
      productChange(ctx, productId, async (repos, before) => {
        if (!before.photos.some((p) => p.id === photoId)) throw noPhoto();
        await repos.deleteProductPhoto(productId, photoId);
        // The rest keep their order, numbered again from 0.
        const rest = before.photos.filter((p) => p.id !== photoId).map((p) => p.id as number);
        if (rest.length) await repos.orderProductPhotos(productId, rest);
      }),
    async shopPhotos(ctx, shopId) {
      requirePermission(ctx, 'content.edit');
      const shop = await rows.lockShop(shopId);
      if (!shop) throw noShop();
      return shopBoard(shop, shop.photos);
    },
    async addShopPhotos(ctx, shopId, uploads) {
      checkCount(uploads);
      const prepared = await prepareAll(uploads);
      requirePermission(ctx, 'content.edit');
      const shop = await rows.lockShop(shopId);
      if (!shop) throw noShop();
      const kept = await keepNew(prepared, shop.photos);
      return shopChange(ctx, shopId, async (files) => {
        const added = kept.filter((f) => !files.includes(f));
        tooMany(files.length + added.length);
        return [...files, ...added];
      });
    },
    orderShopPhotos: (ctx, shopId, order) =>
      shopChange(ctx, shopId, async (files) => {
        if (
          order.length !== files.length ||
          new Set(order).size !== order.length ||
          !order.every((f) => files.includes(f))
        )
          throw staleOrder();
        return [...order];
      }),
    deleteShopPhoto: (ctx, shopId, file) =>
      shopChange(ctx, shopId, async (files) => {
        if (!files.includes(file)) throw noPhoto();
        return files.filter((f) => f !== file);
      }),
  };
}
