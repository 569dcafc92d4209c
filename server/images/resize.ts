import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { type Context, Hono } from 'hono';
import sharp from 'sharp';
import { IMAGE_SIZE_SEGMENTS } from '../../contract/images';
import type { AppEnv } from '../http/env';
import { createRenderPool, RenderQueueFull } from './render-pool';

/**
 * Cold renders at once and queued: one encode per core but one left for the pages, and a queue a burst of a page's
 * own photos fits in. Each render itself uses one thread (`sharp.concurrency`).
 */
const RENDER_LIMITS = { concurrency: Math.max(1, availableParallelism() - 1), maxWaiting: 64 };
sharp.concurrency(1);

const NAME = /^[a-z0-9][a-z0-9_-]*$/i;
const SOURCE_EXTS = ['jpg', 'jpeg', 'png', 'webp'];
const TYPES = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' } as const;
type Format = keyof typeof TYPES;

export function pickFormat(accept: string | undefined): 'avif' | 'webp' | 'jpeg' {
  const a = accept ?? '';
  if (a.includes('image/avif')) return 'avif';
  if (a.includes('image/webp')) return 'webp';
  return 'jpeg';
}

/**
 * `/images/{w}x{h}/{name}.{ext}`: the source image resized to exactly w x h, encoded as AVIF or WebP when the
 * browser says it takes them, else JPEG. Each variant is made once and kept in a disk cache.
 * `/images/source/{name}.{ext}`: the source itself.
 */
export function imageRoutes(imagesDir: string, pool = createRenderPool(RENDER_LIMITS)) {
  const app = new Hono<AppEnv>();
  const sourceDir = path.resolve(imagesDir, 'source');
  const cacheDir = path.resolve(imagesDir, 'cache');
  const inFlight = new Map<string, Promise<Buffer>>();

  const findSource = async (name: string) => {
    for (const ext of SOURCE_EXTS) {
      const file = path.join(sourceDir, `${name}.${ext}`);
      if ((await stat(file).catch(() => null))?.isFile()) return file;
    }
    return null;
  };

  const send = (c: Context<AppEnv>, body: Buffer, type: string, etag: string, vary: boolean) => {
    const headers: Record<string, string> = {
      'content-type': type,
      etag,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    };
    if (vary) headers.vary = 'Accept';
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    headers['content-length'] = String(body.length);
    return c.body(new Uint8Array(body), 200, headers);
  };

  app.get('/:size/:file', async (c) => {
    const { size, file } = c.req.param();
    const dot = file.lastIndexOf('.');
    const name = dot > 0 ? file.slice(0, dot) : '';
    const ext = dot > 0 ? file.slice(dot + 1).toLowerCase() : '';
    if (!NAME.test(name) || !SOURCE_EXTS.includes(ext)) return c.text('Неверное имя изображения', 400);
    // Spec §9: the only sizes there are. Anything else is refused, so nobody can fill the cache with junk.
    if (size !== 'source' && !IMAGE_SIZE_SEGMENTS.has(size)) return c.text('Такого размера изображения нет', 400);
    const source = await findSource(name);
    if (!source) return c.text('Изображение не найдено', 404);

    if (size === 'source') {
      const body = await readFile(source);
      const type = TYPES[path.extname(source).slice(1).replace('jpg', 'jpeg') as Format] ?? 'application/octet-stream';
      return send(c, body, type, `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`, false);
    }
    const [width, height] = size.split('x').map(Number) as [number, number];
    const format = pickFormat(c.req.header('accept'));
    const cached = path.join(cacheDir, size, `${name}.${format}`);
    const key = `${size}/${name}.${format}`;
    let body: Buffer | null = await readFile(cached).catch(() => null);
    if (!body) {
      let job = inFlight.get(key);
      if (!job) {
        job = pool.run(() => render(source, width, height, format, cached)).finally(() => inFlight.delete(key));
        inFlight.set(key, job);
      }
      try {
        body = await job;
      } catch (error) {
        if (!(error instanceof RenderQueueFull)) throw error;
        c.header('retry-after', '2');
        c.header('cache-control', 'no-store');
        return c.text('Изображение готовится: повторите через пару секунд.', 503);
      }
    }
    if (!body) return c.text('Изображение не найдено', 404);
    return send(
      c,
      body,
      TYPES[format],
      `"${format}-${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
      true,
    );
  });

  app.all('*', (c) => c.text('Неверный адрес изображения', 400));
  return app;
}

async function render(
  source: string,
  width: number,
  height: number,
  format: 'avif' | 'webp' | 'jpeg',
  outFile: string,
): Promise<Buffer> {
  const pipeline = sharp(source).resize(width, height, { fit: 'cover', position: 'centre' });
  const body = await (format === 'avif'
    ? pipeline.avif({ quality: 55, effort: 2 })
    : format === 'webp'
      ? pipeline.webp({ quality: 80 })
      : pipeline.jpeg({ quality: 82, mozjpeg: true })
  ).toBuffer();
  await mkdir(path.dirname(outFile), { recursive: true });
  // Write then rename, so a reader never sees half a file.
  const tmp = `${outFile}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, body);
  await rename(tmp, outFile);
  return body;
}
