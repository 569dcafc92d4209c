import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { type Context, Hono } from 'hono';
import sharp from 'sharp';
import { IMAGE_SIZE_SEGMENTS } from '../../contract/images';
import type { AppEnv } from '../http/env';
import type { DemoSources } from './demo-sources';
import type { PhotoStore } from './photo-store';
import { PHOTO_TYPES, type PhotoFormat, type PhotoSizes, photoSizes, SOURCE_EXTS } from './photo-sizes';
import { createRenderPool, RenderQueueFull } from './render-pool';

type RenderPool = Pick<ReturnType<typeof createRenderPool>, 'run'>;

/**
 * Cold renders at once and queued: one encode per core but one left for the pages, and a queue a burst of a page's
 * own photos fits in. Each render itself uses one thread (`sharp.concurrency`).
 */
export const RENDER_LIMITS = { concurrency: Math.max(1, availableParallelism() - 1), maxWaiting: 64 };
sharp.concurrency(1);

const NAME = /^[a-z0-9][a-z0-9_-]*$/i;

export function pickFormat(accept: string | undefined): PhotoFormat {
  const a = accept ?? '';
  if (a.includes('image/avif')) return 'avif';
  if (a.includes('image/webp')) return 'webp';
  return 'jpeg';
}

/**
 * `/images/{w}x{h}/{name}.{ext}`: the source image resized to exactly w x h, encoded as AVIF or WebP when the
 * browser says it takes them, else JPEG. A size is made ahead when its photo arrives (`PhotoSizes.ahead`), and here
 * only when it is still missing, in the bounded render pool; kept in the photo store, where every process on the same
 * store finds it. `/images/source/{name}.{ext}`: the source itself; a demo picture the store lacks is drawn on its
 * first request (`demo`) and kept there too.
 */
export function imageRoutes(
  store: PhotoStore,
  {
    pool = createRenderPool(RENDER_LIMITS),
    demo,
    sizes,
    log,
  }: {
    pool?: RenderPool;
    demo?: DemoSources;
    /** The shop's photo sizes (shared with the background); made here from `store`, `demo` and `pool` without it. */
    sizes?: PhotoSizes;
    log?: { warn(fields: { err: unknown; key: string }, message: string): void };
  } = {},
) {
  const app = new Hono<AppEnv>();
  const photos =
    sizes ??
    photoSizes({
      store,
      demo,
      pool,
      onError: (error, key) => log?.warn({ err: error, key }, 'изображение не сохранено'),
    });

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

  const busy = (c: Context<AppEnv>) => {
    c.header('retry-after', '2');
    c.header('cache-control', 'no-store');
    return c.text('Изображение готовится: повторите через пару секунд.', 503);
  };

  app.get('/:size/:file', async (c) => {
    const { size, file } = c.req.param();
    const dot = file.lastIndexOf('.');
    const name = dot > 0 ? file.slice(0, dot) : '';
    const ext = dot > 0 ? file.slice(dot + 1).toLowerCase() : '';
    if (!NAME.test(name) || !SOURCE_EXTS.includes(ext)) return c.text('Неверное имя изображения', 400);
    // Spec §9: the only sizes there are. Anything else is refused, so nobody can fill the cache with junk.
    if (size !== 'source' && !IMAGE_SIZE_SEGMENTS.has(size)) return c.text('Такого размера изображения нет', 400);
    try {
      if (size === 'source') {
        const source = await photos.source(name, ext);
        if (!source) return c.text('Изображение не найдено', 404);
        const tag = createHash('sha1').update(source.body).digest('base64url').slice(0, 20);
        return send(c, source.body, source.type, `"${tag}"`, false);
      }
      const format = pickFormat(c.req.header('accept'));
      const body = await photos.size(name, ext, size, format);
      if (!body) return c.text('Изображение не найдено', 404);
      const tag = createHash('sha1').update(body).digest('base64url').slice(0, 20);
      return send(c, body, PHOTO_TYPES[format], `"${format}-${tag}"`, true);
    } catch (error) {
      if (error instanceof RenderQueueFull) return busy(c);
      throw error;
    }
  });

  app.all('*', (c) => c.text('Неверный адрес изображения', 400));
  return app;
}
