import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { roleMay, type StaffAction } from '../../domain/staff/permissions';
import type { StaffRole } from '../../domain/staff/staff-member';
import { queryRows } from '../../db/client';
import { addStaff, STAFF_PASSWORD, staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The back office's second part (issue 28) seen by every role at once: each desk's pages and calls refuse a role
 * that may not use them with 403 — before looking at the ids or the body — and nothing is written.
 */

let app: TestApp;
const browsers = new Map<StaffRole, Awaited<ReturnType<typeof staffBrowser>>>();
/** The people's roles: 1C's account (`exchange`) never gets into the back office (tests/api/exchange-accounts.test.ts). */
const ROLES: StaffRole[] = ['owner', 'manager', 'shop', 'content', 'merchandiser'];

const at = (template: string, params: Record<string, string | number> = {}) =>
  template.replace(/:(\w+)/g, (_, name: string) => String(params[name] ?? 1));

/** Each desk's writes with a body that would be valid, and the action they need. */
const WRITES: { path: string; body: Record<string, unknown>; action: StaffAction }[] = [
  { path: at(STAFF_API.product), body: { published: false }, action: 'catalog.edit' },
  { path: at(STAFF_API.offerPrice), body: { price: 1 }, action: 'catalog.edit' },
  {
    path: STAFF_API.productPrices,
    body: { filter: {}, kind: 'percent', value: -50, apply: true },
    action: 'catalog.edit',
  },
  { path: at(STAFF_API.productPhotoOrder), body: { ids: [1] }, action: 'catalog.edit' },
  { path: at(STAFF_API.productPhotoDelete), body: {}, action: 'catalog.edit' },
  { path: at(STAFF_API.section), body: { name: 'Чужой раздел' }, action: 'catalog.edit' },
  { path: STAFF_API.brands, body: { code: 'alien', name: 'Чужой бренд', text: '' }, action: 'catalog.edit' },
  {
    path: STAFF_API.stockDocuments,
    body: { kind: 'receipt', storeId: 1, reason: 'Чужая приёмка', lines: [{ offerId: 1, quantity: 5 }] },
    action: 'stock.adjust',
  },
  { path: STAFF_API.promocodes, body: { code: 'ALIEN50', kind: 'percent', value: 50 }, action: 'promo.edit' },
  { path: at(STAFF_API.promocodeStop, { code: 'VYUGA10' }), body: {}, action: 'promo.edit' },
  {
    path: STAFF_API.contentPages,
    body: { url: '/info/alien/', title: 'Чужая', body: 'Текст', published: true },
    action: 'content.edit',
  },
  { path: at(STAFF_API.shop), body: { reservable: false }, action: 'content.edit' },
  { path: at(STAFF_API.questionAnswer), body: { text: 'Чужой ответ' }, action: 'content.edit' },
  { path: at(STAFF_API.customerBlock), body: { blocked: true, reason: 'Чужая блокировка' }, action: 'customers.edit' },
  { path: at(STAFF_API.customerBonus), body: { amount: 1000, reason: 'Чужие бонусы' }, action: 'customers.edit' },
];

/** Each desk's reading calls and pages, and the action they need. */
const READS: { path: string; action: StaffAction }[] = [
  { path: STAFF_API.products, action: 'catalog.edit' },
  { path: '/admin/products/', action: 'catalog.edit' },
  { path: `${STAFF_API.stockMovements}?offerId=1&storeId=1`, action: 'stock.adjust' },
  { path: '/admin/stock/', action: 'stock.adjust' },
  { path: STAFF_API.promocodes, action: 'promo.edit' },
  { path: '/admin/promocodes/', action: 'promo.edit' },
  { path: STAFF_API.contentPages, action: 'content.edit' },
  { path: '/admin/content/', action: 'content.edit' },
  { path: STAFF_API.questions, action: 'content.edit' },
  { path: '/admin/questions/', action: 'content.edit' },
  { path: '/admin/shops/', action: 'content.edit' },
  { path: STAFF_API.customers, action: 'customers.read' },
  { path: '/admin/customers/', action: 'customers.read' },
];

/** The logged-in browser of `role`'s member. */
function as(role: StaffRole) {
  const browser = browsers.get(role);
  if (!browser) throw new Error(`no ${role} logged in`);
  return browser;
}

const refusedRoles = (action: StaffAction) => ROLES.filter((role) => !roleMay({ role }, action));

beforeAll(async () => {
  app = await createTestApp();
  const [shop] = await queryRows<{ id: number }>(
    app.database.db,
    sql`select id from stores where type = 'shop' order by id limit 1`,
  );
  for (const role of ROLES) {
    const email = `roles-${role}@vyuga.test`;
    await addStaff(app, { email, role, shopId: role === 'shop' ? Number(shop?.id) : undefined });
    const browser = await staffBrowser(app);
    expect((await browser.login({ email, password: STAFF_PASSWORD })).status).toBe(200);
    browsers.set(role, browser);
  }
});
afterAll(() => app.close());

/** What a refused write must leave as it was: the audit log and the rows the desks write. */
async function footprint() {
  const [row] = await queryRows<Record<string, string>>(
    app.database.db,
    sql`select
    (select count(*) from audit_log) as audit,
    (select count(*) from stock_movements) as movements,
    (select count(*) from stock_documents) as documents,
    (select string_agg(code || coalesce(stopped_at::text, ''), ',' order by code) from promo_codes) as promos,
    (select count(*) from content_pages) as pages,
    (select string_agg(id || ':' || active || ':' || min_price, ',' order by id) from products where id < 20) as products,
    (select count(*) from users where blocked_at is not null) as blocked,
    (select count(*) from bonus_operations) as bonuses`,
  );
  return row;
}

describe('issue 28 desks: a role that may not is refused', () => {
  it('refuses every write with 403 and writes nothing', async () => {
    const before = await footprint();
    let checked = 0;
    for (const write of WRITES)
      for (const role of refusedRoles(write.action)) {
        const res = await as(role).call(write.path, write.body);
        expect(res.status, `${role} ${write.path}`).toBe(403);
        const body = (await res.json()) as { errors?: { code: string }[] };
        expect(body.errors?.[0]?.code, `${role} ${write.path}`).toBe('FORBIDDEN');
        checked++;
      }
    expect(checked).toBeGreaterThan(40);
    expect(await footprint()).toEqual(before);
  });

  it('refuses every reading call and page with 403', async () => {
    for (const read of READS)
      for (const role of refusedRoles(read.action)) {
        const res = await as(role).get(read.path);
        expect(res.status, `${role} ${read.path}`).toBe(403);
      }
  });

  it('lets the roles that may through the same doors', async () => {
    for (const read of READS)
      for (const role of ROLES.filter((r) => roleMay({ role: r }, read.action))) {
        const res = await as(role).get(read.path);
        expect(res.status, `${role} ${read.path}`).toBe(200);
      }
  });

  it('keeps a shop member to their own shop’s stock', async () => {
    const [other] = await queryRows<{ id: number }>(
      app.database.db,
      sql`select id from stores where type = 'shop' order by id offset 1 limit 1`,
    );
    const before = await footprint();
    const res = await as('shop').call(STAFF_API.stockDocuments, {
      kind: 'receipt',
      storeId: Number(other?.id),
      reason: 'Приёмка в чужом магазине',
      lines: [{ offerId: 1, quantity: 5 }],
    });
    expect(res.status).toBe(403);
    expect(await footprint()).toEqual(before);
  });
});
