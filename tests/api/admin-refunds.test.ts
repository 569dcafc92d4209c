import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import type { Receipt } from '../../domain/payment/gateway';
import { formatAmount } from '../../domain/pricing/price';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { addStaff, loggedInStaff, type staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let offers: OfferFacts[];
let k: Awaited<ReturnType<typeof checkoutKit>>;
let manager: Awaited<ReturnType<typeof staffBrowser>>;
let shop: Awaited<ReturnType<typeof staffBrowser>>;
let next = 0;

const path = (template: string, id: number) => template.replace(':id', String(id));

const loggedIn = (email: string) => loggedInStaff(app, email);

beforeAll(async () => {
  app = await createTestApp({ ORDERS_PER_PHONE_DAY: '100' });
  ignorePoolErrorsOnClose(app.database.db);
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted && o.price >= 100_000).slice(0, 10);
  k = await checkoutKit(app);
  await addStaff(app, { email: 'refund-manager@vyuga.test', role: 'manager' });
  await addStaff(app, { email: 'refund-shop@vyuga.test', role: 'shop', shopId: k.stores.shop });
  manager = await loggedIn('refund-manager@vyuga.test');
  shop = await loggedIn('refund-shop@vyuga.test');
});
afterAll(() => app.close());

/** An online pickup order paid through the test gateway's page, as the shopper pays it. */
async function paidOrder(beforePaying: (id: number, phone: string) => Promise<void> = async () => {}) {
  const offer = offers[next++] as OfferFacts;
  await k.stockOf(offer, 1, 1);
  const { v, phone } = await k.quickShopper(offer);
  const res = await k.rpc(v, 'sale.order.save', { ...k.pickup(phone), paymentMethod: 'ONLINE' });
  const body = (await res.json()) as { id: number; payment: { confirmationUrl: string } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  await beforePaying(body.id, phone);
  expect((await v.post(`${new URL(body.payment.confirmationUrl).pathname}pay/`, {}, {})).status).toBe(303);
  const [order] = await k.rows<{ status: string; total: number }>(
    sql`select status, total from orders where id = ${body.id}`,
  );
  expect(order?.status).toBe('paid');
  return { id: body.id, phone, total: Number(order?.total) };
}

/** The ids the desk lists in `queue` for this phone. */
const queued = async (queue: string, phone: string) =>
  (
    (await (await manager.get(`${STAFF_API.orders}?queue=${queue}&q=${phone}`)).json()) as {
      data: { items: { id: number }[] };
    }
  ).data.items.map((o) => o.id);

interface Summary {
  paid: number;
  refunded: number;
  refundable: number;
  refunds: { amount: number; status: string; reason: string; receipt: Receipt }[];
}
const summary = async (id: number) =>
  ((await (await manager.get(path(STAFF_API.orderPayments, id))).json()) as { data: { payment: Summary } }).data
    .payment;
const refund = (who: typeof manager, id: number, body: Record<string, unknown>) =>
  who.call(path(STAFF_API.orderRefunds, id), body);
const errorOf = async (res: Response) =>
  ((await res.json()) as { errors: { code: string; message: string }[] }).errors[0];
const receiptSum = (r: Receipt) => r.items.reduce((s, i) => s + i.unitKopecks * i.quantity, 0);
const refundAudits = async (id: number) =>
  (
    await k.rows<{ changes: Record<string, { after: unknown }> }>(
      sql`select changes from audit_log where action = 'order.refund' and entity_id = ${String(id)} order by id`,
    )
  ).map((r) => ({ amount: r.changes.amount?.after, reason: r.changes.reason?.after }));

describe('the desk queues of online orders', () => {
  it('an order awaiting its payment is «Ждут оплаты»; once paid it waits for the shop among «Новые»', async () => {
    const { id, phone } = await paidOrder(async (unpaid, p) => {
      expect(await queued('payment', p)).toEqual([unpaid]);
      expect(await queued('new', p)).toEqual([]);
    });
    expect(await queued('payment', phone)).toEqual([]);
    expect(await queued('new', phone)).toEqual([id]);
  });
});

describe('refunds from the back office', () => {
  it('a partial refund then the rest: each audited, each receipt adding up to its amount; beyond that refused', async () => {
    const { id, total } = await paidOrder();
    expect(await summary(id)).toMatchObject({ paid: total, refunded: 0, refundable: total });

    const part = Math.floor(total / 300) * 100; // whole roubles, about a third
    const first = await refund(manager, id, { amount: part / 100, reason: 'Брак молнии' });
    expect(first.status).toBe(200);
    expect((await first.json()).data.refund).toMatchObject({ amount: part, status: 'refunded' });

    const tooMuch = await refund(manager, id, { amount: (total - part + 100) / 100, reason: 'Ещё' });
    expect(tooMuch.status).toBe(400);
    expect((await errorOf(tooMuch))?.message).toMatch(/^Вернуть можно не больше/);
    expect(await summary(id)).toMatchObject({ refunded: part, refundable: total - part });

    const rest = await refund(manager, id, {
      amount: ((total - part) / 100).toFixed(2).replace('.', ','),
      reason: 'Возврат всего',
    });
    expect(rest.status).toBe(200);
    const after = await summary(id);
    expect(after).toMatchObject({ refunded: total, refundable: 0 });
    expect(after.refunds.map((r) => [r.amount, r.status])).toEqual([
      [part, 'refunded'],
      [total - part, 'refunded'],
    ]);
    for (const r of after.refunds) expect(receiptSum(r.receipt)).toBe(r.amount);
    expect(await refundAudits(id)).toEqual([
      { amount: part, reason: 'Брак молнии' },
      { amount: total - part, reason: 'Возврат всего' },
    ]);
    expect((await refund(manager, id, { amount: 1, reason: 'Ещё' })).status).toBe(400);
  });

  it('bad amounts, no reason, a cash order, and a shop member are refused with nothing changed', async () => {
    const { id, total } = await paidOrder();
    for (const amount of [0, -5, 'много', '1e3', '10.555']) {
      const res = await refund(manager, id, { amount, reason: 'Брак' });
      expect(res.status, String(amount)).toBe(400);
      expect((await errorOf(res))?.message).toMatch(/сумм/i);
    }
    expect((await refund(manager, id, { amount: 1, reason: '  ' })).status).toBe(400);
    const forbidden = await refund(shop, id, { amount: 1, reason: 'Брак' });
    expect(forbidden.status).toBe(403);
    expect(await summary(id)).toMatchObject({ refunded: 0, refundable: total, refunds: [] });
    expect(await refundAudits(id)).toEqual([]);
  });

  it('a cash order has nothing to refund online', async () => {
    const offer = offers[next++] as OfferFacts;
    await k.stockOf(offer, 1, 1);
    const { v, phone } = await k.quickShopper(offer);
    const saved = await k.rpc(v, 'sale.order.save', k.pickup(phone));
    const { id } = (await saved.json()) as { id: number };
    const res = await refund(manager, id, { amount: 1, reason: 'Брак' });
    expect(res.status).toBe(409);
    expect((await errorOf(res))?.message).toBe('Заказ оплачивается при получении: вернуть онлайн нечего.');
  });

  it('a refund of chosen lines names only those lines on its receipt', async () => {
    const { id } = await paidOrder();
    const [line] = await k.rows<{ id: number; name: string }>(
      sql`select id, name from order_lines where order_id = ${id} order by id limit 1`,
    );
    const res = await refund(manager, id, { amount: 10, reason: 'Вернул товар', lineIds: [line?.id] });
    expect(res.status).toBe(200);
    const { refund: made } = (await res.json()).data as { refund: { parts: { receipt: Receipt }[] } };
    const [part] = made.parts as [{ receipt: Receipt }];
    expect(part.receipt.items.map((i) => i.description).join(' ')).toContain(line?.name);
    expect(receiptSum(part.receipt)).toBe(1000);
    expect((await refund(manager, id, { amount: 10, reason: 'Чужая строка', lineIds: [999_999] })).status).toBe(400);
  });

  it('cancelling a paid order from the desk refunds it in full, and the card shows the refund done', async () => {
    const { id, total } = await paidOrder();
    const moved = await manager.call(path(STAFF_API.orderTransition, id), { to: 'cancelled', reason: 'Нет в наличии' });
    expect(moved.status).toBe(200);
    const { order } = (await moved.json()).data as {
      order: { payment: { refunded: number; refunds: { amount: number; status: string; by: string }[] } };
    };
    expect(order.payment.refunded).toBe(total);
    expect(order.payment.refunds).toEqual([
      expect.objectContaining({ amount: total, status: 'refunded', by: 'автоматически' }),
    ]);
    const page = await (await manager.get(`/admin/orders/${id}/`)).text();
    expect(page).toContain('Оплата');
    expect(page).toContain('Деньги возвращены');
  });

  it('the card offers everything refundable in a plain form; garbage is refused, a sum is refunded and shown', async () => {
    const { id, total } = await paidOrder();
    const card = await (await manager.get(`/admin/orders/${id}/`)).text();
    expect(card).toContain('Способ: онлайн');
    expect(card).toContain(`name="amount" value="${total / 100}"`);
    expect(card).toContain('Оплата: Оплачен');
    // A shop member sees the payment but is offered no refund.
    expect(await (await shop.get(`/admin/orders/${id}/`)).text()).not.toContain('Вернуть деньги');

    // Money back cannot be undone: the form asks to confirm it first.
    const unconfirmed = await manager.form(`/admin/orders/${id}/`, { intent: 'refund', amount: '100', reason: 'Брак' });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain('Отметьте, что подтверждаете возврат денег');
    const refund = (fields: Record<string, string>) =>
      manager.form(`/admin/orders/${id}/`, { intent: 'refund', confirm: 'yes', ...fields });
    const garbage = await refund({ amount: 'сто', reason: 'Брак' });
    expect(garbage.status).toBe(400);
    expect(await garbage.text()).toContain('Сумма возврата — число рублей');
    const done = await refund({ amount: '100,50', reason: 'Брак' });
    expect(done.status).toBe(200);
    const page = await done.text();
    expect(page).toContain(`Возврат ${formatAmount(10_050)} оформлен.`);
    expect(page).toContain('Деньги возвращены');
    expect(page).toContain('Оформил: refund-manager@vyuga.test');
    expect(await summary(id)).toMatchObject({ refunded: 10_050 });
  });
});
