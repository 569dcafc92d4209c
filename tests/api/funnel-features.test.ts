import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { queryRows } from '../../db/client';
import { events, orderLines, orders, reviews, stockAlerts } from '../../db/schema';
import { addStaff, STAFF_PASSWORD, staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The «Воронка» page's sections of issue 44.5 read the rows the three features write — stock alerts, reviews, the
 * `stock_alert` and `recommendation` events — and the orders placed after them by the same session within 7 days,
 * each order once; the same figures through `GET /api/v2/admin/funnel/features/`, to `reports.read` only.
 */

// A clock far from the seed's own orders: only what this file writes falls in the last 90 days.
const now = new Date('2031-03-10T12:00:00Z');
const clock = () => now;
let app: TestApp;
type Product = { id: number; name: string; code: string; offerId: number };
let a: Product;
let b: Product;
let c: Product;

const event = (sessionId: string, event1: string, event2: string, params: unknown, at: string) => ({
  sessionId,
  event1,
  event2,
  params: typeof params === 'string' ? params : JSON.stringify(params),
  createdAt: new Date(at),
});

/** An order of the session placed at `at` with one line per product (price in roubles; `returned` given back). */
async function order(sessionId: string, at: string, lines: { p: Product; roubles: number; returned?: boolean }[]) {
  const db = app.database.db;
  const total = lines.reduce((n, l) => n + l.roubles * 100, 0);
  const [row] = await db
    .insert(orders)
    .values({
      sessionId,
      idempotencyKey: `features-${sessionId}-${at}`,
      status: 'new',
      deliveryType: 'COURIER',
      delivery: {},
      name: 'Покупатель',
      phone: '79110000000',
      items: lines.length,
      discount: 0,
      deliveryPrice: 0,
      total,
      createdAt: new Date(at),
    })
    .returning({ id: orders.id });
  if (!row) throw new Error('no order');
  await db.insert(orderLines).values(
    lines.map((l) => ({
      orderId: row.id,
      offerId: l.p.offerId,
      productId: l.p.id,
      name: l.p.name,
      sizeName: 'M',
      price: l.roubles * 100,
      quantity: 1,
      total: l.roubles * 100,
      returned: l.returned ?? false,
    })),
  );
  return row.id;
}

let reviewLine = 900_000;
const review = (p: Product, rating: number, state: string, at: string, photos: string[] = []) => ({
  productId: p.id,
  modelId: p.id,
  offerId: p.offerId,
  orderId: 1,
  orderLineId: reviewLine++,
  authorName: 'Анна',
  rating,
  text: 'Хорошо сидит.',
  fit: 'true',
  size: 'M',
  photos,
  state,
  createdAt: new Date(at),
  publishedAt: state === 'published' ? new Date(at) : null,
});

const alert = (
  p: Product,
  address: string,
  state: string,
  at: { created: string; confirmed?: string; sent?: string },
) => ({
  offerId: p.offerId,
  productId: p.id,
  channel: 'email',
  address,
  state,
  token: `token-${address}`,
  createdAt: new Date(at.created),
  confirmedAt: at.confirmed ? new Date(at.confirmed) : null,
  sentAt: at.sent ? new Date(at.sent) : null,
});

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  await addStaff(app, { email: 'owner@shop.test', role: 'owner' }, clock);
  await addStaff(app, { email: 'content@shop.test', role: 'content' }, clock);
  const products = await queryRows<Product>(
    app.database.db,
    sql`select distinct on (p.id) p.id, p.name, p.code, o.id as "offerId"
      from products p join offers o on o.product_id = p.id order by p.id, o.id limit 3`,
  );
  [a, b, c] = products as [Product, Product, Product];
  if (!c) throw new Error('the seed has fewer than three products');
  const db = app.database.db;
  // The ratings the moderation keeps: a 4,5 (4 и выше), b 3,0 (ниже 4), c none.
  await db.execute(sql`update products set rating_count = 2, rating_sum = 9 where id = ${a.id}`);
  await db.execute(sql`update products set rating_count = 1, rating_sum = 3 where id = ${b.id}`);

  await db.insert(stockAlerts).values([
    alert(a, 'one@example.ru', 'sent', {
      created: '2031-03-01T09:00:00Z',
      confirmed: '2031-03-01T09:10:00Z',
      sent: '2031-03-05T08:00:00Z',
    }),
    alert(a, 'two@example.ru', 'pending', { created: '2031-03-02T09:00:00Z' }),
    // Made and confirmed 68 days ago, sent 2 days ago.
    alert(b, 'three@example.ru', 'sent', {
      created: '2031-01-01T09:00:00Z',
      confirmed: '2031-01-01T09:10:00Z',
      sent: '2031-03-08T08:00:00Z',
    }),
  ]);

  await db.insert(events).values([
    // S1 opened the letter's link twice, then ordered the size: one order.
    event('S1', 'stock_alert', 'open', { offerId: a.offerId }, '2031-03-05T10:00:00Z'),
    event('S1', 'stock_alert', 'open', { offerId: String(a.offerId) }, '2031-03-06T10:00:00Z'),
    // S2 ordered 7 days and a second after its open: too late.
    event('S2', 'stock_alert', 'open', { offerId: a.offerId }, '2031-03-01T10:00:00Z'),
    // S4 ordered, but another product.
    event('S4', 'stock_alert', 'open', { offerId: a.offerId }, '2031-03-04T10:00:00Z'),
    // Views of the funnel: a 10, b 4, c 5.
    ...Array.from({ length: 10 }, () => event('V', 'goal', 'view_item', { productId: a.id }, '2031-03-09T10:00:00Z')),
    ...Array.from({ length: 4 }, () => event('V', 'goal', 'view_item', { productId: b.id }, '2031-03-09T10:00:00Z')),
    ...Array.from({ length: 5 }, () => event('V', 'goal', 'view_item', { productId: c.id }, '2031-03-09T10:00:00Z')),
    // The rows shown and clicked.
    ...['R1', 'R2', 'R3'].map((s) => event(s, 'recommendation', 'show', { row: 'similar' }, '2031-03-08T09:00:00Z')),
    event('R2', 'recommendation', 'show', { row: 'bought_together' }, '2031-03-02T09:00:00Z'),
    event('R3', 'recommendation', 'show', { row: 'additions' }, '2031-03-04T09:00:00Z'),
    event('R4', 'recommendation', 'show', { row: 'additions' }, '2031-03-04T09:00:00Z'),
    // R1 clicked c twice in «Похожие» and bought it: one order.
    event('R1', 'recommendation', 'click', { row: 'similar', productId: c.id }, '2031-03-08T12:00:00Z'),
    event('R1', 'recommendation', 'click', { row: 'similar', productId: c.id }, '2031-03-08T13:00:00Z'),
    // R2 bought a 7 days and a second after the click: not counted.
    event('R2', 'recommendation', 'click', { row: 'bought_together', productId: a.id }, '2031-03-02T10:00:00Z'),
    // R3 bought b the day before the click: not counted.
    event('R3', 'recommendation', 'click', { row: 'additions', productId: b.id }, '2031-03-04T10:00:00Z'),
    // Rows the page does not know, and params a browser broke: none of the rows.
    event('R5', 'recommendation', 'show', { row: 'hacked' }, '2031-03-04T09:00:00Z'),
    event('R5', 'recommendation', 'click', '{broken', '2031-03-04T09:00:00Z'),
  ]);

  await order('S1', '2031-03-07T10:00:00Z', [
    { p: a, roubles: 1000 },
    { p: b, roubles: 500 },
  ]);
  await order('S2', '2031-03-08T10:00:01Z', [{ p: a, roubles: 1000 }]);
  // S3 never opened a link.
  await order('S3', '2031-03-06T10:00:00Z', [{ p: a, roubles: 1000 }]);
  await order('S4', '2031-03-05T10:00:00Z', [{ p: b, roubles: 500 }]);
  // A line given back at the door is not in the sum.
  await order('R1', '2031-03-09T10:00:00Z', [
    { p: c, roubles: 2000 },
    { p: b, roubles: 500, returned: true },
  ]);
  await order('R2', '2031-03-09T10:00:01Z', [{ p: a, roubles: 1000 }]);
  await order('R3', '2031-03-03T10:00:00Z', [{ p: b, roubles: 500 }]);

  await db.insert(reviews).values([
    review(a, 5, 'published', '2031-03-02T10:00:00Z', ['r1.jpg']),
    review(a, 4, 'published', '2031-03-03T10:00:00Z'),
    review(b, 1, 'hidden', '2031-03-04T10:00:00Z'),
    review(b, 3, 'pending', '2031-03-09T10:00:00Z', ['r2.jpg', 'r3.jpg']),
    // 60 days ago: only in the 90 days.
    review(b, 2, 'published', '2031-01-09T10:00:00Z'),
  ]);
});

afterAll(() => app?.close());

const htmlText = (s: string) =>
  s
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The section whose heading is `heading` (up to the next `<section aria-labelledby`). */
function section(html: string, heading: string): string {
  const start = html.indexOf(`>${heading}</h2>`);
  expect(start, heading).toBeGreaterThan(-1);
  const end = html.indexOf('<section aria-labelledby', start);
  return html.slice(start, end === -1 ? undefined : end);
}

/** The cells after the row heading `title` in a piece of the page. */
function row(html: string, title: string): string[] | undefined {
  for (const tr of html.match(/<tr>.*?<\/tr>/g) ?? []) {
    const heading = tr.match(/<th scope="row"[^>]*>(.*?)<\/th>/)?.[1];
    if (heading !== undefined && htmlText(heading) === title)
      return [...tr.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => htmlText(m[1] ?? ''));
  }
  return undefined;
}

async function owner() {
  const browser = await staffBrowser(app);
  await browser.login({ email: 'owner@shop.test', password: STAFF_PASSWORD });
  return browser;
}

async function ownerPage(path: string) {
  const res = await (await owner()).get(path);
  expect(res.status).toBe(200);
  return res.text();
}

describe('«Воронка»: what the features of issue 44 brought', () => {
  it('shows the stock alerts: made, confirmed, sent, opens and the orders of the opening sessions within 7 days', async () => {
    const html = section(await ownerPage('/admin/funnel/'), 'Сообщить о поступлении');
    expect(row(html, 'Подписок оформлено')).toEqual(['2']);
    expect(row(html, 'Подписок подтверждено')).toEqual(['1']);
    expect(row(html, 'Сообщений отправлено')).toEqual(['2']);
    expect(row(html, 'Переходов по ссылке')).toEqual(['4 (200 %)']);
    // S1's order once (two opens), not S2's (7 days and a second late), S3's (no open) or S4's (another product).
    expect(row(html, 'Заказов по ссылкам')).toEqual(['1 (25 %)']);
    // The order's lines, both of them.
    expect(row(html, 'Сумма этих заказов')).toEqual(['1 500 ₽']);
  });

  it('shows the reviews written in the period, where they are now, and the conversion by rating', async () => {
    const html = section(await ownerPage('/admin/funnel/'), 'Отзывы');
    expect(row(html, 'Написано')).toEqual(['4']);
    expect(row(html, 'Опубликовано')).toEqual(['2']);
    expect(row(html, 'Скрыто')).toEqual(['1']);
    expect(row(html, 'Ждут модерации')).toEqual(['1']);
    expect(row(html, 'Средняя оценка опубликованных')).toEqual(['4,5']);
    expect(row(html, 'С фото')).toEqual(['50 %']);
    // Views and orders of the funnel's products: a (4,5) 10 views, 4 orders; b (3,0) 4 and 4; c (none) 5 and 1.
    expect(row(html, '4 и выше')).toEqual(['1', '10', '4', '40 %']);
    expect(row(html, 'ниже 4')).toEqual(['1', '4', '4', '100 %']);
    expect(row(html, 'нет отзывов')).toEqual(['1', '5', '1', '20 %']);
  });

  it('shows each recommendation row: shows, clicks, click rate, orders after a click within 7 days and their sum', async () => {
    const html = section(await ownerPage('/admin/funnel/'), 'Рекомендации');
    expect(row(html, 'Похожие')).toEqual(['3', '2', '66,7 %', '1', '2 000 ₽']);
    expect(row(html, 'С этим покупают')).toEqual(['1', '1', '100 %', '0', '0 ₽']);
    expect(row(html, 'Вы смотрели')).toEqual(['0', '0', '—', '0', '0 ₽']);
    expect(row(html, 'Добавить к заказу')).toEqual(['2', '1', '50 %', '0', '0 ₽']);
  });

  it('takes the period from the address', async () => {
    const week = await ownerPage('/admin/funnel/?days=7');
    expect(row(section(week, 'Сообщить о поступлении'), 'Подписок оформлено')).toEqual(['0']);
    expect(row(section(week, 'Сообщить о поступлении'), 'Сообщений отправлено')).toEqual(['2']);
    expect(row(section(week, 'Отзывы'), 'Написано')).toEqual(['2']);
    const quarter = await ownerPage('/admin/funnel/?days=90');
    expect(row(section(quarter, 'Сообщить о поступлении'), 'Подписок оформлено')).toEqual(['3']);
    expect(row(section(quarter, 'Сообщить о поступлении'), 'Подписок подтверждено')).toEqual(['2']);
    expect(row(section(quarter, 'Отзывы'), 'Опубликовано')).toEqual(['3']);
    expect(row(section(quarter, 'Отзывы'), 'Средняя оценка опубликованных')).toEqual(['3,7']);
  });
});

describe('GET /api/v2/admin/funnel/features/', () => {
  it('answers the same figures, money in roubles', async () => {
    const res = await (await owner()).get(`${STAFF_API.funnelFeatures}?days=30`);
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as {
      data: {
        days: number;
        windowDays: number;
        alerts: Record<string, number>;
        reviews: { written: number; averageRating: number; byRating: { band: string; conversion: number }[] };
        recommendations: { row: string; clicks: number; orders: number; amount: number }[];
      };
    };
    expect(data.days).toBe(30);
    expect(data.windowDays).toBe(7);
    expect(data.alerts).toMatchObject({ made: 2, confirmed: 1, sent: 2, opens: 4, orders: 1, amount: 1500 });
    expect(data.reviews).toMatchObject({ written: 4, averageRating: 4.5 });
    expect(data.reviews.byRating.map((r) => [r.band, r.conversion])).toEqual([
      ['none', 20],
      ['below4', 100],
      ['high', 40],
    ]);
    expect(data.recommendations.map((r) => [r.row, r.clicks, r.orders, r.amount])).toEqual([
      ['similar', 2, 1, 2000],
      ['bought_together', 1, 0, 0],
      ['viewed', 0, 0, 0],
      ['additions', 1, 0, 0],
    ]);
  });

  it('refuses a period it does not have with a Russian message', async () => {
    const res = await (await owner()).get(`${STAFF_API.funnelFeatures}?days=365`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { code: string; message: string }[] };
    expect(body.errors[0]).toMatchObject({ code: 'INVALID_QUERY', message: 'Период — 7, 30, 90 дней: days=7|30|90.' });
  });

  it('is refused to a role without reports, as the page is', async () => {
    const content = await staffBrowser(app);
    await content.login({ email: 'content@shop.test', password: STAFF_PASSWORD });
    const res = await content.get(STAFF_API.funnelFeatures);
    expect(res.status).toBe(403);
    const body = (await res.json()) as { errors: { code: string }[] };
    expect(body.errors[0]?.code).toBe('FORBIDDEN');
    expect(JSON.stringify(body)).not.toContain('opens');
    expect((await content.get('/admin/funnel/')).status).toBe(403);
    // And without a staff session at all.
    expect((await app.fetch(STAFF_API.funnelFeatures)).status).toBe(401);
  });
});
