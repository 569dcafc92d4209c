import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readSettings } from '../../config/settings';
import { STAFF_API } from '../../contract/staff-api';
import { type Database, openDatabase, queryRows } from '../../db/client';
import { createShopApp } from '../../server/shop';
import { addStaff, STAFF_PASSWORD, staffBrowser } from '../support/staff';
import { createTestApp, SHOP_ORIGIN, type TestApp } from '../support/test-app';

/**
 * Photos on every host (issue 29.3). On PostgreSQL: two shops with separate data folders on one database; a photo
 * uploaded through the first and every photo of a product page and a section page answer through the second. On the
 * embedded database (one process owns it) the shop keeps its photos in its data folder.
 */
let base: TestApp;
/** The shops under test: on PostgreSQL two of their own (photos in the database), else the test app itself. */
let first: TestApp;
let second: TestApp;
const opened: { close(): Promise<void> }[] = [];

/** A shop on `databaseUrl` with a data folder of its own, shaped like a test app for the staff helpers. */
async function host(databaseUrl: string): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-host-'));
  const database: Database = await openDatabase({ databaseUrl, poolSize: 4 });
  const settings = readSettings({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    SITE_URL: SHOP_ORIGIN,
  });
  const shop = await createShopApp({ settings, database, secret: 'test-secret', logger: pino({ level: 'silent' }) });
  const close = async () => {
    await shop.push.close();
    await shop.stopListening();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  opened.push({ close });
  return {
    ...base,
    fetch: (p, init) => Promise.resolve(shop.app.fetch(new Request(new URL(p, SHOP_ORIGIN), init))),
    handler: (request) => shop.app.fetch(request),
    database,
    dataDir,
    services: shop.services,
    push: shop.push,
    close,
  };
}

beforeAll(async () => {
  base = await createTestApp();
  if (base.databaseUrl) {
    first = await host(base.databaseUrl);
    second = await host(base.databaseUrl);
  } else {
    first = base;
    second = base;
  }
});
afterAll(async () => {
  for (const app of opened) await app.close();
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

it('a photo uploaded on one host and every photo of a product and a section page answer on the other', async () => {
  await addStaff(first, { email: 'hosts-merch@vyuga.test', role: 'merchandiser' });
  const merch = await staffBrowser(first);
  expect((await merch.login({ email: 'hosts-merch@vyuga.test', password: STAFF_PASSWORD })).status).toBe(200);
  const [product] = await queryRows<{ id: number; url: string; section: string }>(
    first.database.db,
    sql`select p.id, p.url, s.url as section from products p join sections s on s.id = p.section_id
      where p.active and exists (select 1 from product_images i where i.product_id = p.id) order by p.id limit 1`,
  );
  if (!product) throw new Error('no product with photos in the test catalogue');

  const form = new FormData();
  form.set('sessid', merch.sessid);
  const upload = await sharp({ create: { width: 800, height: 1200, channels: 3, background: '#4a6b2f' } })
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

  if (first === second) {
    // The embedded database: the photo is a file in the shop's own data folder.
    expect(existsSync(path.join(first.dataDir, 'images', 'source', uploaded))).toBe(true);
  } else {
    // Neither host wrote a file: both read the database's photo_files.
    for (const app of [first, second])
      expect(existsSync(path.join(app.dataDir, 'images', 'source', uploaded))).toBe(false);
  }

  const productPage = await (await second.fetch(product.url)).text();
  const sectionPage = await (await second.fetch(product.section)).text();
  const productPhotos = photosOf(productPage);
  const sectionPhotos = photosOf(sectionPage);
  expect(productPhotos.some((url) => url.includes(uploaded))).toBe(true);
  expect(sectionPhotos.length).toBeGreaterThan(4);
  for (const url of [...productPhotos, ...sectionPhotos]) {
    const photo = await second.fetch(url, { headers: { accept: 'image/webp,*/*;q=0.8' } });
    expect(photo.status, url).toBe(200);
    expect(photo.headers.get('cache-control'), url).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(new Uint8Array(await photo.arrayBuffer())).metadata();
    expect(['jpeg', 'webp', 'png'], url).toContain(meta.format);
  }
});
