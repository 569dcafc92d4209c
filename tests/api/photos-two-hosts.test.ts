import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettings } from '../../config/settings';
import { STAFF_API } from '../../contract/staff-api';
import { type Database, openDatabase, queryRows } from '../../db/client';
import { copyPhotoSources } from '../../server/images/copy-photos';
import { databasePhotoStore, folderPhotoStore } from '../../server/images/photo-store';
import { s3PhotoStore } from '../../server/images/s3-photo-store';
import { createShopApp } from '../../server/shop';
import { addStaff, STAFF_PASSWORD, staffBrowser } from '../support/staff';
import { createTestApp, SHOP_ORIGIN, type TestApp } from '../support/test-app';

/**
 * Photos on every host (issue 29.3). Two shops with separate data folders on one database: a photo uploaded through
 * the first and every photo of a product page and a section page answer through the second. On PostgreSQL the photos
 * are rows of `photo_files`; with `S3_URL` (on either engine) objects of an S3-compatible bucket, here s3rver's. On the
 * embedded database without S3 (one process owns it) the shop keeps its photos in its data folder.
 */
let base: TestApp;
const opened: { close(): Promise<void> }[] = [];

/**
 * A shop with a data folder of its own, shaped like a test app for the staff helpers: on `database` (kept open when
 * it closes) or on one it opens at `databaseUrl`.
 */
async function host(on: { database: Database } | { databaseUrl: string }, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-host-'));
  const database: Database =
    'database' in on ? on.database : await openDatabase({ databaseUrl: on.databaseUrl, poolSize: 4 });
  const settings = readSettings({
    DATA_DIR: dataDir,
    DATABASE_URL: 'databaseUrl' in on ? on.databaseUrl : '',
    LOG_LEVEL: 'silent',
    SITE_URL: SHOP_ORIGIN,
    // Each size here is made by the request that asks for it: what a host without it finds is the point.
    PHOTO_SIZES_AHEAD: 'off',
    ...env,
  });
  const shop = await createShopApp({ settings, database, secret: 'test-secret', logger: pino({ level: 'silent' }) });
  const close = async () => {
    await shop.push.close();
    await shop.stopListening();
    if ('databaseUrl' in on) await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  opened.push({ close });
  const app: TestApp = {
    ...base,
    fetch: (p, init) => Promise.resolve(shop.app.fetch(new Request(new URL(p, SHOP_ORIGIN), init))),
    handler: (request) => shop.app.fetch(request),
    database,
    dataDir,
    services: shop.services,
    push: shop.push,
    close,
  };
  return app;
}

beforeAll(async () => {
  base = await createTestApp();
});
afterAll(async () => {
  // The last opened first: a host closes before the database it runs on.
  for (const app of opened.reverse()) await app.close();
  await base.close();
});

/** Every photo address a page links to (`src` and each `srcset` candidate), without duplicates. */
function photosOf(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/(?:src|srcset|srcSet)="([^"]+)"/g))
    for (const candidate of (m[1] as string).replaceAll('&amp;', '&').split(','))
      if (candidate.trim().startsWith('/images/')) urls.add(candidate.trim().split(/\s+/)[0] as string);
  return [...urls];
}

/**
 * Uploads a photo of a product through `first`, plain `colour` (its file is named by its bytes); answers its file
 * name, the product's page and its section's.
 */
async function uploadThrough(first: TestApp, email: string, colour: string) {
  await addStaff(first, { email, role: 'merchandiser' });
  const merch = await staffBrowser(first);
  expect((await merch.login({ email, password: STAFF_PASSWORD })).status).toBe(200);
  const [product] = await queryRows<{ id: number; url: string; section: string }>(
    first.database.db,
    sql`select p.id, p.url, s.url as section from products p join sections s on s.id = p.section_id
      where p.active and exists (select 1 from product_images i where i.product_id = p.id) order by p.id limit 1`,
  );
  if (!product) throw new Error('no product with photos in the test catalogue');
  const form = new FormData();
  form.set('sessid', merch.sessid);
  const upload = await sharp({ create: { width: 800, height: 1200, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  form.append('file', new Blob([new Uint8Array(upload)], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await first.fetch(STAFF_API.productPhotos.replace(':id', String(product.id)), {
    method: 'POST',
    headers: { cookie: merch.cookie, origin: SHOP_ORIGIN },
    body: form,
  });
  expect(res.status).toBe(200);
  const uploaded = ((await res.json()) as { data: { photos: { file: string }[] } }).data.photos.at(-1)?.file as string;
  expect(uploaded).toMatch(/^up-/);
  return { uploaded, productUrl: product.url, sectionUrl: product.section };
}

/** Every photo of the product's page and its section's page answers through `second`, with a CDN's headers. */
async function expectEveryPhotoThrough(
  second: TestApp,
  pages: { uploaded: string; productUrl: string; sectionUrl: string },
) {
  const productPhotos = photosOf(await (await second.fetch(pages.productUrl)).text());
  const sectionPhotos = photosOf(await (await second.fetch(pages.sectionUrl)).text());
  expect(productPhotos.some((url) => url.includes(pages.uploaded))).toBe(true);
  expect(sectionPhotos.length).toBeGreaterThan(4);
  for (const url of [...productPhotos, ...sectionPhotos]) {
    const photo = await second.fetch(url, { headers: { accept: 'image/webp,*/*;q=0.8' } });
    expect(photo.status, url).toBe(200);
    expect(photo.headers.get('cache-control'), url).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(new Uint8Array(await photo.arrayBuffer())).metadata();
    expect(['jpeg', 'webp', 'png'], url).toContain(meta.format);
  }
}

/** Whether any host wrote the photo as a file, or the database's photo table holds it. */
async function keptLocally(apps: TestApp[], file: string) {
  const [row] = await queryRows<{ n: number }>(
    (apps[0] as TestApp).database.db,
    sql`select count(*)::int as n from photo_files where key = ${`source/${file}`}`,
  );
  return {
    files: apps.filter((app) => existsSync(path.join(app.dataDir, 'images', 'source', file))).length,
    rows: row?.n,
  };
}

it('a photo uploaded on one host and every photo of a product and a section page answer on the other', async () => {
  if (!base.databaseUrl) {
    // The embedded database: one process, the photo a file in the shop's own data folder.
    const pages = await uploadThrough(base, 'hosts-merch@vyuga.test', '#4a6b2f');
    expect(await keptLocally([base], pages.uploaded)).toEqual({ files: 1, rows: 0 });
    return expectEveryPhotoThrough(base, pages);
  }
  const first = await host({ databaseUrl: base.databaseUrl });
  const second = await host({ databaseUrl: base.databaseUrl });
  const pages = await uploadThrough(first, 'hosts-merch@vyuga.test', '#4a6b2f');
  // Neither host wrote a file: both read the database's photo_files.
  expect(await keptLocally([first, second], pages.uploaded)).toEqual({ files: 0, rows: 1 });
  await expectEveryPhotoThrough(second, pages);
});

describe('with S3_URL', () => {
  let s3: S3rver;
  let bucketDir: string;
  /** A database of its own: the photos the other test put in PostgreSQL's table are not in the bucket. */
  let own: TestApp;
  /** The shop's settings for the bucket: s3rver's own key pair, and a prefix apart from others in the bucket. */
  let env: Record<string, string>;
  beforeAll(async () => {
    own = await createTestApp();
    opened.push(own);
    bucketDir = mkdtempSync(path.join(os.tmpdir(), 'shop-s3-'));
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: bucketDir,
      configureBuckets: [{ name: 'photos' }],
    });
    const { port } = await s3.run();
    env = {
      S3_URL: `http://S3RVER:S3RVER@127.0.0.1:${port}/photos/vyuga?region=ru-central1`,
      DATABASE_URL: own.databaseUrl ?? '',
    };
  });
  afterAll(async () => {
    await s3?.close();
    rmSync(bucketDir, { recursive: true, force: true });
  });

  it('two hosts keep and read every photo in the bucket, under its prefix', async () => {
    const first = await host({ database: own.database }, env);
    const second = await host({ database: own.database }, env);
    const pages = await uploadThrough(first, 'hosts-s3-merch@vyuga.test', '#2f4a6b');
    expect(await keptLocally([first, second], pages.uploaded)).toEqual({ files: 0, rows: 0 });
    await expectEveryPhotoThrough(second, pages);
    // The upload, a size made from it and a demo picture drawn on its first request are objects of the bucket.
    const objects = readdirSync(path.join(bucketDir, 'photos', 'vyuga'), { recursive: true }).map(String);
    expect(objects.some((name) => name.startsWith(`source/${pages.uploaded}`))).toBe(true);
    expect(objects.some((name) => /^\d+x\d+\/up-/.test(name))).toBe(true);
    expect(objects.some((name) => /^source\/(?!up-)/.test(name))).toBe(true);
  });

  it('photos kept before S3_URL was set answer from the bucket once copied (npm run photos:to-s3)', async () => {
    // A shop without S3_URL: its photos in PostgreSQL's table, or on the embedded database in its data folder.
    const before = await host({ database: own.database }, { DATABASE_URL: own.databaseUrl ?? '' });
    const pages = await uploadThrough(before, 'hosts-before-s3@vyuga.test', '#6b2f4a');
    const kept = own.databaseUrl
      ? databasePhotoStore(own.database.db)
      : folderPhotoStore(path.join(before.dataDir, 'images'));
    const bucket = s3PhotoStore(env.S3_URL as string);
    expect(await bucket.get(`source/${pages.uploaded}`)).toBeNull();
    expect(await copyPhotoSources(kept, bucket)).toBeGreaterThan(0);
    expect((await bucket.get(`source/${pages.uploaded}`))?.body.length).toBeGreaterThan(1000);
    await expectEveryPhotoThrough(await host({ database: own.database }, env), pages);
  });
});
