import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/client';
import { photoFileRows } from '../../db/repositories/photo-files';

/** A stored photo file: its bytes and their type. */
export interface StoredPhoto {
  body: Buffer;
  type: string;
}

/**
 * Where the photo files live, by their path under /images/: a source (`source/{name}.{ext}`) or a size made from it
 * (`{w}x{h}/{name}.{format}`). Write once: a file is named by what it holds, so a second put of a key keeps the first.
 */
export interface PhotoStore {
  get(key: string): Promise<StoredPhoto | null>;
  put(key: string, body: Buffer, type: string): Promise<void>;
  /** Whether the key is kept, without reading its bytes (the background sizes ask it of every size). */
  has(key: string): Promise<boolean>;
}

/** A store that can list its sources: the ones a move to another store copies (the sizes are made again). */
export interface ListedPhotoStore extends PhotoStore {
  sourceKeys(): AsyncIterable<string>;
}

/** The keys there are: one folder segment (`source` or a size) and a plain file name; nothing can climb out. */
const KEY = /^(source|\d{1,4}x\d{1,4})\/[a-z0-9][a-z0-9_-]*\.[a-z]{3,4}$/i;
const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

export function checkedPhotoKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`bad photo key ${JSON.stringify(key)}`);
  return key;
}

/**
 * The embedded default: files under `imagesDir`, in the layout the shop always had (`source/…` for sources,
 * `cache/{w}x{h}/…` for the sizes). The type is the file's extension.
 */
export function folderPhotoStore(imagesDir: string): ListedPhotoStore {
  const fileOf = (key: string) =>
    checkedPhotoKey(key).startsWith('source/') ? path.join(imagesDir, key) : path.join(imagesDir, 'cache', key);
  return {
    async get(key) {
      const body = await readFile(fileOf(key)).catch(() => null);
      if (!body) return null;
      return { body, type: TYPES[path.extname(key).slice(1).toLowerCase()] ?? 'application/octet-stream' };
    },
    has: async (key) => (await stat(fileOf(key)).catch(() => null)) !== null,
    async put(key, body) {
      const file = fileOf(key);
      if (await stat(file).catch(() => null)) return;
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const temp = `${file}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.part`;
      try {
        await writeFile(temp, body);
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async *sourceKeys() {
      const names = await readdir(path.join(imagesDir, 'source')).catch(() => []);
      for (const name of names.sort()) if (KEY.test(`source/${name}`)) yield `source/${name}`;
    },
  };
}

/** PostgreSQL's `photo_files`: every process and host on the database sees the same photos. */
export function databasePhotoStore(db: Db): ListedPhotoStore {
  const rows = photoFileRows(db);
  return {
    get: async (key) => rows.read(checkedPhotoKey(key)),
    put: async (key, body, type) => rows.insert(checkedPhotoKey(key), body, type),
    has: async (key) => rows.exists(checkedPhotoKey(key)),
    sourceKeys: () => rows.sourceKeys(),
  };
}
