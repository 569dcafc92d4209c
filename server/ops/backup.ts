import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import * as tar from 'tar';
import type { Settings } from '../../config/settings';
import { type Database, openDatabase } from '../../db/client';
import { backupRepository, copyTables } from '../../db/repositories/backup';
import { copyPhotoSources } from '../images/copy-photos';
import { folderPhotoStore } from '../images/photo-store';
import { openPhotoStore } from '../images/open-photo-store';

const run = promisify(execFile);

/** What a backup file says of itself, its first entry. */
interface Manifest {
  format: 1;
  engine: 'postgres' | 'pglite';
  createdAt: string;
  /** Whether the photo sources of the data folder are inside (`images/source/`). */
  photos: boolean;
}

const MANIFEST = 'backup.json';
const PG_DUMP = 'database.pgdump';
const PGLITE_COPY = 'pglite';

type BackupSettings = Pick<Settings, 'DATA_DIR' | 'DATABASE_URL' | 'S3_URL'>;

/**
 * `npm run shop -- backup FILE` (issue 45.4): one tar file holding the database — PostgreSQL's own custom-format dump
 * by `pg_dump`, or the embedded database's copy of its data folder made between two transactions while it runs —
 * and the photo sources when they are kept in the data folder (with `DATABASE_URL` they are rows of the dump; with
 * `S3_URL` the bucket keeps them). Written beside FILE and renamed, so FILE is whole or absent.
 */
export async function writeBackup(settings: BackupSettings, database: Database, file: string): Promise<number> {
  const target = path.resolve(file);
  await mkdir(path.dirname(target), { recursive: true });
  const work = await mkdtemp(path.join(path.dirname(target), '.backup-'));
  try {
    const engine = database.kind;
    if (engine === 'postgres') {
      await tool('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${path.join(work, PG_DUMP)}`,
        `--dbname=${settings.DATABASE_URL}`,
      ]);
    } else {
      if (!database.copyDataDir) throw new Error('встроенная база данных не умеет делать копию');
      await database.copyDataDir(path.join(work, PGLITE_COPY));
    }
    const sources = path.join(path.resolve(settings.DATA_DIR), 'images', 'source');
    const photos = engine === 'pglite' && !settings.S3_URL && existsSync(sources);
    if (photos) await cp(sources, path.join(work, 'images', 'source'), { recursive: true });
    const manifest: Manifest = { format: 1, engine, createdAt: new Date().toISOString(), photos };
    await writeFile(path.join(work, MANIFEST), JSON.stringify(manifest, null, 2));
    const entries = [MANIFEST, engine === 'postgres' ? PG_DUMP : PGLITE_COPY, ...(photos ? ['images'] : [])];
    const partial = `${target}.part`;
    await tar.c({ file: partial, cwd: work, portable: true, gzip: engine === 'pglite' }, entries);
    await rename(partial, target);
    const { size } = await stat(target);
    await backupRepository(database.db).record({ file: target, bytes: size, engine, at: new Date() });
    return size;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * `npm run shop -- restore FILE`: into an empty database only — the PostgreSQL of `DATABASE_URL` with no table yet,
 * or a data folder without an embedded database. A PostgreSQL backup goes back by `pg_restore`; an embedded one
 * becomes the data folder's database again, or, with `DATABASE_URL`, is copied table by table into PostgreSQL (the
 * move from the embedded database). Photos in the backup go where the settings keep photos.
 */
export async function restoreBackup(settings: BackupSettings, file: string, log: (line: string) => void) {
  const dataDir = path.resolve(settings.DATA_DIR);
  await mkdir(dataDir, { recursive: true });
  const work = await mkdtemp(path.join(dataDir, '.restore-'));
  try {
    await tar.x({ file: path.resolve(file), cwd: work, strict: true });
    const manifest = JSON.parse(await readFile(path.join(work, MANIFEST), 'utf8').catch(() => '{}')) as Manifest;
    if (manifest.format !== 1) throw new Error(`${file}: это не копия магазина (нет ${MANIFEST})`);
    log(`копия от ${manifest.createdAt}, база: ${manifest.engine === 'postgres' ? 'PostgreSQL' : 'встроенная'}`);
    const database = settings.DATABASE_URL
      ? await restorePostgres(settings.DATABASE_URL, manifest, work, log)
      : await restoreEmbedded(dataDir, manifest, work);
    try {
      if (manifest.photos) {
        const copied = await copyPhotoSources(
          folderPhotoStore(path.join(work, 'images')),
          openPhotoStore({ ...settings, DATA_DIR: dataDir }, database.db),
        );
        log(`фотографий: ${copied}`);
      }
    } finally {
      await database.close();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function restorePostgres(url: string, manifest: Manifest, work: string, log: (line: string) => void) {
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  try {
    if (!(await backupRepository(database.db).empty()))
      throw new Error('база DATABASE_URL не пуста: восстановление идёт только в новую пустую базу');
    if (manifest.engine === 'postgres') {
      await tool('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${url}`,
        path.join(work, PG_DUMP),
      ]);
    } else {
      // From the embedded database: both brought to this code's schema, then the rows copied.
      const embedded = await openDatabase({ dataDir: path.join(work, PGLITE_COPY) });
      try {
        await embedded.migrate();
        await database.migrate();
        log('копирую таблицы из встроенной базы в PostgreSQL…');
        await copyTables(embedded.db, database.db, log);
      } finally {
        await embedded.close();
      }
    }
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function restoreEmbedded(dataDir: string, manifest: Manifest, work: string) {
  if (manifest.engine !== 'pglite')
    throw new Error('копия PostgreSQL восстанавливается в PostgreSQL: задайте DATABASE_URL новой пустой базы');
  const folder = path.join(dataDir, 'pglite');
  if (existsSync(folder) && readdirSync(folder).length > 0)
    throw new Error(`в ${folder} уже есть база: восстановление идёт только в новую папку данных`);
  await rm(folder, { recursive: true, force: true });
  await cp(path.join(work, PGLITE_COPY), folder, { recursive: true });
  const database = await openDatabase({ dataDir: folder });
  await database.migrate();
  return database;
}

/** PostgreSQL's own tools; their complaint, in their words, when they fail. */
async function tool(name: string, args: string[]) {
  try {
    await run(name, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const e = error as { code?: string; stderr?: string };
    if (e.code === 'ENOENT')
      throw new Error(`нет программы ${name}: установите postgresql-client той же версии, что сервер`);
    throw new Error(`${name}: ${(e.stderr ?? String(error)).trim()}`);
  }
}
