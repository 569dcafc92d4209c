import sharp from 'sharp';
import { IMAGE_SIZES, type ImageSize } from '../../contract/images';
import { parseDesignKey } from '../../db/seed/images';
import { parseShopPhotoFile } from '../../db/seed/shop-photos';
import type { DemoSources } from './demo-sources';
import type { PhotoStore, StoredPhoto } from './photo-store';

export type PhotoFormat = 'avif' | 'webp' | 'jpeg';
export const PHOTO_TYPES: Record<PhotoFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };
/** The sources' extensions, the one asked for tried first. */
export const SOURCE_EXTS = ['jpg', 'jpeg', 'png', 'webp'];

/** The formats made ahead: what every browser of today asks for (AVIF) and what the rest mostly take (WebP). */
const AHEAD_FORMATS: readonly PhotoFormat[] = ['avif', 'webp'];
const PRODUCT_SIZES: readonly ImageSize[] = ['listingMobile', 'listing', 'detail', 'thumb'];
const SHOP_SIZES: readonly ImageSize[] = ['shopThumb', 'shop'];

/**
 * The sizes a photo is shown at: a demo product photo (a design key) at the product sizes, a demo shop photo at
 * the shop sizes, an uploaded or 1C photo (which may show either) at both.
 */
export function sizesOf(file: string): readonly ImageSize[] {
  const name = file.slice(0, file.lastIndexOf('.'));
  if (parseDesignKey(name)) return PRODUCT_SIZES;
  if (parseShopPhotoFile(name)) return SHOP_SIZES;
  return [...PRODUCT_SIZES, ...SHOP_SIZES];
}

interface Limiter {
  run<T>(task: () => Promise<T>): Promise<T>;
}

/**
 * The photo sizes: made once per key in this process at a time, kept in the photo store for every process. The
 * image routes ask for a size on request (the fallback); `ahead` makes every size of photos that arrived — at the
 * seed, an upload or a 1C import — in the background, `concurrency` photos at a time, so that the first visitor of
 * a page finds them made (issue 46.2; before, a section page's first visitor waited 0.55–1.06 s for each of 18).
 */
export function photoSizes({
  store,
  demo,
  pool,
  concurrency = 1,
  onError,
}: {
  store: PhotoStore;
  demo?: DemoSources;
  /** The renders asked for by requests: bounded apart from the background's. */
  pool: Limiter;
  /** Photos made in the background at once. */
  concurrency?: number;
  onError?: (error: unknown, file: string) => void;
}) {
  const inFlight = new Map<string, Promise<Buffer | null>>();

  /** One job per key at a time in this process: a burst for one cold photo, or a request meeting the background, makes it once. */
  const once = (key: string, job: () => Promise<Buffer | null>) => {
    let running = inFlight.get(key);
    if (!running) {
      running = job().finally(() => inFlight.delete(key));
      inFlight.set(key, running);
    }
    return running;
  };

  /** Kept for every host; one the store does not take (unreachable a moment) is still answered and made again later. */
  const keep = (key: string, body: Buffer, type: string) =>
    store.put(key, body, type).catch((error) => onError?.(error, key));

  /** The source under the extension asked for first, then the others; a missing demo picture is drawn. */
  async function source(name: string, ext: string, limiter: Limiter): Promise<StoredPhoto | null> {
    for (const e of [ext, ...SOURCE_EXTS.filter((x) => x !== ext)]) {
      const found = await store.get(`source/${name}.${e}`);
      if (found) return found;
    }
    if (!demo?.knows(name)) return null;
    const key = `source/${name}.jpg`;
    const body = await once(key, () =>
      limiter.run(async () => {
        const drawn = await demo.render(name);
        if (drawn) await keep(key, drawn, PHOTO_TYPES.jpeg);
        return drawn;
      }),
    );
    return body && { body, type: PHOTO_TYPES.jpeg };
  }

  /**
   * One size of a photo in one format: the kept one, or made now from its source. Asked again while it is being
   * looked up or made (by a request, or by the background), the second caller joins the first.
   */
  function size(
    name: string,
    ext: string,
    segment: string,
    format: PhotoFormat,
    limiter: Limiter = pool,
  ): Promise<Buffer | null> {
    const key = `${segment}/${name}.${format}`;
    return once(key, async () => {
      const kept = await store.get(key);
      if (kept) return kept.body;
      const found = await source(name, ext, limiter);
      if (!found) return null;
      const [width, height] = segment.split('x').map(Number) as [number, number];
      return limiter.run(async () => {
        const made = await render(found.body, width, height, format);
        await keep(key, made, PHOTO_TYPES[format]);
        return made;
      });
    });
  }

  // The background: a queue of files, `concurrency` at a time, each file's renders one after another.
  const queue: string[] = [];
  const queued = new Set<string>();
  let running = 0;
  let stopped = false;
  let idle: { promise: Promise<void>; resolve: () => void } | null = null;
  const serial: Limiter = { run: (task) => task() };

  async function makeAll(file: string) {
    const dot = file.lastIndexOf('.');
    const name = file.slice(0, dot);
    const ext = file.slice(dot + 1).toLowerCase();
    const keys = sizesOf(file).flatMap((s) => {
      const [w, h] = IMAGE_SIZES[s];
      return AHEAD_FORMATS.map((format) => ({ segment: `${w}x${h}`, format }));
    });
    for (const { segment, format } of keys) {
      if (stopped) return;
      const key = `${segment}/${name}.${format}`;
      if (await store.has(key)) continue;
      await size(name, ext, segment, format, serial);
    }
  }

  function pump() {
    while (!stopped && running < concurrency && queue.length > 0) {
      const file = queue.shift() as string;
      running++;
      makeAll(file)
        .catch((error) => onError?.(error, file))
        .finally(() => {
          queued.delete(file);
          running--;
          // A turn of the event loop between photos, for the requests waiting.
          setImmediate(pump);
        });
    }
    if (running === 0 && (queue.length === 0 || stopped) && idle) {
      idle.resolve();
      idle = null;
    }
  }

  return {
    size,
    source: (name: string, ext: string) => source(name, ext, pool),
    /** Makes every size of these photo files in the background, in this order (the first screens' photos first). */
    ahead(files: Iterable<string>) {
      for (const file of files) {
        if (stopped || queued.has(file) || !/^[a-z0-9][a-z0-9_-]*\.(jpe?g|png|webp)$/i.test(file)) continue;
        queued.add(file);
        queue.push(file);
      }
      pump();
    },
    /** Resolves once the background has nothing left to make. */
    idle(): Promise<void> {
      if (running === 0 && queue.length === 0) return Promise.resolve();
      if (!idle) {
        let resolve = () => {};
        const promise = new Promise<void>((r) => {
          resolve = r;
        });
        idle = { promise, resolve };
      }
      return idle.promise;
    },
    /** Takes no more and stops after the renders under way. */
    stop() {
      stopped = true;
      queue.length = 0;
      pump();
    },
  };
}

export type PhotoSizes = ReturnType<typeof photoSizes>;

function render(source: Buffer, width: number, height: number, format: PhotoFormat): Promise<Buffer> {
  const pipeline = sharp(source).resize(width, height, { fit: 'cover', position: 'centre' });
  return (
    format === 'avif'
      ? pipeline.avif({ quality: 55, effort: 2 })
      : format === 'webp'
        ? pipeline.webp({ quality: 80 })
        : pipeline.jpeg({ quality: 82, mozjpeg: true })
  ).toBuffer();
}

/** The store that makes a new source's sizes in the background once it is kept: an upload, a 1C package's photo. */
export function sizedOnArrival(store: PhotoStore, sizes: Pick<PhotoSizes, 'ahead'>): PhotoStore {
  return {
    get: (key) => store.get(key),
    has: (key) => store.has(key),
    async put(key, body, type) {
      await store.put(key, body, type);
      if (key.startsWith('source/')) sizes.ahead([key.slice('source/'.length)]);
    },
  };
}
