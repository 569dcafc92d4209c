import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { queryRows } from '../../db/client';
import { addStaff, loggedInStaff, type staffBrowser } from '../support/staff';
import { pageWhen } from '../support/page-when';
import { createTestApp, SHOP_ORIGIN, type TestApp } from '../support/test-app';

type Browser = Awaited<ReturnType<typeof staffBrowser>>;
let app: TestApp;
let merch: Browser;
let content: Browser;
let product: { id: number; url: string };
let shop: { id: number; code: string };
let colour = 10;

const rows = <T>(query: Parameters<typeof queryRows>[1]) => queryRows<T>(app.database.db, query);
const at = (template: string, id: number, photoId?: number) =>
  template.replace(':id', String(id)).replace(':photoId', String(photoId ?? 0));

/** A photo made here, each in a colour of its own so its content (and its file name) is new. */
async function photo(format: 'jpeg' | 'png' | 'webp', width = 700, height = 1000): Promise<Uint8Array> {
  colour += 7;
  const image = sharp({ create: { width, height, channels: 3, background: { r: colour % 256, g: 90, b: 140 } } });
  return new Uint8Array(await image[format]().toBuffer());
}

interface Part {
  name: string;
  bytes: Uint8Array;
  type: string;
}
const jpg = (bytes: Uint8Array, name = 'photo.jpg'): Part => ({ name, bytes, type: 'image/jpeg' });

/** A multipart post of `files` as the `file` field: to the API (with the sessid) or to a page (from the shop's page). */
function upload(who: Browser, target: string, files: Part[], extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set('sessid', who.sessid);
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  for (const f of files) form.append('file', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  return app.fetch(target, {
    method: 'POST',
    headers: { cookie: who.cookie, origin: SHOP_ORIGIN },
    body: form,
    redirect: 'manual',
  });
}

interface PhotosAnswer {
  data: { photos: { id: number; file: string; url: string; sort: number }[] };
  errors?: { message: string; code: string }[];
}
const sourceFiles = async () => (await readdir(path.join(app.dataDir, 'images', 'source')).catch(() => [])).length;
const productRows = async () =>
  rows<{ id: number; file: string }>(
    sql`select id, file from product_images where product_id = ${product.id} order by sort, id`,
  );
const audits = (action: string, entityId: number) =>
  rows<{ changes: Record<string, { before: { photos: string[] } | string[]; after: unknown }> }>(
    sql`select changes from audit_log where action = ${action} and entity_id = ${String(entityId)} order by id`,
  );

const loggedIn = (email: string) => loggedInStaff(app, email);

beforeAll(async () => {
  app = await createTestApp({ PHOTO_MAX_MB: '2', WRITE_LIMIT_PER_SESSION: '1000', WRITE_LIMIT_PER_CLIENT: '1000' });
  await addStaff(app, { email: 'photos-merch@vyuga.test', role: 'merchandiser' });
  await addStaff(app, { email: 'photos-content@vyuga.test', role: 'content' });
  merch = await loggedIn('photos-merch@vyuga.test');
  content = await loggedIn('photos-content@vyuga.test');
  [product] = (await rows<{ id: number; url: string }>(
    sql`select p.id, p.url from products p where p.active and exists (select 1 from product_images i where i.product_id = p.id)
      order by p.id limit 1`,
  )) as [{ id: number; url: string }];
  [shop] = (await rows<{ id: number; code: string }>(
    sql`select id, code from stores where type = 'shop' order by id limit 1`,
  )) as [{ id: number; code: string }];
});
afterAll(() => app.close());

describe('product photos (API)', () => {
  it('uploads JPEG, PNG and WebP checked by content; the product page shows them at once, sized URLs answer', async () => {
    const before = await productRows();
    expect((await app.fetch(product.url)).status).toBe(200);
    const res = await upload(merch, at(STAFF_API.productPhotos, product.id), [
      jpg(await photo('jpeg', 800, 1200)),
      // Names and declared types do not matter: the content does.
      { name: 'scan.bin', bytes: await photo('png', 700, 900), type: 'application/octet-stream' },
      { name: 'x.jpg', bytes: await photo('webp', 900, 1200), type: 'image/jpeg' },
    ]);
    const body = (await res.json()) as PhotosAnswer;
    expect(res.status, JSON.stringify(body.errors)).toBe(200);
    const added = body.data.photos.slice(before.length);
    expect(added.map((p) => p.file.split('.').pop())).toEqual(['jpg', 'png', 'webp']);
    for (const p of added) expect(p.file).toMatch(/^up-[0-9a-f]{32}\.(jpg|png|webp)$/);
    expect(body.data.photos.map((p) => p.sort)).toEqual(body.data.photos.map((_, i) => i));
    expect((await productRows()).map((r) => r.file)).toEqual(body.data.photos.map((p) => p.file));

    const stemsOf = (list: { file: string }[]) => list.map((p) => p.file.replace(/\.\w+$/, ''));
    const page = await pageWhen(app, product.url, (html) => stemsOf(added).every((stem) => html.includes(stem)));
    for (const stem of stemsOf(added)) expect(page).toContain(stem);
    for (const p of added) {
      const sized = await app.fetch(`/images/426x640/${p.file}`, { headers: { accept: 'image/webp' } });
      expect(sized.status).toBe(200);
      expect(sized.headers.get('content-type')).toMatch(/^image\//);
      const meta = await sharp(new Uint8Array(await sized.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([426, 640]);
    }
    // The stored source has no EXIF left.
    const source = await app.fetch(added[0]?.url ?? '');
    expect((await sharp(new Uint8Array(await source.arrayBuffer())).metadata()).exif).toBeUndefined();

    const [entry] = (await audits('product.photos', product.id)).slice(-1);
    expect(entry?.changes.photos?.before).toEqual(before.map((r) => r.file));
    expect(entry?.changes.photos?.after).toEqual(body.data.photos.map((p) => p.file));
  });

  it('applies the EXIF orientation and drops the metadata', async () => {
    const sideways = await sharp({ create: { width: 1000, height: 700, channels: 3, background: '#335577' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
      .toBuffer();
    const res = await upload(merch, at(STAFF_API.productPhotos, product.id), [jpg(new Uint8Array(sideways))]);
    const body = (await res.json()) as PhotosAnswer;
    expect(res.status).toBe(200);
    const last = body.data.photos.at(-1);
    const stored = new Uint8Array(await (await app.fetch(last?.url ?? '')).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height, meta.orientation, meta.exif]).toEqual([700, 1000, undefined, undefined]);
    expect(Buffer.from(stored).includes('secret-gps-owner')).toBe(false);
  });

  it('reorders: the new main photo leads the product page; a stale order is a 409', async () => {
    const photos = await productRows();
    const last = photos.at(-1) as { id: number; file: string };
    const ids = [last.id, ...photos.slice(0, -1).map((p) => p.id)];
    // The section's listing, read (and cached) before the change: its card's thumbnail must follow.
    const [section] = await rows<{ url: string }>(
      sql`select s.url from sections s join products p on p.section_id = s.id where p.id = ${product.id}`,
    );
    const listing = section?.url ?? '';
    expect(await (await app.fetch(listing)).text()).toContain(product.url);
    expect(await (await app.fetch(listing)).text()).not.toContain(`440x660/${last.file}`);
    const res = await merch.call(at(STAFF_API.productPhotoOrder, product.id), { ids });
    const body = (await res.json()) as PhotosAnswer;
    expect(res.status).toBe(200);
    expect(body.data.photos.map((p) => p.id)).toEqual(ids);
    const stems = photos.map((p) => p.file.replace(/\.\w+$/, ''));
    const lastStem = last.file.replace(/\.\w+$/, '');
    const leads = (html: string) =>
      html.indexOf(lastStem) === Math.min(...stems.map((s) => html.indexOf(s)).filter((i) => i >= 0));
    expect(leads(await pageWhen(app, product.url, leads))).toBe(true);
    const thumb = `440x660/${last.file}`;
    expect(await pageWhen(app, listing, (html) => html.includes(thumb))).toContain(thumb);

    const stale = await merch.call(at(STAFF_API.productPhotoOrder, product.id), { ids: ids.slice(1) });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as PhotosAnswer).errors?.[0]?.message).toMatch(/Обновите страницу/);
    const bad = await merch.call(at(STAFF_API.productPhotoOrder, product.id), { ids: 'все' });
    expect(bad.status).toBe(400);
  });

  it('deletes a photo; the rest keep their order; it leaves the page', async () => {
    const photos = await productRows();
    // An uploaded one: a seed photo may also be on the page's menu banner.
    const gone = photos.find((p, i) => i > 0 && p.file.startsWith('up-')) as { id: number; file: string };
    const res = await merch.call(at(STAFF_API.productPhotoDelete, product.id, gone.id));
    expect(res.status).toBe(200);
    expect((await productRows()).map((p) => p.id)).toEqual(photos.filter((p) => p !== gone).map((p) => p.id));
    const goneStem = gone.file.replace(/\.\w+$/, '');
    expect(await pageWhen(app, product.url, (html) => !html.includes(goneStem))).not.toContain(goneStem);
    expect((await merch.call(at(STAFF_API.productPhotoDelete, product.id, gone.id))).status).toBe(404);
    expect((await merch.call(at(STAFF_API.productPhotoDelete, 99_999_999, gone.id))).status).toBe(404);
  });

  it('keeps the same photo once, sent twice in one upload and once more later', async () => {
    const before = await productRows();
    const same = await photo('jpeg', 800, 1200);
    const target = at(STAFF_API.productPhotos, product.id);
    expect((await upload(merch, target, [jpg(same), jpg(same, 'copy.jpg')])).status).toBe(200);
    const again = await upload(merch, target, [jpg(same, 'again.jpg')]);
    expect(again.status).toBe(200);
    const after = await productRows();
    expect(after.length).toBe(before.length + 1);
    expect(new Set(after.map((r) => r.file)).size).toBe(after.length);
  });

  it('refuses hostile and unfit files with a Russian message and stores nothing', async () => {
    const rowsBefore = await productRows();
    const filesBefore = await sourceFiles();
    const auditsBefore = (await audits('product.photos', product.id)).length;
    const good = await photo('jpeg', 800, 1200);
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new Array(200).fill(0)]);
    const gif = new Uint8Array(
      await sharp({ create: { width: 800, height: 800, channels: 3, background: '#ff0000' } })
        .gif()
        .toBuffer(),
    );
    const huge = new Uint8Array(
      await sharp({ create: { width: 8000, height: 6250, channels: 3, background: '#eeeeee' } })
        .png()
        .toBuffer(),
    );
    const truncated = good.slice(0, Math.floor(good.length / 2));
    const cases: [string, Part[], number, RegExp][] = [
      [
        'a script named .jpg',
        [jpg(new TextEncoder().encode('<?php system($_GET["c"]); ?>'), 'cat.jpg')],
        400,
        /не изображение/,
      ],
      ['a zip', [{ name: 'photos.zip', bytes: zip, type: 'image/jpeg' }], 400, /не изображение/],
      ['a GIF', [{ name: 'a.gif', bytes: gif, type: 'image/gif' }], 400, /GIF не принимается/],
      [
        'an SVG',
        [
          {
            name: 'a.jpg',
            bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
            type: 'image/jpeg',
          },
        ],
        400,
        /SVG/,
      ],
      ['a 50-MP PNG', [{ name: 'big.png', bytes: huge, type: 'image/png' }], 400, /40 мегапикселей/],
      ['a small photo', [jpg(await photo('jpeg', 500, 900))], 400, /не меньше 600/],
      ['a truncated JPEG', [jpg(truncated)], 400, /повреждён/],
      ['a good file with a bad one', [jpg(good), jpg(truncated)], 400, /Файл 2: .*повреждён/],
      ['no file', [], 400, /Выберите файл/],
    ];
    for (const [what, files, status, message] of cases) {
      const res = await upload(merch, at(STAFF_API.productPhotos, product.id), files);
      const body = (await res.json()) as PhotosAnswer;
      expect(res.status, what).toBe(status);
      expect(body.errors?.[0]?.message, what).toMatch(message);
    }
    // Over PHOTO_MAX_MB (2 in this app): refused by its Content-Length before the body is read.
    const big = new Uint8Array(3 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff]);
    const over = await upload(merch, at(STAFF_API.productPhotos, product.id), [jpg(big)]);
    expect(over.status).toBe(413);
    expect(((await over.json()) as PhotosAnswer).errors?.[0]?.message).toMatch(/не больше 2 МБ/);
    // A file over the limit in a body within it (the limit's overhead) is a 413 too.
    const edge = new Uint8Array(2 * 1024 * 1024 + 1000);
    edge.set([0xff, 0xd8, 0xff]);
    const overFile = await upload(merch, at(STAFF_API.productPhotos, product.id), [jpg(edge)]);
    expect(overFile.status).toBe(413);
    expect((await productRows()).map((r) => r.id)).toEqual(rowsBefore.map((r) => r.id));
    expect(await sourceFiles()).toBe(filesBefore);
    expect((await audits('product.photos', product.id)).length).toBe(auditsBefore);
    // The other API paths keep their small body limit.
    const elsewhere = await app.fetch(STAFF_API.staff, {
      method: 'POST',
      headers: { cookie: merch.cookie, 'content-type': 'application/json', 'x-sessid': merch.sessid },
      body: JSON.stringify({ pad: 'x'.repeat(400 * 1024) }),
    });
    expect(elsewhere.status).toBe(413);
  });

  it('a role without catalog.edit gets 403 on the API and the page, with nothing changed', async () => {
    const before = await productRows();
    const filesBefore = await sourceFiles();
    const res = await upload(content, at(STAFF_API.productPhotos, product.id), [jpg(await photo('jpeg', 800, 1200))]);
    expect(res.status).toBe(403);
    const order = await content.call(at(STAFF_API.productPhotoOrder, product.id), {
      ids: before.map((p) => p.id).reverse(),
    });
    expect(order.status).toBe(403);
    expect((await content.call(at(STAFF_API.productPhotoDelete, product.id, before[0]?.id))).status).toBe(403);
    const page = `/admin/products/${product.id}/photos/`;
    expect((await content.get(page)).status).toBe(403);
    const form = await upload(content, page, [jpg(await photo('jpeg', 800, 1200))], { intent: 'upload' });
    expect(form.status).toBe(403);
    expect((await content.form(page, { intent: 'delete', id: String(before[0]?.id) })).status).toBe(403);
    expect(await productRows()).toEqual(before);
    expect(await sourceFiles()).toBe(filesBefore);
  });
});

describe('product photos page', () => {
  it('uploads, makes main and deletes through the page forms', async () => {
    const page = `/admin/products/${product.id}/photos/`;
    const view = await (await merch.get(page)).text();
    expect(view).toContain('Главное фото');
    const before = await productRows();
    const up = await upload(merch, page, [jpg(await photo('jpeg', 800, 1200)), jpg(await photo('png', 800, 1200))], {
      intent: 'upload',
    });
    expect(up.status).toBe(200);
    expect(await up.text()).toContain('Загружено фото: 2.');
    const after = await productRows();
    expect(after.length).toBe(before.length + 2);
    const newest = after.at(-1) as { id: number; file: string };
    expect((await merch.form(page, { intent: 'move', id: String(newest.id), move: 'main' })).status).toBe(200);
    expect((await productRows())[0]?.id).toBe(newest.id);
    expect((await merch.form(page, { intent: 'move', id: String(newest.id), move: 'up' })).status).toBe(409);
    const confirm = await (await merch.get(`${page}?delete=${newest.id}`)).text();
    expect(confirm).toContain('Да, удалить фото');
    expect((await merch.form(page, { intent: 'delete', id: String(newest.id) })).status).toBe(200);
    expect((await productRows()).some((p) => p.id === newest.id)).toBe(false);
    const refused = await upload(merch, page, [jpg(new TextEncoder().encode('not an image'))], { intent: 'upload' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Файл не изображение');
    expect((await merch.get('/admin/products/99999999/photos/')).status).toBe(404);
  });
});

describe('shop photos page', () => {
  const page = () => `/admin/shops/${shop.id}/photos/`;
  const shopPhotos = async () =>
    ((await rows<{ photos: string[] }>(sql`select photos from stores where id = ${shop.id}`))[0]?.photos ??
      []) as string[];

  it('uploads and reorders a shop’s photos; the shop page shows them at once; audit shop.photos', async () => {
    const before = await shopPhotos();
    const up = await upload(content, page(), [jpg(await photo('jpeg', 1200, 800))], { intent: 'upload' });
    expect(up.status).toBe(200);
    const after = await shopPhotos();
    expect(after.length).toBe(before.length + 1);
    const added = after.at(-1) as string;
    const addedStem = added.replace(/\.\w+$/, '');
    expect(await pageWhen(app, `/stores/${shop.code}/`, (html) => html.includes(addedStem))).toContain(addedStem);
    expect((await content.form(page(), { intent: 'move', id: added, move: 'main' })).status).toBe(200);
    expect((await shopPhotos())[0]).toBe(added);
    const entries = await audits('shop.photos', shop.id);
    expect(entries.at(-1)?.changes.photos?.after).toEqual(await shopPhotos());
    expect((await content.form(page(), { intent: 'delete', id: added })).status).toBe(200);
    expect(await shopPhotos()).toEqual(before);
  });

  it('a role without content.edit gets 403, with nothing changed', async () => {
    const before = await shopPhotos();
    expect((await merch.get(page())).status).toBe(403);
    const res = await upload(merch, page(), [jpg(await photo('jpeg', 1200, 800))], { intent: 'upload' });
    expect(res.status).toBe(403);
    expect(await shopPhotos()).toEqual(before);
  });
});
