import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../db/client';
import { seedCatalog } from '../../db/seed/seed';
import { buildCatalog } from '../../db/seed/catalog';
import { TEST_CATALOG } from './test-catalog';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the template database each test file copies. PGlite: a data-dir dump each test file loads. */
    dbTemplate: { kind: 'postgres'; url: string; name: string } | { kind: 'pglite'; dumpFile: string };
  }
}

/**
 * One migrated and seeded database per run, built once: each test file then starts from a fresh copy of it
 * (CREATE DATABASE ... TEMPLATE on PostgreSQL, a data-dir dump on PGlite).
 */
export default async function setup(project: TestProject) {
  const catalog = buildCatalog(TEST_CATALOG);
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `shop_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = await openDatabase({ databaseUrl: url, poolSize: 1 });
    await admin.db.execute(`create database "${name}"`);
    const tpl = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 2 });
    await tpl.migrate();
    await seedCatalog(tpl.db, catalog, {});
    await tpl.close();
    project.provide('dbTemplate', { kind: 'postgres', url, name });
    return async () => {
      // Drop the copies the test files made (they end in the template's name) and then the template.
      const copies = await admin.db.execute(`select datname from pg_database where datname like '${name}%'`);
      for (const row of (copies as unknown as { rows: { datname: string }[] }).rows) {
        await admin.db.execute(`drop database if exists "${row.datname}" with (force)`);
      }
      await admin.close();
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seedCatalog(database.db, catalog, {});
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  const dumpFile = path.join(dir, 'template.tar');
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('dbTemplate', { kind: 'pglite', dumpFile });
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
