import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { photoSizes, sizedOnArrival, sizesOf } from './photo-sizes';
import { folderPhotoStore } from './photo-store';
import { createRenderPool } from './render-pool';

const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-sizes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const photo = () =>
  sharp({ create: { width: 600, height: 900, channels: 3, background: '#8a6f4e' } })
    .jpeg()
    .toBuffer();

describe('photo sizes made as photos arrive', () => {
  it('makes every size of an uploaded photo in the background, AVIF and WebP, into the store', async () => {
    const store = folderPhotoStore(dir);
    const sizes = photoSizes({ store, pool: createRenderPool({ concurrency: 1, maxWaiting: 8 }) });
    const uploads = sizedOnArrival(store, sizes);
    await uploads.put('source/up-0123456789abcdef.jpg', await photo(), 'image/jpeg');
    await sizes.idle();
    const keys = ['78x116', '288x432', '440x660', '426x640', '360x240', '720x480'].flatMap((size) =>
      ['avif', 'webp'].map((format) => `${size}/up-0123456789abcdef.${format}`),
    );
    for (const key of keys) expect([key, await store.has(key)]).toEqual([key, true]);
    const listing = await store.get('440x660/up-0123456789abcdef.avif');
    expect(await sharp(listing?.body).metadata()).toMatchObject({ width: 440, height: 660 });
    // JPEG, for the rare browser that takes neither, stays on request.
    expect(await store.has('440x660/up-0123456789abcdef.jpeg')).toBe(false);
  });

  it('makes a size once when a request asks for it while the background is making it', async () => {
    const folder = folderPhotoStore(dir);
    const puts: string[] = [];
    const store = {
      ...folder,
      put: async (key: string, body: Buffer, type: string) => {
        puts.push(key);
        await folder.put(key, body, type);
      },
    };
    const sizes = photoSizes({ store, pool: createRenderPool({ concurrency: 1, maxWaiting: 8 }) });
    await folder.put('source/up-fedcba9876543210.jpg', await photo(), 'image/jpeg');
    sizes.ahead(['up-fedcba9876543210.jpg']);
    const asked = await sizes.size('up-fedcba9876543210', 'jpg', '288x432', 'avif');
    await sizes.idle();
    expect(asked && (await sharp(asked).metadata()).width).toBe(288);
    expect(puts.filter((key) => key === '288x432/up-fedcba9876543210.avif')).toHaveLength(1);
    expect(puts).toHaveLength(12);
  });

  it('knows the sizes a photo is shown at by its name', () => {
    const product = sizesOf('down-jacket-2f5e9e-v0-h0-short-1.jpg');
    expect(product).toEqual(['listingMobile', 'listing', 'detail', 'thumb']);
    expect(sizesOf('shop-msk-1-front.jpg')).toEqual(['shopThumb', 'shop']);
    expect(sizesOf('1c-0123abcd.jpg')).toHaveLength(6);
  });
});
