import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { readOutbox } from '../support/outbox';
import { createTestApp, SHOP_ORIGIN, type TestApp, type Visitor } from '../support/test-app';

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
async function onlineOrder(fields: Record<string, string> = {}) {
  const offer = offers[next++] as OfferFacts;
  await k.stockOf(offer, 1, 1);
  const { v, phone } = await k.quickShopper(offer);
  const res = await k.rpc(v, 'sale.order.save', { ...k.pickup(phone), paymentMethod: 'ONLINE', ...fields });
  const body = (await res.json()) as { id: number; payment: { confirmationUrl: string } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return { v, phone, offer, ...body };
}

const statusOf = async (id: number) =>
  (await k.rows<{ status: string }>(sql`select status from orders where id = ${id}`))[0]?.status;
const stockLeft = async (offer: OfferFacts) =>
  Number(
    (
      await k.rows<{ n: number }>(sql`select coalesce(sum(quantity), 0) as n from stock where offer_id = ${offer.id}`)
    )[0]?.n,
  );

/** The shopper presses a button of the test gateway's page (a plain form, as the page sends it). */
const press = (v: Visitor, url: string, action: 'pay' | 'decline') =>
  v.post(`${new URL(url).pathname}${action}/`, {}, {});

describe('online payment through the embedded test gateway', () => {
  it('the save answers the gateway page; paying makes the order paid and sends the shopper back to it', async () => {
    const { v, id, payment, offer, phone } = await onlineOrder();
    expect(payment.confirmationUrl).toMatch(new RegExp(`^${SHOP_ORIGIN}/pay/test/test-[\\w-]+/$`));
    expect(await statusOf(id)).toBe('awaiting_payment');
    expect(await stockLeft(offer)).toBe(1);

    const page = await v.get(new URL(payment.confirmationUrl).pathname);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Тестовый платёж');
    expect(html).toContain('Оплатить');

    const paid = await press(v, payment.confirmationUrl, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain(`/order/?ORDER_ID=${id}`);
    expect(await statusOf(id)).toBe('paid');
    expect(
      await k.rows(sql`select e.status, e.source from payment_events e join payments p on p.id = e.payment_id
        where p.order_id = ${id} order by e.id`),
    ).toEqual([
      { status: 'awaiting', source: 'checkout' },
      { status: 'paid', source: 'notification' },
    ]);
    // Pressed again (a second tab): the payment is over, nothing changes.
    expect((await press(v, payment.confirmationUrl, 'pay')).status).toBe(409);
    await app.outbox.deliver();
    const letter = await readOutbox(app, { to: `order.${phone}@example.ru`, channel: 'email' });
    expect(letter).toMatchObject({ kind: 'order-paid', subject: `Заказ № ${100_000 + id} оплачен — ВЬЮГА` });
  });

  it('a declined payment leaves the order waiting; «Оплатить» again starts a new payment that succeeds', async () => {
    const { v, id, payment } = await onlineOrder();
    expect((await press(v, payment.confirmationUrl, 'decline')).status).toBe(303);
    expect(await statusOf(id)).toBe('awaiting_payment');
    const again = await app.services.payments.start(id, 'order-page');
    expect(again.confirmationUrl).not.toBe(payment.confirmationUrl);
    await press(v, again.confirmationUrl, 'pay');
    expect(await statusOf(id)).toBe('paid');
    expect(await k.rows(sql`select status from payments where order_id = ${id} order by id`)).toEqual([
      { status: 'cancelled' },
      { status: 'paid' },
    ]);
  });

  it('an unpaid order expires after its time: stock back once; a payment that comes later is refunded', async () => {
    const { v, id, payment, offer } = await onlineOrder();
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await app.services.payments.expire(later)).toBeGreaterThanOrEqual(1);
    expect(await app.services.payments.expire(later)).toBe(0);
    expect(await statusOf(id)).toBe('cancelled');
    expect(await stockLeft(offer)).toBe(2);

    await press(v, payment.confirmationUrl, 'pay');
    expect(await statusOf(id)).toBe('cancelled');
    expect(await stockLeft(offer)).toBe(2);
    expect(await k.rows(sql`select status, amount, staff_id from refunds where order_id = ${id}`)).toEqual([
      { status: 'refunded', amount: offer.price, staff_id: null },
    ]);
  });
});
