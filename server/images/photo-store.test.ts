import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { databasePhotoStore, folderPhotoStore, type PhotoStore } from './photo-store';

let dir: string;
let database: Database;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'photo-store-'));
  database = await openDatabase({});
  await database.migrate();
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const stores: [string, () => PhotoStore][] = [
  ['the folder', () => folderPhotoStore(dir)],
  ['PostgreSQL photo_files', () => databasePhotoStore(database.db)],
];

describe.each(stores)('photo store: %s', (_, open) => {
  it('keeps the first body of a key and answers null for a key never put', async () => {
    const store = open();
    expect(await store.get('source/never.jpg')).toBeNull();
    await store.put('420x630/coat.webp', Buffer.from('first'), 'image/webp');
    await store.put('420x630/coat.webp', Buffer.from('second'), 'image/webp');
    const got = await store.get('420x630/coat.webp');
    expect(got?.body.toString()).toBe('first');
    expect(got?.type).toBe('image/webp');
  });

  it('refuses a key that could leave its folder', async () => {
    const store = open();
    for (const key of ['../secret.jpg', 'source/../x.jpg', 'source/.x.jpg', 'cache/420x630/x.jpg', 'source/x'])
      await expect(store.get(key), key).rejects.toThrow(/bad photo key/);
  });
});

it('the folder store keeps the layout the shop always had: sources under source/, sizes under cache/', async () => {
  const store = folderPhotoStore(dir);
  await store.put('source/coat.jpg', Buffer.from('src'), 'image/jpeg');
  await store.put('78x116/coat.avif', Buffer.from('small'), 'image/avif');
  expect(readFileSync(path.join(dir, 'source', 'coat.jpg'), 'utf8')).toBe('src');
  expect(readFileSync(path.join(dir, 'cache', '78x116', 'coat.avif'), 'utf8')).toBe('small');
  expect((await store.get('78x116/coat.avif'))?.type).toBe('image/avif');
});
