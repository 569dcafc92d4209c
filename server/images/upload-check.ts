import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { DomainError } from '../../domain/errors';
import type { PhotoUploads, PreparedPhoto } from '../../domain/photos/photos';
import type { PhotoStore } from './photo-store';

/** More than this many pixels is refused before the image is decoded (a 50-MP file would take ~200 MB to decode). */
export const PHOTO_MAX_PIXELS = 40_000_000;
/** A photo must be at least this big on its short side: the product page shows it at 640 px and zooms it. */
export const PHOTO_MIN_SIDE = 600;

/** What the first bytes of a file say it is: only the three formats the shop stores. */
function sniff(bytes: Uint8Array): 'jpeg' | 'png' | 'webp' | 'other' {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return 'other';
}

/** Formats recognised by their bytes to say «this is GIF, not accepted» rather than «not an image». */
function otherImage(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, 512)).toString('latin1');
  if (head.startsWith('GIF8')) return 'GIF';
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head) || /<svg[\s>]/i.test(head)) return 'SVG';
  if (head.slice(4, 12) === 'ftypheic' || head.slice(4, 12) === 'ftypheix' || head.slice(4, 12) === 'ftypmif1')
    return 'HEIC';
  if (head.slice(4, 12) === 'ftypavif') return 'AVIF';
  if (head.startsWith('BM')) return 'BMP';
  if (head.startsWith('II*\0') || head.startsWith('MM\0*')) return 'TIFF';
  return null;
}

const refuse = (message: string, code: string) => new DomainError('validation', message, code);

export class PhotoTooLargeError extends DomainError {
  constructor(maxMb: number) {
    super('too_large', `Файл больше ${maxMb} МБ: уменьшите фото и загрузите снова.`, 'PHOTO_TOO_LARGE');
  }
}

/**
 * Checks an uploaded photo by its content, never its name or declared type: JPEG, PNG or WebP by its magic bytes and
 * sharp's reading of its header; at most `maxBytes`, at most 40 megapixels (judged from the header, before any
 * decoding), at least 600 px on the short side, and decodable to the end. The result is the photo re-encoded in its
 * own format with the EXIF orientation applied and all metadata dropped, named by the hash of that content.
 */
export async function checkPhoto(bytes: Uint8Array, maxBytes: number): Promise<PreparedPhoto> {
  if (bytes.byteLength > maxBytes) throw new PhotoTooLargeError(Math.round(maxBytes / 1024 / 1024));
  if (bytes.byteLength === 0) throw refuse('Файл пуст: выберите фото JPEG, PNG или WebP.', 'PHOTO_EMPTY');
  const format = sniff(bytes);
  if (format === 'other') {
    const other = otherImage(bytes);
    if (other) throw refuse(`Формат ${other} не принимается: загрузите фото JPEG, PNG или WebP.`, 'PHOTO_FORMAT');
    throw refuse('Файл не изображение: загрузите фото JPEG, PNG или WebP.', 'PHOTO_NOT_IMAGE');
  }
  // The header only: sharp reads the dimensions without decoding the pixels.
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta || meta.format !== format || !meta.width || !meta.height)
    throw refuse('Файл повреждён или не дочитан: сохраните фото заново и загрузите снова.', 'PHOTO_BROKEN');
  if (meta.width * meta.height > PHOTO_MAX_PIXELS)
    throw refuse(
      `Фото ${meta.width}×${meta.height} больше 40 мегапикселей: уменьшите его и загрузите снова.`,
      'PHOTO_TOO_MANY_PIXELS',
    );
  // EXIF orientations 5–8 swap the sides once applied; the short side is the same either way.
  if (Math.min(meta.width, meta.height) < PHOTO_MIN_SIDE)
    throw refuse(
      `Фото ${meta.width}×${meta.height} слишком маленькое: нужно не меньше ${PHOTO_MIN_SIDE} пикселей по короткой стороне.`,
      'PHOTO_TOO_SMALL',
    );
  let data: Buffer;
  try {
    // `failOn: 'truncated'`: a file cut short is refused, not stored with a grey band. `rotate()` applies the EXIF
    // orientation; without `withMetadata` the output keeps no EXIF, GPS, ICC or XMP data.
    const image = sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'truncated' }).rotate();
    data =
      format === 'jpeg'
        ? await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer()
        : format === 'png'
          ? await image.png({ compressionLevel: 9 }).toBuffer()
          : await image.webp({ quality: 90 }).toBuffer();
  } catch {
    throw refuse('Файл повреждён или не дочитан: сохраните фото заново и загрузите снова.', 'PHOTO_BROKEN');
  }
  const ext = format === 'jpeg' ? 'jpg' : format;
  const file = `up-${createHash('sha256').update(data).digest('hex').slice(0, 32)}.${ext}`;
  return { file, data };
}

const UPLOAD_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** Uploaded photos as sources in the shop's photo store, checked by `checkPhoto` first. */
export function photoUploads(files: PhotoStore, maxBytes: number): PhotoUploads {
  return {
    maxBytes,
    prepare: (bytes) => checkPhoto(bytes, maxBytes),
    async keep(photo) {
      // The same content is the same name: a put of a file already there keeps it.
      const ext = photo.file.slice(photo.file.lastIndexOf('.') + 1);
      const body = Buffer.from(photo.data.buffer, photo.data.byteOffset, photo.data.byteLength);
      await files.put(`source/${photo.file}`, body, UPLOAD_TYPES[ext] ?? 'application/octet-stream');
      return photo.file;
    },
  };
}
