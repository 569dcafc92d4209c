import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { PackagePhotos } from '../../domain/exchange/catalogue-import';
import type { PhotoStore } from '../images/photo-store';

const FORMATS: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
/** Larger than any product photo; a bigger declared size is a broken or hostile file. */
const MAX_SIDE = 12_000;

/**
 * A package's photos into the shop's photo store as sources, named by their content, so the same photo in the next
 * package is the same file and changes nothing. Checked by their bytes, not their names.
 */
export function packagePhotos(store: PhotoStore): PackagePhotos {
  return {
    async save(bytes) {
      const meta = await sharp(bytes)
        .metadata()
        .catch(() => null);
      const ext = meta?.format ? FORMATS[meta.format] : undefined;
      if (!meta || !ext) return { error: 'не JPEG, PNG или WebP.' };
      if (!meta.width || !meta.height || meta.width > MAX_SIDE || meta.height > MAX_SIDE)
        return { error: `размер ${meta.width ?? 0}×${meta.height ?? 0} не подходит.` };
      const file = `1c-${createHash('sha256').update(bytes).digest('hex').slice(0, 24)}.${ext}`;
      const key = `source/${file}`;
      if (await store.get(key)) return { file, created: false };
      await store.put(key, bytes, TYPES[ext] as string);
      return { file, created: true };
    },
  };
}
