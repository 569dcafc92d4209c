import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { queryRows } from '../../db/client';
import { garmentJpeg, SOURCE_HEIGHT, SOURCE_WIDTH } from '../../db/seed/images';
import { createRenderPool } from '../../server/images/render-pool';
import { folderPhotoStore } from '../../server/images/photo-store';
import { imageRoutes } from '../../server/images/resize';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
/** The first photo of a catalogue product, rendered for real: the test database only names the files. */
let file: string;
let productUrl: string;
let sourceDir: string;

const SIZES = [
  [78, 116],
  [440, 660],
  [288, 432],
  [426, 640],
] as const;
const ACCEPT = {
  avif: 'image/avif,image/webp,image/apng,*/*;q=0.8',
  webp: 'image/webp,*/*;q=0.8',
  jpeg: 'image/jpeg,*/*;q=0.5',
} as const;
/** What sharp reports for each format (AVIF lives in a HEIF container). */
const SHARP_FORMAT = { avif: 'heif', webp: 'webp', jpeg: 'jpeg' } as const;

async function fetchImage(url: string, accept = '*/*', headers: Record<string, string> = {}) {
  const res = await app.fetch(url, { headers: { accept, ...headers } });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  app = await createTestApp();
  const [row] = await queryRows<{ file: string; url: string }>(
    app.database.db,
    sql`
    select i.file, p.url from product_images i join products p on p.id = i.product_id where i.sort = 0 order by p.id limit 1`,
  );
  file = row?.file as string;
  productUrl = row?.url as string;
  sourceDir = path.join(app.dataDir, 'images', 'source');
  mkdirSync(sourceDir, { recursive: true });
  writeFileSync(
    path.join(sourceDir, file),
    await garmentJpeg({ kind: 'parka', colorHex: '#2f5e9e', view: 0, hood: true, length: 'long', variant: 1 }),
  );
});
afterAll(() => app.close());

describe('image pipeline', () => {
  for (const [width, height] of SIZES) {
    for (const format of ['avif', 'webp', 'jpeg'] as const) {
      it(`serves ${width}x${height} as ${format} when the browser accepts it`, async () => {
        const { res, body } = await fetchImage(`/images/${width}x${height}/${file}?v=1`, ACCEPT[format]);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe(`image/${format}`);
        expect(res.headers.get('vary')).toBe('Accept');
        const meta = await sharp(body).metadata();
        expect({ width: meta.width, height: meta.height, format: meta.format }).toEqual({
          width,
          height,
          format: SHARP_FORMAT[format],
        });
      });
    }
  }

  it('sends immutable cache headers and an ETag, and 304 for a fresh copy', async () => {
    const { res, body } = await fetchImage(`/images/426x640/${file}?v=1`, ACCEPT.webp);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"webp-[\w-]+"$/);
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    // A photo carries none of a page's headers (24 photos on a section page), but is never sniffed for a type.
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBeNull();

    const again = await fetchImage(`/images/426x640/${file}?v=1`, ACCEPT.webp, { 'if-none-match': etag as string });
    expect(again.res.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.res.headers.get('etag')).toBe(etag);
    expect(again.res.headers.get('cache-control')).toContain('immutable');

    // Another format is another entity: its own tag, so a cached WebP never answers an AVIF request.
    const avif = await fetchImage(`/images/426x640/${file}?v=1`, ACCEPT.avif, { 'if-none-match': etag as string });
    expect(avif.res.status).toBe(200);
    expect(avif.res.headers.get('etag')).not.toBe(etag);
  });

  it('keeps each variant in the disk cache and serves it from there', async () => {
    const cached = path.join(app.dataDir, 'images', 'cache', '288x432', file.replace(/\.jpg$/, '.webp'));
    const first = await fetchImage(`/images/288x432/${file}`, ACCEPT.webp);
    expect(first.res.status).toBe(200);
    expect(existsSync(cached)).toBe(true);
    expect(readFileSync(cached).equals(first.body)).toBe(true);

    // Put a different picture in the cache: the server answers with it, so it does not render again.
    const marker = await sharp({ create: { width: 288, height: 432, channels: 3, background: '#ff0000' } })
      .webp()
      .toBuffer();
    writeFileSync(cached, marker);
    const second = await fetchImage(`/images/288x432/${file}`, ACCEPT.webp);
    expect(second.body.equals(marker)).toBe(true);
  });

  it('serves the source image as it is', async () => {
    const { res, body } = await fetchImage(`/images/source/${file}?v=1`, ACCEPT.avif);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(body.equals(readFileSync(path.join(sourceDir, file)))).toBe(true);
    const meta = await sharp(body).metadata();
    expect([meta.width, meta.height]).toEqual([SOURCE_WIDTH, SOURCE_HEIGHT]);
  });

  it('refuses any other size with 400', async () => {
    for (const size of ['100x100', '426x641', '852x1278', '0x0', '440', 'x', '78x116x2']) {
      const { res, body } = await fetchImage(`/images/${size}/${file}`);
      expect(res.status, size).toBe(400);
      expect(body.toString()).toBe('Такого размера изображения нет');
    }
  });

  it('answers 404 for an image that does not exist', async () => {
    for (const url of [
      '/images/426x640/no-such-photo.jpg',
      '/images/source/no-such-photo.jpg',
      '/images/78x116/no-such-photo.png',
    ]) {
      const { res, body } = await fetchImage(url);
      expect(res.status, url).toBe(404);
      expect(body.toString()).toBe('Изображение не найдено');
    }
  });

  it('refuses paths outside the image folder with 400', async () => {
    // A real image just outside the source folder: none of these may reach it.
    mkdirSync(path.join(app.dataDir, 'images'), { recursive: true });
    writeFileSync(path.join(app.dataDir, 'images', 'secret.jpg'), readFileSync(path.join(sourceDir, file)));
    writeFileSync(path.join(app.dataDir, 'secret.jpg'), readFileSync(path.join(sourceDir, file)));
    for (const url of [
      '/images/source/..%2Fsecret.jpg',
      '/images/source/%2e%2e%2f%2e%2e%2fsecret.jpg',
      '/images/426x640/..%2F..%2Fsecret.jpg',
      '/images/426x640/..%5Csecret.jpg',
      '/images/..%2Fsource/secret.jpg',
      '/images/426x640/sub/secret.jpg',
      '/images/426x640/.secret.jpg',
      '/images/426x640/secret.svg',
    ]) {
      const { res } = await fetchImage(url);
      expect(res.status, url).toBe(400);
    }
  });

  it('serves the photos the product page links to', async () => {
    const html = await (await app.fetch(productUrl)).text();
    const main = html.match(/<img src="(\/images\/426x640\/[^"]+)"/)?.[1];
    const thumb = html.match(/<img src="(\/images\/78x116\/[^"]+)"/)?.[1];
    expect(main).toBe(`/images/426x640/${file}?v=1`);
    const { res, body } = await fetchImage(main as string, ACCEPT.webp);
    expect(res.status).toBe(200);
    expect((await sharp(body).metadata()).width).toBe(426);
    expect(thumb).toBe(`/images/78x116/${file}?v=1`);
    const small = await fetchImage(thumb as string);
    expect(small.res.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(small.body).metadata()).height).toBe(116);
  });
});

describe('cold renders under load', () => {
  it('renders a burst of cold variants at most one at a time, answering 503 with Retry-After past the queue', async () => {
    const dir = path.join(app.dataDir, 'burst');
    mkdirSync(path.join(dir, 'source'), { recursive: true });
    const names = Array.from({ length: 6 }, (_, n) => `burst-${n}`);
    for (const name of names)
      writeFileSync(path.join(dir, 'source', `${name}.jpg`), readFileSync(path.join(sourceDir, file)));
    const pool = createRenderPool({ concurrency: 1, maxWaiting: 2 });
    let most = 0;
    const watched = {
      ...pool,
      run: <T>(task: () => Promise<T>) =>
        pool.run(async () => {
          most = Math.max(most, pool.stats().running);
          return task();
        }),
    };
    const images = new Hono().route('/images', imageRoutes(folderPhotoStore(dir), { pool: watched }));
    const answers = await Promise.all(
      names.map((name) => images.request(`/images/440x660/${name}.jpg`, { headers: { accept: ACCEPT.avif } })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 503, 503, 503]);
    expect(most).toBe(1);
    const refused = answers.find((r) => r.status === 503) as Response;
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(await refused.text()).toMatch(/повторите/);
    // Asked again one by one, every variant renders.
    for (const name of names) {
      expect((await images.request(`/images/440x660/${name}.jpg`, { headers: { accept: ACCEPT.avif } })).status).toBe(
        200,
      );
    }
  });
});
