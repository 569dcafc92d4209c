import path from 'node:path';
import type { Db } from '../../db/client';
import { databasePhotoStore, folderPhotoStore, type PhotoStore } from './photo-store';
import { s3PhotoStore } from './s3-photo-store';

/**
 * The store the settings name: the bucket of `S3_URL`, else PostgreSQL's table when the shop runs on `DATABASE_URL`,
 * else the data folder.
 */
export function openPhotoStore(
  settings: { S3_URL?: string; DATABASE_URL?: string; DATA_DIR: string },
  db: Db,
): PhotoStore {
  if (settings.S3_URL) return s3PhotoStore(settings.S3_URL);
  return settings.DATABASE_URL ? databasePhotoStore(db) : folderPhotoStore(path.join(settings.DATA_DIR, 'images'));
}
