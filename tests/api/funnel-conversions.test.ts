import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { queryRows } from '../../db/client';
import { events, orderLines, orders } from '../../db/schema';
import { isConversion, NOT_CONVERTED } from '../../domain/events/funnel';
import type { OrderStatus } from '../../domain/order/process';
import { addStaff, STAFF_PASSWORD, staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The funnel's conversions (issue 44, a weak point): an order counts as a conversion only when it was not cancelled
 * and is not still awaiting its online payment — on the «Воронка» page's steps and in the orders after a stock
 * alert's link or a recommendation's click.
 */

// A clock far from the seed's own orders: only what this file writes falls in the last 7 days.
const now = new Date('2032-06-10T12:00:00Z');
const clock = () => now;
let app: TestApp;
type Product = { id: number; name: string; code: string; offerId: number };
let a: Product;

const day = '2032-06-09T10:00:00Z';
const after = '2032-06-09T11:00:00Z';

const event = (sessionId: string, event1: string, event2: string, params: unknown) => ({
  sessionId,
  event1,
  event2,
  params: JSON.stringify(params),
  createdAt: new Date(day),
});

async function order(sessionId: string, status: OrderStatus) {
  const db = app.database.db;
  const [row] = await db
    .insert(orders)
    .values({
      sessionId,
      idempotencyKey: `conversions-${sessionId}`,
      status,
      deliveryType: 'COURIER',
      paymentMethod: status === 'awaiting_payment' || status === 'paid' ? 'ONLINE' : 'CASH',
      delivery: {},
      name: 'Покупатель',
      phone: '79110000000',
      items: 1,
      discount: 0,
      deliveryPrice: 0,
      total: 100_000,
      createdAt: new Date(after),
    })
    .returning({ id: orders.id });
  if (!row) throw new Error('no order');
  await db.insert(orderLines).values({
    orderId: row.id,
    offerId: a.offerId,
    productId: a.id,
    name: a.name,
    sizeName: 'M',
    price: 100_000,
    quantity: 1,
    total: 100_000,
  });
}

const COUNTED: OrderStatus[] = ['new', 'paid', 'confirmed', 'shipped', 'completed', 'returned'];
const LEFT_OUT: OrderStatus[] = ['cancelled', 'awaiting_payment'];

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  await addStaff(app, { email: 'owner@shop.test', role: 'owner' }, clock);
  const [first] = await queryRows<Product>(
    app.database.db,
    sql`select p.id, p.name, p.code, o.id as "offerId"
      from products p join offers o on o.product_id = p.id order by p.id, o.id limit 1`,
  );
  if (!first) throw new Error('the seed has no products');
  a = first;
  const statuses = [...COUNTED, ...LEFT_OUT];
  await app.database.db.insert(events).values([
    ...Array.from({ length: 16 }, () => event('V', 'goal', 'view_item', { productId: a.id })),
    // One session per order's state: each opened a stock alert's link and clicked «Похожие», then ordered.
    ...statuses.flatMap((s) => [
      event(`S-${s}`, 'stock_alert', 'open', { offerId: a.offerId }),
      event(`S-${s}`, 'recommendation', 'show', { row: 'similar' }),
      event(`S-${s}`, 'recommendation', 'click', { row: 'similar', productId: a.id }),
    ]),
  ]);
  for (const s of statuses) await order(`S-${s}`, s);
});

afterAll(() => app?.close());

async function owner() {
  const browser = await staffBrowser(app);
  await browser.login({ email: 'owner@shop.test', password: STAFF_PASSWORD });
  return browser;
}

describe('the rule', () => {
  it('leaves out cancelled orders and those still awaiting their online payment', () => {
    expect([...NOT_CONVERTED].sort()).toEqual(['awaiting_payment', 'cancelled']);
    for (const s of COUNTED) expect(isConversion(s), s).toBe(true);
    for (const s of LEFT_OUT) expect(isConversion(s), s).toBe(false);
  });
});

describe('«Воронка»', () => {
  it('counts as orders only the conversions', async () => {
    const res = await (await owner()).get('/admin/funnel/?days=7');
    expect(res.status).toBe(200);
    const html = await res.text();
    // The product's row: 16 views, 6 orders (8 placed, a cancelled one and an unpaid online one left out).
    const product = html
      .match(/<tr>.*?<\/tr>/g)
      ?.find((tr) => tr.includes(`${a.code})</th>`) || tr.includes(`${a.code}&#x27;)`));
    expect(product).toBeDefined();
    const cells = [...(product ?? '').matchAll(/<td>(.*?)<\/td>/g)].map((m) => m[1]);
    expect(cells[0]).toBe('16');
    expect(cells[3]).toMatch(/^6 /);
  });

  it('counts only the conversions after a stock alert’s link and a recommendation’s click', async () => {
    const res = await (await owner()).get(`${STAFF_API.funnelFeatures}?days=7`);
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as {
      data: {
        alerts: { opens: number; orders: number; amount: number };
        recommendations: { row: string; clicks: number; orders: number; amount: number }[];
      };
    };
    expect(data.alerts).toMatchObject({ opens: 8, orders: 6, amount: 6000 });
    expect(data.recommendations.find((r) => r.row === 'similar')).toMatchObject({ clicks: 8, orders: 6, amount: 6000 });
  });
});
