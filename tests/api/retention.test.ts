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
    await db.execute(sql`insert into subscriptions (email, created_at, confirmed_at) values
      ('pending-old@example.ru', ${daysAgo(9)}, null), ('pending-new@example.ru', ${daysAgo(1)}, null),
      ('confirmed-old@example.ru', ${daysAgo(400)}, ${daysAgo(399)})`);
    await db.execute(sql`insert into checkout_promo_codes (session_id, code) values
      ('old-visitor', 'VYUGA10'), ('recent-visitor', 'VYUGA10')`);
    await db.execute(sql`insert into addresses (session_id, type, city, street, house) values
      ('old-visitor', 'COURIER', 'Москва', 'Тверская', '1'), ('recent-visitor', 'COURIER', 'Москва', 'Тверская', '2')`);
    await db.execute(sql`insert into events (session_id, event1, created_at) values
      ('x', 'old', ${daysAgo(91)}), ('x', 'recent', ${daysAgo(89)})`);
    await db.execute(sql`insert into outbox (channel, recipient, subject, text_body, html_body, kind, sent_at) values
      ('email', 'a@b.ru', 'Тема', 'т', '<p>т</p>', 'test', ${daysAgo(31)}),
      ('email', 'c@d.ru', 'Тема', 'т', '<p>т</p>', 'test', ${daysAgo(1)})`);
    await db.execute(sql`insert into phone_codes (session_id, phone, code_hash, expires_at) values
      ('x', '79000000001', 'old', ${daysAgo(2)}), ('x', '79000000002', 'recent', ${daysAgo(0.5)})`);
    await db.execute(sql`insert into user_tokens (user_id, purpose, token_hash, email, expires_at) values
      (${Number(user?.id)}, 'password-reset', 'old', 'keep@example.ru', ${daysAgo(2)}),
      (${Number(user?.id)}, 'email-confirm', 'recent', 'keep@example.ru', ${daysAgo(-6)})`);
    await db.execute(sql`insert into audit_log (at, staff_email, client, action, entity, entity_id, changes) values
      (${daysAgo(366)}, 'a@shop.test', '1.2.3.4', 'retention.test', 'test', 'old', '{}'),
      (${daysAgo(364)}, 'a@shop.test', '1.2.3.4', 'retention.test', 'test', 'recent', '{}'),
      (${daysAgo(40)}, 'a@shop.test', '1.2.3.4', 'retention.test', 'test', 'month', '{}')`);

    const report = await retentionRepository(db).prune(NOW);

    expect(report).toEqual({
      basketLines: 1,
      checkoutPromoCodes: 1,
      sessionAddresses: 1,
      sessions: 1,
      events: 1,
      outbox: 1,
      phoneCodes: 1,
      userTokens: 1,
      pendingSubscriptions: 1,
      audit: 1,
      staffSessions: 0,
      exchangeSessions: 0,
      staffInvites: 0,
      rateLimits: 0,
      staffNotifications: 0,
    });
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
    expect(await retentionRepository(db).prune(NOW)).toEqual({
      basketLines: 0,
      checkoutPromoCodes: 0,
      sessionAddresses: 0,
      sessions: 0,
      events: 0,
      outbox: 0,
      phoneCodes: 0,
      userTokens: 0,
      pendingSubscriptions: 0,
      audit: 0,
      staffSessions: 0,
      exchangeSessions: 0,
      staffInvites: 0,
      rateLimits: 0,
      staffNotifications: 0,
    });
    // AUDIT_RETENTION_DAYS shortens the audit log's time.
    expect((await retentionRepository(db, { auditDays: 30 }).prune(NOW))?.audit).toBe(2);
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
    await app.services.product.flushViews();
    const before = await rows<{ views: number }>(sql`select views from products where id = ${productId}`);
    const res = await visitor.post(CATALOG_ELEMENT_PATH, { AJAX: 'Y', SITE_ID: 's1', PRODUCT_ID: productId });
    expect((await res.json()).data).toEqual({ counted: false });
    expect(await app.services.product.flushViews()).toBe(0);
    expect(await rows(sql`select views from products where id = ${productId}`)).toEqual(before);
    // Its next page load is a visit, and then its views count.
    await visitor.get(API.userState);
    const again = await visitor.post(CATALOG_ELEMENT_PATH, { AJAX: 'Y', SITE_ID: 's1', PRODUCT_ID: productId });
    expect((await again.json()).data).toEqual({ counted: true });
  });
});

describe('new sessions', () => {
  it('gives at most NEW_SESSIONS_PER_CLIENT sessions a minute from one address a row, so a script dropping its cookie cannot inflate views', async () => {
    const limited = await createTestApp({ TRUST_PROXY: '1', NEW_SESSIONS_PER_CLIENT: '3' });
    const from = (address: string, cookie = '') =>
      limited.fetch(API.userState, { headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) } });
    const hasRow = async (cookie: string) => {
      const id = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0];
      return (await queryRows(limited.database.db, sql`select 1 from sessions where id = ${id}`)).length === 1;
    };
    try {
      const cookies: string[] = [];
      let sessid = '';
      for (let n = 0; n < 5; n++) {
        const res = await from('198.51.100.7');
        // The shopper behind a shared address is never refused a page.
        expect(res.status).toBe(200);
        cookies.push((res.headers.get('set-cookie') ?? '').split(';')[0] as string);
        sessid = (await res.json()).data.sessid;
      }
      expect(await Promise.all(cookies.map(hasRow))).toEqual([true, true, true, false, false]);
      // Coming back with the cookie is no way around it, and a session without a row does not count views.
      const late = cookies[4] as string;
      expect((await from('198.51.100.7', late)).status).toBe(200);
      expect(await hasRow(late)).toBe(false);
      const view = await limited.fetch(CATALOG_ELEMENT_PATH, {
        method: 'POST',
        headers: { cookie: late, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ AJAX: 'Y', SITE_ID: 's1', PRODUCT_ID: String(productId), sessid }).toString(),
      });
      expect((await view.json()).data).toEqual({ counted: false });
      // Another address has its own count.
      const other = await from('198.51.100.8');
      expect(await hasRow((other.headers.get('set-cookie') ?? '').split(';')[0] as string)).toBe(true);
    } finally {
      await limited.close();
    }
  });
});
