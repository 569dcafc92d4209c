import { createHash } from 'node:crypto';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { PackagePhotos } from '../../domain/exchange/catalogue-import';

const FORMATS: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
/** Larger than any product photo; a bigger declared size is a broken or hostile file. */
const MAX_SIDE = 12_000;

/**
 * A package's photos into the image pipeline's source folder (`DATA_DIR/images/source`), named by their content, so
 * the same photo in the next package is the same file and changes nothing. Checked by their bytes, not their names.
 */
export function packagePhotos(imagesDir: string): PackagePhotos {
  const sourceDir = path.join(imagesDir, 'source');
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
      const target = path.join(sourceDir, file);
      if (await stat(target).catch(() => null)) return { file, created: false };
      await mkdir(sourceDir, { recursive: true });
      await writeFile(target, bytes);
      return { file, created: true };
    },
  };
}
