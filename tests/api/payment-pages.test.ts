import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../../domain/pricing/price';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { createTestApp, newVisitor, type TestApp, type Visitor } from '../support/test-app';

let app: TestApp;
let offers: OfferFacts[];
let k: Awaited<ReturnType<typeof checkoutKit>>;
let next = 0;

beforeAll(async () => {
  app = await createTestApp({ ORDERS_PER_PHONE_DAY: '100' });
  ignorePoolErrorsOnClose(app.database.db);
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted && o.price >= 100_000).slice(0, 12);
  k = await checkoutKit(app);
});
afterAll(() => app.close());

/** A shopper who saved an online order of one unit: its id and where the save sent them to pay. */
async function onlineOrder() {
  const offer = offers[next++] as OfferFacts;
  await k.stockOf(offer, 1, 1);
  const { v, phone } = await k.quickShopper(offer);
  const res = await k.rpc(v, 'sale.order.save', { ...k.pickup(phone), paymentMethod: 'ONLINE' });
  const body = (await res.json()) as { id: number; payment: { confirmationUrl: string } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return { v, offer, ...body };
}

const pageOf = (id: number) => `/order/?ORDER_ID=${id}`;
const statusOf = async (id: number) =>
  (await k.rows<{ status: string }>(sql`select status from orders where id = ${id}`))[0]?.status;
/** The shopper presses a button of the test gateway's page. */
const press = (v: Visitor, url: string, action: 'pay' | 'decline') =>
  v.post(`${new URL(url).pathname}${action}/`, {}, {});
/** The order page's payment block as text, tags dropped. */
const paymentBlock = (html: string) =>
  (html.match(/<section[^>]*aria-labelledby="order-payment"[^>]*>([\s\S]*?)<\/section>/)?.[1] ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[ \t\n]+/g, ' ');
const PAY_BUTTON = /<button[^>]*value="pay"[^>]*>Оплатить</;

describe('the order page of an online order', () => {
  it('while it waits: the method, «Ждёт оплаты до …», the sum to pay online and «Оплатить»; private to its owner', async () => {
    const { v, id } = await onlineOrder();
    const res = await v.get(pageOf(id));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/private|no-store/);
    const html = await res.text();
    expect(paymentBlock(html)).toMatch(/Онлайн: картой или через СБП Ждёт оплаты до \d\d:\d\d /);
    expect(html).toMatch(PAY_BUTTON);
    expect(html).toContain('К оплате онлайн');
    expect(html).not.toContain('К оплате при получении');

    const stranger = await newVisitor(app);
    expect((await stranger.get(pageOf(id))).status).toBe(404);
    expect((await stranger.post(pageOf(id), { intent: 'pay' })).status).toBe(404);
    expect(await k.rows(sql`select id from payments where order_id = ${id}`)).toHaveLength(1);
  });

  it('back from the provider with no notification: the page reads the payment and says «Оплачен»', async () => {
    const { v, id, payment } = await onlineOrder();
    const providerId = new URL(payment.confirmationUrl).pathname.split('/').at(-2) as string;
    // The money went through at the provider, and its notification never came.
    await app.services.testPayments?.pay(providerId);
    expect(await statusOf(id)).toBe('awaiting_payment');

    const html = await (await v.get(pageOf(id))).text();
    expect(paymentBlock(html)).toContain('Оплачен');
    expect(html).not.toMatch(PAY_BUTTON);
    expect(html).toContain('Оплачено онлайн');
    expect(await statusOf(id)).toBe('paid');
    expect(
      await k.rows(sql`select e.source from payment_events e join payments p on p.id = e.payment_id
      where p.order_id = ${id} and e.status = 'paid'`),
    ).toEqual([{ source: 'return' }]);
  });

  it('declined: the reason and «Оплатить», which starts a new payment and sends the shopper to it', async () => {
    const { v, id, payment } = await onlineOrder();
    const back = await press(v, payment.confirmationUrl, 'decline');
    expect(back.headers.get('location')).toContain(pageOf(id));
    const html = await (await v.get(pageOf(id))).text();
    expect(paymentBlock(html)).toContain('Оплата не прошла: на карте недостаточно денег');
    expect(html).toMatch(PAY_BUTTON);

    const pay = await v.post(pageOf(id), { intent: 'pay' });
    expect(pay.status).toBe(303);
    const again = pay.headers.get('location') as string;
    expect(again).toMatch(/\/pay\/test\/test-[\w-]+\/$/);
    expect(again).not.toBe(payment.confirmationUrl);
    // Pressed twice (a double click): the same pending payment, not a second one.
    expect((await v.post(pageOf(id), { intent: 'pay' })).headers.get('location')).toBe(again);

    await press(v, again, 'pay');
    const paid = await (await v.get(pageOf(id))).text();
    expect(paymentBlock(paid)).toContain('Оплачен');
    expect(paid).not.toMatch(PAY_BUTTON);

    // A page left open from before: its «Оплатить» is refused with the reason, on the page.
    const late = await v.post(pageOf(id), { intent: 'pay' });
    expect(late.status).toBe(409);
    expect(await late.text()).toMatch(/role="alert"[^>]*>[^<]+</);
  });

  it('not paid in time: «Заказ отменён: оплата не поступила вовремя»; a payment after that is returned', async () => {
    const { v, id, payment } = await onlineOrder();
    await app.services.payments.expire(new Date(Date.now() + 31 * 60_000));
    // The order's time is now over by the page's clock too.
    await app.database.db.execute(sql`update orders set payment_due_at = now() - interval '1 minute' where id = ${id}`);
    const html = await (await v.get(pageOf(id))).text();
    expect(paymentBlock(html)).toContain('Заказ отменён: оплата не поступила вовремя');
    expect(html).not.toMatch(PAY_BUTTON);
    expect((await v.post(pageOf(id), { intent: 'pay' })).status).toBe(409);

    await press(v, payment.confirmationUrl, 'pay');
    const [{ total }] = await k.rows<{ total: number }>(sql`select total from orders where id = ${id}`);
    expect(paymentBlock(await (await v.get(pageOf(id))).text())).toContain(`Возвращено ${formatAmount(Number(total))}`);
  });

  it('an order paid on receipt says so and offers no payment', async () => {
    const offer = offers[next++] as OfferFacts;
    await k.stockOf(offer, 1, 1);
    const { v, phone } = await k.quickShopper(offer);
    const { id } = await (await k.rpc(v, 'sale.order.save', k.pickup(phone))).json();
    const html = await (await v.get(pageOf(id))).text();
    expect(paymentBlock(html).trim()).toBe('Оплата При получении');
    expect(html).toContain('К оплате при получении');
    expect(html).not.toMatch(PAY_BUTTON);
    const refused = await v.post(pageOf(id), { intent: 'pay' });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
  });
});

describe('the checkout page', () => {
  it('offers «Способ оплаты» while online payment is on', async () => {
    const offer = offers[next++] as OfferFacts;
    await k.stockOf(offer, 1, 1);
    const { v } = await k.quickShopper(offer);
    const html = await (await v.get('/order/')).text();
    expect(html).toContain('Способ оплаты');
    expect(html).toContain('Онлайн: картой или через СБП');
    const radios = html.match(/<input[^>]*name="paymentMethod"[^>]*>/g) ?? [];
    expect(radios).toHaveLength(2);
    expect(radios.find((r) => r.includes('value="CASH"'))).toContain('checked');
    expect(radios.find((r) => r.includes('value="ONLINE"'))).not.toContain('checked');
    expect(html).toContain('К оплате при получении');
  });
});
