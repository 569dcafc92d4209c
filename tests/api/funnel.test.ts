import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { events, orderLines, orders } from '../../db/schema';
import { addStaff, STAFF_PASSWORD, staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The back office's «Воронка» (issue 43.4) reads the goals the shop's analytics module wrote and the orders: views →
 * baskets → checkouts → orders by day, section and product, with each step's conversion, to owner and manager only.
 */

// A clock far from the seed's own orders: only what this file writes falls in the last 90 days.
const now = new Date('2031-03-10T12:00:00Z');
const clock = () => now;
let app: TestApp;
type Product = { id: number; name: string; code: string; offerId: number; section: string };
let a: Product;
let b: Product;

const goal = (name: string, params: string, at: string) => ({
  sessionId: 's',
  event1: 'goal',
  event2: name,
  params,
  createdAt: new Date(at),
});

async function twoProductsOfTwoSections(): Promise<[Product, Product]> {
  const rows = await queryRows<Product>(
    app.database.db,
    sql`select distinct on (s.name) p.id, p.name, p.code, o.id as "offerId", s.name as section
      from products p join offers o on o.product_id = p.id join sections s on s.id = p.section_id
      order by s.name, p.id, o.id limit 2`,
  );
  const [first, second] = rows;
  if (!first || !second) throw new Error('the seed has fewer than two sections with goods');
  return [first, second];
}

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  await addStaff(app, { email: 'owner@shop.test', role: 'owner' }, clock);
  await addStaff(app, { email: 'content@shop.test', role: 'content' }, clock);
  [a, b] = await twoProductsOfTwoSections();
  const db = app.database.db;
  const day1 = '2031-03-09T12:00:00Z';
  const day2 = '2031-03-10T08:00:00Z';
  await db.insert(events).values([
    ...Array.from({ length: 4 }, () => goal('view_item', JSON.stringify({ productId: a.id }), day1)),
    ...Array.from({ length: 2 }, () => goal('add_to_cart', JSON.stringify({ offerId: a.offerId }), day1)),
    goal('go_to_cart', JSON.stringify({ offerId: a.offerId }), day1),
    ...Array.from({ length: 5 }, () => goal('view_item', JSON.stringify({ productId: String(b.id) }), day2)),
    goal('add_to_cart', JSON.stringify({ offerId: b.offerId }), day2),
    // Whatever a browser sent: counted for the day, for no product.
    goal('view_item', '{broken', day2),
    // Not a step of the funnel.
    goal('login page', '{}', day2),
    // 50 days ago: only in the 90 days.
    goal('view_item', JSON.stringify({ productId: a.id }), '2031-01-19T12:00:00Z'),
  ]);
  const [order] = await db
    .insert(orders)
    .values({
      sessionId: 's',
      idempotencyKey: 'funnel-1',
      status: 'new',
      deliveryType: 'COURIER',
      delivery: {},
      name: 'Покупатель',
      phone: '79110000000',
      items: 2,
      discount: 0,
      deliveryPrice: 0,
      total: 2000,
      createdAt: new Date(day1),
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('no order');
  await db.insert(orderLines).values(
    [a, b].map((p) => ({
      orderId: order.id,
      offerId: p.offerId,
      productId: p.id,
      name: p.name,
      sizeName: 'M',
      price: 1000,
      quantity: 1,
      total: 1000,
    })),
  );
});

afterAll(() => app?.close());

const htmlText = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The cells after the row heading `title` in the page's tables. */
function row(html: string, title: string): string[] | undefined {
  for (const tr of html.match(/<tr>.*?<\/tr>/g) ?? []) {
    const heading = tr.match(/<th scope="row">(.*?)<\/th>/)?.[1];
    if (heading !== undefined && htmlText(heading) === title)
      return [...tr.matchAll(/<td>(.*?)<\/td>/g)].map((m) => htmlText(m[1] ?? ''));
  }
  return undefined;
}

async function ownerPage(path: string) {
  const owner = await staffBrowser(app);
  await owner.login({ email: 'owner@shop.test', password: STAFF_PASSWORD });
  const res = await owner.get(path);
  expect(res.status).toBe(200);
  return res.text();
}

describe('the funnel page', () => {
  it('counts each step by day, section and product with its conversion from the step before', async () => {
    const html = await ownerPage('/admin/funnel/');
    expect(html).toContain('href="/admin/funnel/"');
    expect(row(html, '2031-03-09')).toEqual(['4', '2 (50 %)', '1 (50 %)', '1 (100 %)']);
    expect(row(html, '2031-03-10')).toEqual(['6', '1 (16,7 %)', '0 (0 %)', '0 (—)']);
    expect(row(html, `${a.name} (${a.code})`)).toEqual(['4', '2 (50 %)', '1 (50 %)', '1 (100 %)']);
    expect(row(html, `${b.name} (${b.code})`)).toEqual(['5', '1 (20 %)', '0 (0 %)', '1 (—)']);
    expect(row(html, a.section)).toEqual(['4', '2 (50 %)', '1 (50 %)', '1 (100 %)']);
    // The totals: the order of two products is one order.
    expect(html).toMatch(/<tr><td>10<\/td><td>3 \(30 %\)<\/td><td>1 \(33,3 %\)<\/td><td>1 \(100 %\)<\/td><\/tr>/);
  });

  it('takes the period from the address', async () => {
    const html = await ownerPage('/admin/funnel/?days=90');
    expect(row(html, '2031-01-19')).toEqual(['1', '0 (0 %)', '0 (—)', '0 (—)']);
    expect(row(html, `${a.name} (${a.code})`)?.[0]).toBe('5');
    const week = await ownerPage('/admin/funnel/?days=7');
    expect(row(week, '2031-01-19')).toBeUndefined();
  });

  it('is not for a role without reports, and not in its navigation', async () => {
    const content = await staffBrowser(app);
    await content.login({ email: 'content@shop.test', password: STAFF_PASSWORD });
    expect((await content.get('/admin/funnel/')).status).toBe(403);
    expect(await (await content.get('/admin/')).text()).not.toContain('href="/admin/funnel/"');
  });
});
