import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designKey, parseDesignKey, SOURCE_HEIGHT, SOURCE_WIDTH } from '../../db/seed/images';
import { SHOP_PHOTO_HEIGHT, SHOP_PHOTO_WIDTH } from '../../db/seed/shop-photos';
import { demoSources } from './demo-sources';
import { folderPhotoStore } from './photo-store';
import { imageRoutes } from './resize';

/** The product photos the fake catalogue shows. */
const scarf = designKey({ kind: 'scarf', colorHex: '#7b2d8e', view: 1, hood: false, length: 'mid', variant: 2 });
const parka = designKey({ kind: 'parka', colorHex: '#123456', view: 0, hood: true, length: 'long', variant: 0 });
const shown = new Set([`${scarf}.jpg`, `${parka}.jpg`]);

let dir: string;
let images: Hono;
const store = () => folderPhotoStore(dir);

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'demo-sources-'));
  const subjects = {
    shop: async (code: string) => (code === 'shop-msk-1' ? { name: 'ТЦ «Метель»', variant: 0 } : null),
    productPhoto: async (file: string) => shown.has(file),
  };
  images = new Hono().route('/images', imageRoutes(store(), { demo: demoSources(subjects) }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const jpegSize = async (res: Response) => {
  const meta = await sharp(new Uint8Array(await res.arrayBuffer())).metadata();
  return [meta.format, meta.width, meta.height];
};

describe('demo photos drawn on their first request', () => {
  it('a design key is reversible', () => {
    const design = {
      kind: 'down-jacket',
      colorHex: '#1a2b3c',
      view: 2,
      hood: true,
      length: 'long',
      variant: 3,
    } as const;
    expect(parseDesignKey(designKey(design))).toEqual(design);
    expect(parseDesignKey('down-jacket-1a2b3c-v5-h1-long-3')).toBeNull();
    expect(parseDesignKey('up-0123456789abcdef')).toBeNull();
  });

  it('a design-key name never drawn answers 200 with a JPEG of the source size, kept in the store, then sized', async () => {
    const name = scarf;
    expect(await store().get(`source/${name}.jpg`)).toBeNull();
    const res = await images.request(`/images/source/${name}.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await jpegSize(res)).toEqual(['jpeg', SOURCE_WIDTH, SOURCE_HEIGHT]);
    expect(await store().get(`source/${name}.jpg`)).not.toBeNull();

    const other = parka;
    const sized = await images.request(`/images/78x116/${other}.jpg`, { headers: { accept: 'image/webp' } });
    expect(sized.status).toBe(200);
    expect(await jpegSize(sized)).toEqual(['webp', 78, 116]);
    expect(await store().get(`source/${other}.jpg`)).not.toBeNull();
  });

  it('draws no design the catalogue does not show, so nobody can fill the store with made-up colours', async () => {
    const unused = designKey({ kind: 'coat', colorHex: '#abcdef', view: 0, hood: false, length: 'long', variant: 1 });
    expect((await images.request(`/images/source/${unused}.jpg`)).status).toBe(404);
    expect((await images.request(`/images/78x116/${unused}.jpg`)).status).toBe(404);
    expect(await store().get(`source/${unused}.jpg`)).toBeNull();
  });

  it('draws a shop photo for a shop there is, and 404 for one there is not or any other name', async () => {
    const front = await images.request('/images/source/shop-msk-1-front.jpg');
    expect(front.status).toBe(200);
    expect(await jpegSize(front)).toEqual(['jpeg', SHOP_PHOTO_WIDTH, SHOP_PHOTO_HEIGHT]);
    for (const url of ['/images/source/shop-spb-9-inside.jpg', '/images/426x640/up-0123abcd.jpg'])
      expect((await images.request(url)).status, url).toBe(404);
  });
});

describe('a store that does not take a picture a moment', () => {
  it('still answers the picture drawn and sized, and logs what it could not keep', async () => {
    const folder = folderPhotoStore(dir);
    const failing = {
      get: folder.get,
      has: folder.has,
      put: async () => Promise.reject(new Error('хранилище недоступно')),
    };
    const warned: string[] = [];
    const log = { warn: (fields: { key: string }) => warned.push(fields.key) };
    const subjects = { shop: async () => null, productPhoto: async () => true };
    const app = new Hono().route('/images', imageRoutes(failing, { demo: demoSources(subjects), log }));
    const name = designKey({ kind: 'coat', colorHex: '#2e4a3b', view: 0, hood: false, length: 'mid', variant: 0 });
    const res = await app.request(`/images/78x116/${name}.jpg`, { headers: { accept: 'image/webp' } });
    expect(res.status).toBe(200);
    expect(await jpegSize(res)).toEqual(['webp', 78, 116]);
    expect(warned).toEqual([`source/${name}.jpg`, `78x116/${name}.webp`]);
  });
});
