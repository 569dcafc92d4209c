import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, CATALOG_ELEMENT_PATH } from '../../contract/api';
import { queryRows } from '../../db/client';
import { retentionRepository } from '../../db/repositories/retention';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { createTestApp, newVisitor, type TestApp } from '../support/test-app';

let app: TestApp;
let offer: OfferFacts;
let productId: number;
const NOW = new Date('2026-11-22T12:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString();

beforeAll(async () => {
  app = await createTestApp();
  ignorePoolErrorsOnClose(app.database.db);
  offer = (await offerFacts(app.database.db))[0] as OfferFacts;
  const [product] = await queryRows<{ id: number }>(app.database.db, sql`select id from products where active limit 1`);
  productId = Number(product?.id);
});
afterAll(() => app.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(app.database.db, query);

describe('retention', () => {
  it('removes visitors gone 30 days with their lines, old events and old mail, and nothing of users', async () => {
    const db = app.database.db;
    const [user] = await rows<{ id: number }>(
      sql`insert into users (email, password_hash) values ('keep@example.ru', 'x') returning id`,
    );
    await db.execute(sql`insert into sessions (id, user_id, last_seen_at) values
      ('old-visitor', null, ${daysAgo(31)}), ('recent-visitor', null, ${daysAgo(29)}),
      ('old-user', ${Number(user?.id)}, ${daysAgo(400)})`);
    await db.execute(sql`insert into basket_lines (session_id, user_id, offer_id, delay, quantity) values
      ('old-visitor', null, ${offer.id}, false, 1), ('recent-visitor', null, ${offer.id}, false, 1),
      ('old-user', ${Number(user?.id)}, ${offer.id}, false, 1)`);
    await db.execute(sql`insert into events (session_id, event1, created_at) values
      ('x', 'old', ${daysAgo(91)}), ('x', 'recent', ${daysAgo(89)})`);
    await db.execute(sql`insert into outbox (channel, recipient, subject, text_body, html_body, kind, sent_at) values
      ('email', 'a@b.ru', 'Тема', 'т', '<p>т</p>', 'test', ${daysAgo(31)}),
      ('email', 'c@d.ru', 'Тема', 'т', '<p>т</p>', 'test', ${daysAgo(1)})`);

    const report = await retentionRepository(db).prune(NOW);

    expect(report).toEqual({ basketLines: 1, sessions: 1, events: 1, outbox: 1 });
    const sessions = await rows<{ id: string }>(
      sql`select id from sessions where id in ('old-visitor', 'recent-visitor', 'old-user') order by id`,
    );
    expect(sessions.map((s) => s.id)).toEqual(['old-user', 'recent-visitor']);
    const lines = await rows<{ session_id: string }>(
      sql`select session_id from basket_lines where session_id in ('old-visitor', 'recent-visitor', 'old-user') order by session_id`,
    );
    expect(lines.map((l) => l.session_id)).toEqual(['old-user', 'recent-visitor']);
    expect(
      (await rows<{ event1: string }>(sql`select event1 from events where session_id = 'x'`)).map((e) => e.event1),
    ).toEqual(['recent']);
    expect(
      (await rows<{ recipient: string }>(sql`select recipient from outbox where kind = 'test'`)).map(
        (m) => m.recipient,
      ),
    ).toEqual(['c@d.ru']);
    // A second run finds nothing more.
    expect(await retentionRepository(db).prune(NOW)).toEqual({ basketLines: 0, sessions: 0, events: 0, outbox: 0 });
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('skips a run while another process prunes', async () => {
    const { default: pg } = await import('pg');
    const url = new URL(process.env.DATABASE_URL as string);
    const [{ db: name }] = (await rows<{ db: string }>(sql`select current_database() as db`)) as [{ db: string }];
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
});

describe('visits and views', () => {
  it('notes the visit of every page (user/state) on the session row, so its product views count', async () => {
    const visitor = await newVisitor(app);
    const id = decodeURIComponent(visitor.cookie.split('=')[1] ?? '').split('.')[0];
    expect(await rows(sql`select 1 from sessions where id = ${id}`)).toHaveLength(1);
    const res = await visitor.post(CATALOG_ELEMENT_PATH, { AJAX: 'Y', SITE_ID: 's1', PRODUCT_ID: productId });
    expect((await res.json()).data).toEqual({ counted: true });
  });

  it('does not count a view from a session whose browser never loaded a page', async () => {
    const visitor = await newVisitor(app);
    const id = decodeURIComponent(visitor.cookie.split('=')[1] ?? '').split('.')[0];
    // As if the session had only been made to send views: no visit on record.
    await app.database.db.execute(sql`delete from sessions where id = ${id}`);
    const before = await rows<{ views: number }>(sql`select views from products where id = ${productId}`);
    const res = await visitor.post(CATALOG_ELEMENT_PATH, { AJAX: 'Y', SITE_ID: 's1', PRODUCT_ID: productId });
    expect((await res.json()).data).toEqual({ counted: false });
    expect(await rows(sql`select views from products where id = ${productId}`)).toEqual(before);
    // Its next page load is a visit, and then its views count.
    await visitor.get(API.userState);
    const again = await visitor.post(CATALOG_ELEMENT_PATH, { AJAX: 'Y', SITE_ID: 's1', PRODUCT_ID: productId });
    expect((await again.json()).data).toEqual({ counted: true });
  });
});
