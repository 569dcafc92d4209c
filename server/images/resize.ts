import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { type Context, Hono } from 'hono';
import sharp from 'sharp';
import { IMAGE_SIZE_SEGMENTS } from '../../contract/images';
import type { AppEnv } from '../http/env';
import type { DemoSources } from './demo-sources';
import type { PhotoStore, StoredPhoto } from './photo-store';
import { createRenderPool, RenderQueueFull } from './render-pool';

type RenderPool = Pick<ReturnType<typeof createRenderPool>, 'run'>;

/**
 * Cold renders at once and queued: one encode per core but one left for the pages, and a queue a burst of a page's
 * own photos fits in. Each render itself uses one thread (`sharp.concurrency`).
 */
const RENDER_LIMITS = { concurrency: Math.max(1, availableParallelism() - 1), maxWaiting: 64 };
sharp.concurrency(1);

const NAME = /^[a-z0-9][a-z0-9_-]*$/i;
const SOURCE_EXTS = ['jpg', 'jpeg', 'png', 'webp'];
const TYPES = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' } as const;

export function pickFormat(accept: string | undefined): 'avif' | 'webp' | 'jpeg' {
  const a = accept ?? '';
  if (a.includes('image/avif')) return 'avif';
  if (a.includes('image/webp')) return 'webp';
  return 'jpeg';
}

/**
 * `/images/{w}x{h}/{name}.{ext}`: the source image resized to exactly w x h, encoded as AVIF or WebP when the
 * browser says it takes them, else JPEG. Each variant is made once and kept in the photo store, where every process
 * on the same store finds it. `/images/source/{name}.{ext}`: the source itself; a demo picture the store lacks is
 * drawn on its first request (`demo`) and kept there too.
 */
export function imageRoutes(
  store: PhotoStore,
  { pool = createRenderPool(RENDER_LIMITS), demo }: { pool?: RenderPool; demo?: DemoSources } = {},
) {
  const app = new Hono<AppEnv>();
  const inFlight = new Map<string, Promise<Buffer | null>>();

  /** One job per key at a time in this process: a burst for one cold photo renders it once. */
  const once = (key: string, job: () => Promise<Buffer | null>) => {
    let running = inFlight.get(key);
    if (!running) {
      running = job().finally(() => inFlight.delete(key));
      inFlight.set(key, running);
    }
    return running;
  };

  /**
   * Keeps a drawn or resized picture for every host. One that is not kept (the store unreachable a moment) is still
   * answered, and made again on a later request.
   */
  const keep = (c: Context<AppEnv>, key: string, body: Buffer, type: string) =>
    store.put(key, body, type).catch((error) => c.get('log').warn({ err: error, key }, 'изображение не сохранено'));

  /** The source under the extension asked for first, then the others; a missing demo picture is drawn. */
  const findSource = async (c: Context<AppEnv>, name: string, ext: string): Promise<StoredPhoto | null> => {
    for (const e of [ext, ...SOURCE_EXTS.filter((x) => x !== ext)]) {
      const found = await store.get(`source/${name}.${e}`);
      if (found) return found;
    }
    if (!demo?.knows(name)) return null;
    const key = `source/${name}.jpg`;
    const body = await once(key, () =>
      pool.run(async () => {
        const drawn = await demo.render(name);
        if (drawn) await keep(c, key, drawn, TYPES.jpeg);
        return drawn;
      }),
    );
    return body && { body, type: TYPES.jpeg };
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
        const source = await findSource(c, name, ext);
        if (!source) return c.text('Изображение не найдено', 404);
        const tag = createHash('sha1').update(source.body).digest('base64url').slice(0, 20);
        return send(c, source.body, source.type, `"${tag}"`, false);
      }
      const [width, height] = size.split('x').map(Number) as [number, number];
      const format = pickFormat(c.req.header('accept'));
      const key = `${size}/${name}.${format}`;
      let body = (await store.get(key))?.body ?? null;
      if (!body) {
        const source = await findSource(c, name, ext);
        if (!source) return c.text('Изображение не найдено', 404);
        body = await once(key, () =>
          pool.run(async () => {
            const made = await render(source.body, width, height, format);
            await keep(c, key, made, TYPES[format]);
            return made;
          }),
        );
      }
      if (!body) return c.text('Изображение не найдено', 404);
      const tag = createHash('sha1').update(body).digest('base64url').slice(0, 20);
      return send(c, body, TYPES[format], `"${format}-${tag}"`, true);
    } catch (error) {
      if (error instanceof RenderQueueFull) return busy(c);
      throw error;
    }
  });

  app.all('*', (c) => c.text('Неверный адрес изображения', 400));
  return app;
}

function render(source: Buffer, width: number, height: number, format: 'avif' | 'webp' | 'jpeg'): Promise<Buffer> {
  const pipeline = sharp(source).resize(width, height, { fit: 'cover', position: 'centre' });
  return (
    format === 'avif'
      ? pipeline.avif({ quality: 55, effort: 2 })
      : format === 'webp'
        ? pipeline.webp({ quality: 80 })
        : pipeline.jpeg({ quality: 82, mozjpeg: true })
  ).toBuffer();
}
