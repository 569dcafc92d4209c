import { and, asc, eq, gt, like, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../client';
import { photoFiles } from '../schema';

/** PostgreSQL's `photo_files` by key (decision 0023): write-once rows of a photo's bytes and their type. */
export function photoFileRows(db: Db) {
  return {
    async read(key: string): Promise<{ body: Buffer; type: string } | null> {
      const [row] = await db
        .select({ body: photoFiles.body, type: photoFiles.contentType })
        .from(photoFiles)
        .where(eq(photoFiles.key, key));
      // node-postgres answers a Buffer, PGlite a Uint8Array: one type for the callers.
      return row ? { body: Buffer.isBuffer(row.body) ? row.body : Buffer.from(row.body), type: row.type } : null;
    },
    async exists(key: string): Promise<boolean> {
      const [row] = await db.select({ key: photoFiles.key }).from(photoFiles).where(eq(photoFiles.key, key));
      return row !== undefined;
    },
    async insert(key: string, body: Buffer, type: string): Promise<void> {
      await db.insert(photoFiles).values({ key, body, contentType: type }).onConflictDoNothing();
    },
    /** The sources' keys, by pages of keys rather than one result holding every photo's name at once. */
    async *sourceKeys(): AsyncIterable<string> {
      let after = '';
      for (;;) {
        const rows = await db
          .select({ key: photoFiles.key })
          .from(photoFiles)
          .where(and(like(photoFiles.key, 'source/%'), gt(photoFiles.key, after)))
          .orderBy(asc(photoFiles.key))
          .limit(500);
        for (const row of rows) yield row.key;
        const last = rows.at(-1);
        if (!last) return;
        after = last.key;
      }
    },
  };
}

/**
 * The catalogue's photo files in the order their sizes are made ahead: every product's main photo by popularity (the
 * first screens of the listings), then the products' other photos in the same order, then the shops' photos.
 */
export async function catalogPhotoFiles(db: Db): Promise<string[]> {
  const rows = await queryRows<{ file: string }>(
    db,
    sql`select file from (
          select i.file, row_number() over (partition by i.product_id order by i.sort, i.id) as place,
            p.popularity, p.id
          from product_images i join products p on p.id = i.product_id
          where p.active
          union all
          select photo, 1000000, 0, s.id from stores s, unnest(s.photos) as photo
        ) f
        order by f.place, f.popularity desc, f.id`,
  );
  return [...new Set(rows.map((row) => row.file))];
}
