import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { stores } from '../schema';

/** What a demo shop photo shows: the shop's name on its sign and its place among the shops (its id less one). */
export function shopPhotoSubject(db: Db) {
  return async (code: string): Promise<{ name: string; variant: number } | null> => {
    const [row] = await db.select({ id: stores.id, name: stores.name }).from(stores).where(eq(stores.code, code));
    return row ? { name: row.name, variant: row.id - 1 } : null;
  };
}
