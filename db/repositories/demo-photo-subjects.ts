import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { productImages, stores } from '../schema';

/** What the demo photos show, read from the catalogue: its products' photo files and its shops. */
export function demoPhotoSubjects(db: Db) {
  return {
    async shop(code: string): Promise<{ name: string; variant: number } | null> {
      const [row] = await db.select({ id: stores.id, name: stores.name }).from(stores).where(eq(stores.code, code));
      // Its place among the shops (its id less one) picks the picture's variant.
      return row ? { name: row.name, variant: row.id - 1 } : null;
    },
    async productPhoto(file: string): Promise<boolean> {
      const [row] = await db
        .select({ id: productImages.id })
        .from(productImages)
        .where(eq(productImages.file, file))
        .limit(1);
      return row !== undefined;
    },
  };
}
