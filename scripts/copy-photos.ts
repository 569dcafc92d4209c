import path from 'node:path';
import { readSettings, SettingsError } from '../config/settings';
import { openConfiguredDatabase } from '../db/client';
import { copyPhotoSources } from '../server/images/copy-photos';
import { databasePhotoStore, folderPhotoStore } from '../server/images/photo-store';
import { s3PhotoStore } from '../server/images/s3-photo-store';

/**
 * `S3_URL=… npm run photos:to-s3`: before the shop starts with `S3_URL`, copies the photo sources it kept so far
 * (PostgreSQL's `photo_files` with `DATABASE_URL`, else `DATA_DIR/images/source`) into the bucket. Run it again to
 * copy what came in meanwhile: what the bucket has is kept.
 */
let settings: ReturnType<typeof readSettings>;
try {
  settings = readSettings();
} catch (error) {
  console.error(error instanceof SettingsError ? error.message : error);
  process.exit(1);
}
if (!settings.S3_URL) {
  console.error('Задайте S3_URL: корзину, в которую копировать фотографии.');
  process.exit(1);
}
const database = settings.DATABASE_URL ? await openConfiguredDatabase(settings) : null;
const from = database ? databasePhotoStore(database.db) : folderPhotoStore(path.join(settings.DATA_DIR, 'images'));
console.log(`копирую фотографии из ${database ? 'PostgreSQL (photo_files)' : `${settings.DATA_DIR}/images`} в S3…`);
try {
  const copied = await copyPhotoSources(from, s3PhotoStore(settings.S3_URL), (count) => {
    if (count % 100 === 0) console.log(`  скопировано ${count}`);
  });
  console.log(`готово: скопировано фотографий: ${copied}`);
} finally {
  await database?.close();
}
