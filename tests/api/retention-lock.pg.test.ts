import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { retentionRepository } from '../../db/repositories/retention';
import { createTestApp, type TestApp } from '../support/test-app';

// PostgreSQL only (vitest.config.ts runs *.pg.test.ts when DATABASE_URL is set): the embedded database has one
// connection, so no second process can hold the lock.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('skips a prune run while another process prunes', async () => {
  const NOW = new Date('2026-11-22T12:00:00Z');
  const url = new URL(process.env.DATABASE_URL as string);
  const [{ db: name }] = (await queryRows<{ db: string }>(app.database.db, sql`select current_database() as db`)) as [
    { db: string },
  ];
  url.pathname = `/${name}`;
  const other = new pg.Client({ connectionString: url.toString() });
  await other.connect();
  try {
    await other.query('begin');
    await other.query('select pg_advisory_xact_lock(20261122)');
    expect(await retentionRepository(app.database.db).prune(NOW)).toBeNull();
    await other.query('rollback');
    expect(await retentionRepository(app.database.db).prune(NOW)).not.toBeNull();
  } finally {
    await other.end();
  }
});
