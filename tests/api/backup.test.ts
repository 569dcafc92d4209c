import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, type Db, openDatabase, queryRows } from '../../db/client';
import { backupRepository } from '../../db/repositories/backup';
import { restoreBackup, writeBackup } from '../../server/ops/backup';
import { openPhotoStore } from '../../server/images/open-photo-store';
import { checkoutApp } from '../support/checkout';
import { withDatabase } from '../support/global-setup';
import { addStaff } from '../support/staff';
import type { TestApp } from '../support/test-app';

/**
 * Issue 45.4: a shop with orders, a payment, staff and an uploaded photo is backed up and restored into a new data
 * folder (embedded) or a new database (PostgreSQL), where every table's rows and the photo are found equal. On
 * PostgreSQL the embedded database's backup is restored into PostgreSQL too: the move the README describes.
 */
let app: TestApp;
const work = mkdtempSync(path.join(os.tmpdir(), 'shop-backup-'));
const url = process.env.DATABASE_URL;
const made: string[] = [];
let admin: Database | undefined;
const PHOTO = 'source/backup-test-photo.jpg';
let photo: Buffer;

beforeAll(async () => {
  const shop = await checkoutApp(2);
  app = shop.app;
  const [offer] = shop.offers;
  if (!offer) throw new Error('no offer');
  await shop.k.stockOf(offer, 5, 5);
  const { v, phone } = await shop.k.quickShopper(offer);
  const saved = await shop.k.rpc(v, 'sale.order.save', { ...shop.k.pickup(phone), paymentMethod: 'ONLINE' });
  expect(saved.status).toBe(200);
  await addStaff(app, { email: 'backup.manager@example.ru', role: 'manager' });
  photo = await sharp({ create: { width: 640, height: 960, channels: 3, background: '#345' } })
    .jpeg()
    .toBuffer();
  await openPhotoStore(
    { ...(url ? { DATABASE_URL: app.databaseUrl } : {}), DATA_DIR: app.dataDir },
    app.database.db,
  ).put(PHOTO, photo, 'image/jpeg');
  if (url) admin = await openDatabase({ databaseUrl: url, poolSize: 1 });
});

afterAll(async () => {
  await app.close();
  for (const name of made) await admin?.db.execute(`drop database if exists "${name}" with (force)`);
  await admin?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Every row of every table of the shop, as text in a fixed order, per table. */
async function contents(db: Db): Promise<Record<string, string>> {
  const tables = await backupRepository(db).tables();
  const out: Record<string, string> = {};
  for (const table of tables) {
    if (table === 'backup_runs') continue;
    const [row] = await queryRows<{ n: number; digest: string | null }>(
      db,
      sql.raw(`select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest from "${table}" t`),
    );
    out[table] = `${row?.n}:${row?.digest}`;
  }
  return out;
}

async function newDatabase(): Promise<string> {
  const name = `shop_restore_${randomBytes(4).toString('hex')}`;
  await admin?.db.execute(`create database "${name}"`);
  made.push(name);
  return withDatabase(url as string, name);
}

it('restores a backup into an empty database with every row and photo equal, and refuses a database in use', async () => {
  const before = await contents(app.database.db);
  expect(Number(before.orders?.split(':')[0])).toBeGreaterThan(0);
  expect(Number(before.payments?.split(':')[0])).toBeGreaterThan(0);
  expect(Number(before.staff?.split(':')[0])).toBeGreaterThan(0);

  const file = path.join(work, 'shop.backup');
  const settings = { DATA_DIR: app.dataDir, DATABASE_URL: app.databaseUrl };
  const bytes = await writeBackup(settings, app.database, file);
  expect(bytes).toBeGreaterThan(1000);
  expect(await backupRepository(app.database.db).last()).not.toBeNull();

  const target = { DATA_DIR: path.join(work, 'restored'), DATABASE_URL: url ? await newDatabase() : undefined };
  const lines: string[] = [];
  await restoreBackup(target, file, (line) => lines.push(line));
  const restored = await openDatabase(
    url ? { databaseUrl: target.DATABASE_URL } : { dataDir: path.join(target.DATA_DIR, 'pglite') },
  );
  try {
    expect(await contents(restored.db)).toEqual(before);
    const back = await openPhotoStore(target, restored.db).get(PHOTO);
    expect(back?.body.equals(photo)).toBe(true);
  } finally {
    await restored.close();
  }
  // A second restore over what is there now is refused, and leaves it as it is.
  await expect(restoreBackup(target, file, () => {})).rejects.toThrow(url ? /не пуста/ : /уже есть база/);
  expect(existsSync(`${file}.part`)).toBe(false);
}, 120_000);

it.runIf(url)(
  'moves an embedded backup into PostgreSQL',
  async () => {
    // An embedded shop with a customer, and a photo in its data folder.
    const embedded = await openDatabase({ dataDir: 'memory://' });
    await embedded.migrate();
    await embedded.db.execute(
      sql`insert into users (email, password_hash, name) values ('moved@example.ru', 'x', 'Вера')`,
    );
    const dataDir = mkdtempSync(path.join(work, 'embedded-'));
    await openPhotoStore({ DATA_DIR: dataDir }, embedded.db).put(PHOTO, photo, 'image/jpeg');
    const file = path.join(work, 'embedded.backup');
    await writeBackup({ DATA_DIR: dataDir }, embedded, file);
    const before = await contents(embedded.db);
    await embedded.close();

    const target = { DATA_DIR: path.join(work, 'moved'), DATABASE_URL: await newDatabase() };
    await restoreBackup(target, file, () => {});
    const moved = await openDatabase({ databaseUrl: target.DATABASE_URL });
    try {
      // The photo from the data folder is now a row of photo_files, where a shop on PostgreSQL keeps photos.
      expect(await contents(moved.db)).toEqual({ ...before, photo_files: expect.stringMatching(/^1:/) });
      expect((await openPhotoStore(target, moved.db).get(PHOTO))?.body.equals(photo)).toBe(true);
      // Its sequences go on after the moved rows.
      const [user] = await queryRows<{ id: number }>(
        moved.db,
        sql`insert into users (email, password_hash) values ('next@example.ru', 'x') returning id`,
      );
      expect(user?.id).toBeGreaterThan(1);
    } finally {
      await moved.close();
    }
  },
  120_000,
);
