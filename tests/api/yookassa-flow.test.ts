import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { type FakeYookassa, startFakeYookassa } from '../support/fake-yookassa';
import { createTestApp, SHOP_ORIGIN, type TestApp } from '../support/test-app';

const NOTIFY = '/api/v2/payment/yookassa/notify/';
const YOOKASSA_ADDRESS = '185.71.76.5';

let fake: FakeYookassa;
let app: TestApp;
let offers: OfferFacts[];
let k: Awaited<ReturnType<typeof checkoutKit>>;
let next = 0;

beforeAll(async () => {
  fake = await startFakeYookassa('100500', 'test_secret_key');
  app = await createTestApp({
    ORDERS_PER_PHONE_DAY: '100',
    PAYMENT_PROVIDER: 'yookassa',
    YOOKASSA_SHOP_ID: '100500',
    YOOKASSA_SECRET_KEY: 'test_secret_key',
    YOOKASSA_API_URL: fake.url,
    YOOKASSA_NOTIFY_NETWORKS: '185.71.76.0/27',
    TRUST_PROXY: '1',
  });
  ignorePoolErrorsOnClose(app.database.db);
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted && o.price >= 100_000).slice(0, 6);
  k = await checkoutKit(app);
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

async function onlineOrder() {
  const offer = offers[next++] as OfferFacts;
  await k.stockOf(offer, 1, 1);
  const { v, phone } = await k.quickShopper(offer);
  const res = await k.rpc(v, 'sale.order.save', { ...k.pickup(phone), paymentMethod: 'ONLINE' });
  expect(res.status, await res.clone().text()).toBe(200);
  const { id } = (await res.json()) as { id: number };
  const [payment] = await k.rows<{ provider_payment_id: string; idempotence_key: string }>(
    sql`select provider_payment_id, idempotence_key from payments where order_id = ${id}`,
  );
  return { id, offer, phone, paymentId: payment?.provider_payment_id as string, key: payment?.idempotence_key };
}

const statusOf = async (id: number) =>
  (await k.rows<{ status: string }>(sql`select status from orders where id = ${id}`))[0]?.status;

/** `payment.succeeded` as YooKassa's docs show it (shape copied from the notification example). */
function succeeded(paymentId: string, orderId: number, value: string) {
  return {
    type: 'notification',
    event: 'payment.succeeded',
    object: {
      id: paymentId,
      status: 'succeeded',
      amount: { value, currency: 'RUB' },
      income_amount: { value, currency: 'RUB' },
      description: `Заказ № ${100_000 + orderId}`,
      recipient: { account_id: '100500', gateway_id: '100700' },
      payment_method: {
        type: 'bank_card',
        id: paymentId,
        saved: false,
        title: 'Bank card *4444',
        card: { first6: '555555', last4: '4444', expiry_month: '07', expiry_year: '2030', card_type: 'MasterCard' },
      },
      captured_at: '2026-11-26T10:40:12.000Z',
      created_at: '2026-11-26T10:39:45.000Z',
      test: true,
      refunded_amount: { value: '0.00', currency: 'RUB' },
      paid: true,
      refundable: true,
      metadata: { orderId: String(orderId) },
    },
  };
}

const notify = (body: unknown, from = YOOKASSA_ADDRESS) =>
  app.fetch(NOTIFY, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.1, ${from}` },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const value = (kopecks: number) => `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;

describe('YooKassa end to end against the fake', () => {
  it('an online save creates the payment at YooKassa in its shape, with the Idempotence-Key the shop keeps', async () => {
    const { id, paymentId, key, phone } = await onlineOrder();
    const created = fake.requests.filter((r) => r.method === 'POST' && r.path === '/payments').at(-1);
    expect(created?.headers['idempotence-key']).toBe(key);
    const [order] = await k.rows<{ total: number }>(sql`select total from orders where id = ${id}`);
    expect(created?.body).toMatchObject({
      amount: { value: value(Number(order?.total)), currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: expect.stringContaining(`${SHOP_ORIGIN}/`) },
      metadata: { orderId: String(id) },
    });
    const body = created?.body as {
      confirmation: { return_url: string };
      receipt: { customer: Record<string, string>; items: Record<string, unknown>[] };
    };
    expect(body.confirmation.return_url).toContain(String(id));
    expect(body.receipt.customer.email ?? body.receipt.customer.phone).toContain(
      body.receipt.customer.email ? '@' : phone,
    );
    for (const item of body.receipt.items)
      expect(item).toMatchObject({
        vat_code: expect.any(Number),
        payment_subject: expect.any(String),
        payment_mode: expect.any(String),
      });
    expect(fake.payments.get(paymentId)?.status).toBe('pending');
  });

  it('a retry after a 500 reuses the Idempotence-Key', async () => {
    fake.fail({ status: 500 });
    const { key } = await onlineOrder();
    const keys = fake.requests
      .filter((r) => r.method === 'POST' && r.path === '/payments')
      .slice(-2)
      .map((r) => r.headers['idempotence-key']);
    expect(keys).toEqual([key, key]);
  });

  it('notifications: foreign address 403, garbage 400, unknown event 200, forged body changes nothing, a real one pays', async () => {
    const { id, paymentId, offer } = await onlineOrder();
    const body = succeeded(paymentId, id, value(offer.price));

    expect((await notify(body, '203.0.113.9')).status).toBe(403);
    expect((await notify('{not json')).status).toBe(400);
    expect((await notify({ type: 'notification', event: 'deal.closed', object: { id: 'x' } })).status).toBe(200);
    // Forged: the fake still says pending; the shop asks it and leaves the order waiting.
    expect((await notify(body)).status).toBe(200);
    expect(await statusOf(id)).toBe('awaiting_payment');

    fake.pay(paymentId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(body)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(await statusOf(id)).toBe('paid');
    expect(
      await k.rows(sql`select e.status from payment_events e join payments p on p.id = e.payment_id
        where p.order_id = ${id} and e.status = 'paid'`),
    ).toHaveLength(1);
  });

  it('the provider down during a notification: 503, so YooKassa sends again, and the later one pays', async () => {
    const { id, paymentId, offer } = await onlineOrder();
    fake.pay(paymentId);
    const body = succeeded(paymentId, id, value(offer.price));
    fake.fail({ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 }, { status: 503 });
    expect((await notify(body)).status).toBe(503);
    expect(await statusOf(id)).toBe('awaiting_payment');
    fake.recover();
    expect((await notify(body)).status).toBe(200);
    expect(await statusOf(id)).toBe('paid');
  });
});

describe('a flood of notifications', () => {
  it('is refused with 429 per sender address and overall, before the provider is asked', async () => {
    const small = await createTestApp({
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: '100500',
      YOOKASSA_SECRET_KEY: 'test_secret_key',
      YOOKASSA_API_URL: fake.url,
      YOOKASSA_NOTIFY_NETWORKS: '185.71.76.0/27',
      TRUST_PROXY: '1',
      YOOKASSA_NOTIFY_PER_CLIENT: '3',
      YOOKASSA_NOTIFY_PER_MINUTE: '5',
    });
    try {
      const send = (from: string) =>
        small.fetch(NOTIFY, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
          body: JSON.stringify(succeeded('unknown-payment', 1, '1.00')),
        });
      const asked = () => fake.requests.filter((r) => r.method === 'GET').length;
      const before = asked();
      const one: number[] = [];
      for (let i = 0; i < 4; i++) one.push((await send('185.71.76.5')).status);
      expect(one.slice(0, 3)).not.toContain(429);
      expect(one[3]).toBe(429);
      const other: number[] = [];
      for (let i = 0; i < 3; i++) other.push((await send('185.71.76.6')).status);
      expect(other.slice(0, 2)).not.toContain(429);
      expect(other[2]).toBe(429);
      expect(asked() - before).toBeLessThanOrEqual(5);
    } finally {
      await small.close();
    }
  });
});
