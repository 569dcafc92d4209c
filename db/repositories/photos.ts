import { and, asc, eq, sql } from 'drizzle-orm';
import type { PhotoWrites } from '../../domain/photos/photos';
import type { Db } from '../client';
import { productImages, products, stores } from '../schema/catalog';

/** The photo writes of the back office (issue 28) on `db` (a transaction inside `photoUnit`). */
export function photoWrites(db: Db): PhotoWrites {
  return {
    async lockProduct(id) {
      const [row] = await db
        .select({ id: products.id, name: products.name, href: products.url })
        .from(products)
        .where(eq(products.id, id))
        .for('update');
      return row ?? null;
    },
    productPhotos: (productId) =>
      db
        .select({ id: productImages.id, file: productImages.file, sort: productImages.sort })
        .from(productImages)
        .where(eq(productImages.productId, productId))
        .orderBy(asc(productImages.sort), asc(productImages.id)),
    async addProductPhotos(productId, files) {
      if (!files.length) return;
      const [top] = await db
        .select({ max: sql<number | null>`max(${productImages.sort})` })
        .from(productImages)
        .where(eq(productImages.productId, productId));
      const start = top?.max == null ? 0 : Number(top.max) + 1;
      await db.insert(productImages).values(files.map((file, i) => ({ productId, file, sort: start + i })));
    },
    async orderProductPhotos(productId, ids) {
      if (!ids.length) return;
      // One statement: the cache trigger fires once for the product.
      const cases = sql.join(
        ids.map((id, i) => sql`when ${id}::int then ${i}::int`),
        sql` `,
      );
      await db
        .update(productImages)
        .set({ sort: sql`case ${productImages.id} ${cases} else ${productImages.sort} end` })
        .where(eq(productImages.productId, productId));
    },
    async deleteProductPhoto(productId, photoId) {
      const gone = await db
        .delete(productImages)
        .where(and(eq(productImages.productId, productId), eq(productImages.id, photoId)))
        .returning({ id: productImages.id });
      return gone.length > 0;
    },
    async lockShop(id) {
      const [row] = await db
        .select({ id: stores.id, name: stores.name, code: stores.code, photos: stores.photos })
        .from(stores)
        .where(and(eq(stores.id, id), eq(stores.type, 'shop')))
        .for('update');
      return row ? { id: row.id, name: row.name, href: `/stores/${row.code}/`, photos: row.photos } : null;
    },
    async setShopPhotos(shopId, files) {
      await db
        .update(stores)
        .set({ photos: [...files] })
        .where(eq(stores.id, shopId));
    },
  };
}
