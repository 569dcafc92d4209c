import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import type { RequestContext } from '../../domain/context';
import { formatAmount } from '../../domain/pricing/price';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { type CheckoutKit, checkoutKit } from '../support/checkout';
import { addStaff, STAFF_PASSWORD, staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

/** Tuesday 10 March 2026, 12:00 in Moscow: «now» of the dashboard. */
const NOW = '2026-03-10T09:00:00Z';
let now = new Date(NOW);
const clock = () => now;

let app: TestApp;
let k: CheckoutKit;
/** One offer of each of ten products, so a product's units sold are one offer's. */
let offers: OfferFacts[];
const id: Record<string, number> = {};
const total: Record<string, number> = {};

/** An order placed through the checkout at `at` (shop pickup unless `courier`), stamped with that time. */
async function place(
  name: string,
  at: string,
  offer: OfferFacts,
  options: { quantity?: number; courier?: boolean } = {},
) {
  now = new Date(at);
  const { v, phone } = await k.quickShopper(offer, options.quantity ?? 1);
  let form: Record<string, string | number> = k.pickup(phone);
  if (options.courier) {
    const state = await (
      await k.rpc(v, 'sale.order.delivery.setAddress', {
        type: 'COURIER',
        city: 'Москва',
        street: 'Тверская',
        house: '7',
      })
    ).json();
    form = {
      ...form,
      deliveryType: 'COURIER',
      deliveryAddressId: state.deliveryAddressId,
      deliveryIntervalDate: state.deliveryIntervalDate,
      deliveryIntervalTime: state.deliveryIntervalTime,
    };
  }
  const res = await k.rpc(v, 'sale.order.save', form);
  expect(res.status, await res.clone().text()).toBe(200);
  id[name] = (await res.json()).id as number;
  // The checkout stamps the database's own time; the order was placed at the test clock's.
  await app.database.db.execute(sql`update orders set created_at = ${at}::timestamptz where id = ${id[name]}`);
  const [row] = await k.rows<{ total: number }>(sql`select total from orders where id = ${id[name]}`);
  total[name] = Number(row?.total);
  return v;
}

/** What staff may do to an order is another part of the desk: here the status is set as it would be by then. */
const setStatus = (name: string, status: string) =>
  app.database.db.execute(sql`update orders set status = ${status} where id = ${id[name]}`);

/** The page's text without React's markers between adjacent texts. */
const textOf = async (res: Response) => (await res.text()).replaceAll('<!-- -->', '');

beforeAll(async () => {
  app = await createTestApp({ PHONE_CODES_PER_CLIENT: '10000', ORDERS_PER_PHONE_DAY: '100' }, { clock });
  ignorePoolErrorsOnClose(app.database.db);
  k = await checkoutKit(app);
  const firstOfProduct = await k.rows<{ id: number }>(sql`
    select min(o.id) as id from offers o group by o.product_id order by min(o.id)`);
  const first = new Set(firstOfProduct.map((r) => Number(r.id)));
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted && first.has(o.id)).slice(0, 10);
  // A shop order needs a unit in a movement store (the online warehouse does not bring to shops).
  for (const offer of offers) await k.stockOf(offer, 10, 1);
  const [a, b, c, s, c2, d, e, f, g] = offers as OfferFacts[];
  expect(await k.rows(sql`select id from orders`)).toEqual([]);

  // Last week's Tuesday: one order before 12:00, one after.
  await place('L1', '2026-03-03T08:00:00Z', a as OfferFacts);
  await place('L2', '2026-03-03T15:00:00Z', b as OfferFacts);
  // A shop order and two courier orders whose days went by, one of them shipped.
  await place('S', '2026-03-05T07:00:00Z', s as OfferFacts);
  await place('C', '2026-03-06T07:00:00Z', c as OfferFacts, { courier: true });
  await place('C2', '2026-03-06T07:30:00Z', c2 as OfferFacts, { courier: true });
  // Seven weeks ago: too old for the best sellers.
  await k.stockOf(g as OfferFacts, 0, 1);
  await place('O', '2026-01-20T09:00:00Z', g as OfferFacts);
  // Today: a best seller's last units at 09:00, a cancelled order at 10:00, a fresh one at 11:30.
  await k.stockOf(d as OfferFacts, 3, 1);
  await place('N1', '2026-03-10T06:00:00Z', d as OfferFacts, { quantity: 3 });
  await k.stockOf(f as OfferFacts, 0, 1);
  const shopper = await place('N3', '2026-03-10T07:00:00Z', f as OfferFacts);
  expect((await shopper.post(API.orderCancel, { id: id.N3 as number })).status).toBe(200);
  await place('N2', '2026-03-10T08:30:00Z', e as OfferFacts);

  await setStatus('L1', 'completed');
  await setStatus('L2', 'ready');
  await setStatus('S', 'confirmed');
  await setStatus('C2', 'shipped');
  await setStatus('O', 'completed');

  now = new Date(NOW);
  await addStaff(app, { email: 'owner@shop.test', role: 'owner' }, clock);
  await addStaff(app, { email: 'manager@shop.test', role: 'manager' }, clock);
  await addStaff(app, { email: 'content@shop.test', role: 'content' }, clock);
});
afterAll(() => app.close());

async function loggedIn(email: string) {
  const b = await staffBrowser(app);
  expect((await b.login({ email, password: STAFF_PASSWORD })).status).toBe(200);
  return b;
}

const ctxOf = (actor: RequestContext['actor']): RequestContext => ({
  requestId: 'test',
  sessionId: 'test',
  actor,
  city: null,
  client: 'test',
  now: clock,
});

describe('the dashboard’s figures', () => {
  it('compares today with last Tuesday up to 12:00 and whole, revenue without the cancelled order', async () => {
    const d = await app.services.dashboard.summary(
      ctxOf({ kind: 'staff', staffId: 1, email: 'owner@shop.test', role: 'owner', shopId: null }),
    );
    const today = (total.N1 as number) + (total.N2 as number);
    expect(d).toMatchObject({ date: '2026-03-10', time: '12:00', weekAgo: '2026-03-03' });
    expect(d.today).toEqual({ orders: 3, revenue: today });
    expect(d.sameTime).toEqual({ orders: 1, revenue: total.L1 });
    expect(d.wholeDay).toEqual({ orders: 2, revenue: (total.L1 as number) + (total.L2 as number) });
    expect(d.change.sameTime.orders).toBe(200);
    expect(d.change.wholeDay.orders).toBe(50);
    expect(d.change.sameTime.revenue).toBe(Math.round(((today - (total.L1 as number)) / (total.L1 as number)) * 100));
  });

  it('counts the queues, new orders past the confirm time apart', async () => {
    const d = await app.services.dashboard.summary(
      ctxOf({ kind: 'staff', staffId: 1, email: 'owner@shop.test', role: 'owner', shopId: null }),
    );
    expect(Object.fromEntries(d.queues.map((q) => [q.queue, q.count]))).toEqual({
      payment: 0,
      new: 1,
      confirm: 2,
      assemble: 1,
      handover: 1,
      transit: 1,
      done: 2,
      cancelled: 1,
    });
  });

  it('lists the orders late on their promise, oldest first, and not the shipped or ready ones', async () => {
    const d = await app.services.dashboard.summary(
      ctxOf({ kind: 'staff', staffId: 1, email: 'owner@shop.test', role: 'owner', shopId: null }),
    );
    expect(d.waiting.total).toBe(3);
    expect(d.waiting.items.map((o) => o.id)).toEqual([id.S, id.C, id.N1]);
    const [shop, courier, unconfirmed] = d.waiting.items;
    const [c] = await k.rows<{ date: string }>(sql`select delivery->>'date' as date from orders where id = ${id.C}`);
    expect(courier?.text).toContain(`обещана на ${c?.date}`);
    expect(shop?.text).toMatch(/^Должен был ждать в магазине с \d\d\.\d\d\.2026/);
    expect(unconfirmed).toMatchObject({ href: `/admin/orders/${id.N1}/`, text: 'Не подтверждён уже 3\u00a0ч' });
  });

  it('finds the best sellers’ sizes running out, not counting cancelled or old orders', async () => {
    const d = await app.services.dashboard.summary(
      ctxOf({ kind: 'staff', staffId: 1, email: 'owner@shop.test', role: 'owner', shopId: null }),
    );
    const [, , , , , best, plenty, cancelled, old] = offers as OfferFacts[];
    const product = async (offer: OfferFacts) =>
      Number((await k.rows<{ p: number }>(sql`select product_id as p from offers where id = ${offer.id}`))[0]?.p);
    const first = d.runningOut[0];
    expect(first?.productId).toBe(await product(best as OfferFacts));
    expect(first?.sold).toBe(3);
    expect(first?.sizes).toContainEqual({ offerId: best?.id, sizeName: expect.any(String), sold: 3, stock: 1 });
    const sizes = d.runningOut.flatMap((p) => p.sizes.map((s) => s.offerId));
    expect(sizes).not.toContain(plenty?.id);
    const products = d.runningOut.map((p) => p.productId);
    expect(products).not.toContain(await product(cancelled as OfferFacts));
    expect(products).not.toContain(await product(old as OfferFacts));
  });

  it('refuses a role without the dashboard, and a caller who is not staff', async () => {
    await expect(
      app.services.dashboard.summary(
        ctxOf({ kind: 'staff', staffId: 3, email: 'content@shop.test', role: 'content', shopId: null }),
      ),
    ).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(
      app.services.dashboard.summary(
        ctxOf({ kind: 'staff', staffId: 4, email: 'shop@shop.test', role: 'shop', shopId: k.stores.shop }),
      ),
    ).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(app.services.dashboard.summary(ctxOf({ kind: 'user', userId: 1 }))).rejects.toMatchObject({
      kind: 'unauthorized',
    });
  });
});

describe('the dashboard page /admin/', () => {
  it.each(['owner@shop.test', 'manager@shop.test'])(
    'shows %s the figures, the queues and the late orders',
    async (email) => {
      const b = await loggedIn(email);
      const res = await b.get('/admin/');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toContain('no-store');
      const html = await textOf(res);
      expect(html).toContain('Сегодня, вт 10.03, к 12:00');
      expect(html).toContain('вт 03.03, к 12:00');
      expect(html).toContain(formatAmount((total.N1 as number) + (total.N2 as number)));
      expect(html).toMatch(/href="\/admin\/orders\/\?queue=confirm"[^>]*><span>Подтвердить<\/span> <b>2<\/b>/);
      expect(html).toContain(`href="/admin/orders/${id.C}/"`);
      expect(html).toContain('Ждут дольше обещанного: 3');
    },
  );

  it('draws the 14 days as an SVG with an accessible name and a table of the same figures', async () => {
    const html = await textOf(await (await loggedIn('manager@shop.test')).get('/admin/'));
    const svg = html.match(/<svg[^>]*role="img"[^>]*>[\s\S]*?<\/svg>/)?.[0] ?? '';
    expect(svg).toMatch(/aria-label="Выручка по дням с 25\.02 по 10\.03/);
    const days = [...svg.matchAll(/data-day="([\d-]+)"/g)].map((m) => m[1]);
    expect(days).toHaveLength(14);
    expect(days[0]).toBe('2026-02-25');
    expect(days[13]).toBe('2026-03-10');
    expect(svg.match(/<rect /g)).toHaveLength(14);
    const table = html.match(/<table class="visually-hidden">[\s\S]*?<\/table>/)?.[0] ?? '';
    expect(table.match(/<tr>/g)).toHaveLength(15);
    const lastWeek = formatAmount((total.L1 as number) + (total.L2 as number));
    expect(table).toContain(`<th scope="row">вт 03.03</th><td>2</td><td>${lastWeek}</td>`);
    expect(table).toContain('<th scope="row">ср 04.03</th><td>0</td>');
  });

  it('shows a content editor the welcome without any figures', async () => {
    const res = await (await loggedIn('content@shop.test')).get('/admin/');
    expect(res.status).toBe(200);
    const html = await textOf(res);
    expect(html).toContain('Вы вошли как content@shop.test');
    expect(html).not.toContain('Очереди заказов');
    expect(html).not.toContain('<svg');
    expect(html).not.toContain(formatAmount(total.N1 as number));
  });
});
