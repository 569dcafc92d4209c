import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeYookassa, startFakeYookassa } from '../../tests/support/fake-yookassa';
import { type CreatePaymentInput, GatewayError, type PaymentGateway } from '../../domain/payment/gateway';
import { kopecksOf, money, yookassaGateway } from './yookassa';

const SHOP_ID = '100500';
const SECRET = 'test_Fh8hUAVVBGUGbjmlzba6TB0iyUbos_lueTHE-axOwM0';

let fake: FakeYookassa;
let pauses: number[];
let gateway: PaymentGateway;

const connect = (options: Partial<Parameters<typeof yookassaGateway>[0]> = {}) =>
  yookassaGateway({
    shopId: SHOP_ID,
    secretKey: SECRET,
    apiUrl: fake.url,
    timeoutMs: 300,
    sleep: async (ms) => {
      pauses.push(ms);
    },
    ...options,
  });

const order = (key: string, overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  amountKopecks: 1_346_950,
  description: 'Заказ № 100123',
  returnUrl: 'https://shop.example.ru/personal/order/100123/',
  capture: true,
  idempotenceKey: key,
  metadata: { orderId: '100123' },
  receipt: {
    customer: { email: 'anna@example.ru' },
    items: [
      {
        description: 'Пуховик «Тайга», размер 48',
        quantity: 1,
        unitKopecks: 1_296_950,
        vat: 22,
        kind: 'goods',
        settlement: 'advance',
      },
      {
        description: 'Доставка',
        quantity: 1,
        unitKopecks: 50_000,
        vat: 22,
        kind: 'service',
        settlement: 'advance',
      },
    ],
  },
  ...overrides,
});

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
};

beforeAll(async () => {
  fake = await startFakeYookassa(SHOP_ID, SECRET);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  pauses = [];
  gateway = connect();
});

describe('yookassaGateway: requests', () => {
  it('creates a payment as YooKassa expects it: Basic auth, the caller’s Idempotence-Key, amounts as strings', async () => {
    const payment = await gateway.create(order('key-create-1'));
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/payments');
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${SHOP_ID}:${SECRET}`).toString('base64')}`);
    expect(request.headers['idempotence-key']).toBe('key-create-1');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({
      amount: { value: '13469.50', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: 'https://shop.example.ru/personal/order/100123/' },
      description: 'Заказ № 100123',
      metadata: { orderId: '100123' },
      receipt: {
        customer: { email: 'anna@example.ru' },
        items: [
          {
            description: 'Пуховик «Тайга», размер 48',
            quantity: 1,
            amount: { value: '12969.50', currency: 'RUB' },
            vat_code: 11,
            payment_subject: 'commodity',
            payment_mode: 'full_prepayment',
            measure: 'piece',
          },
          {
            description: 'Доставка',
            quantity: 1,
            amount: { value: '500.00', currency: 'RUB' },
            vat_code: 11,
            payment_subject: 'service',
            payment_mode: 'full_prepayment',
            measure: 'piece',
          },
        ],
      },
    });
    expect(payment).toEqual({
      id: expect.any(String),
      status: 'awaiting',
      amountKopecks: 1_346_950,
      confirmationUrl: expect.stringMatching(/\/checkout\/payments\/v2\/contract\?orderId=/),
      cancellationReason: null,
      orderId: '100123',
    });
  });

  it('cuts a description to YooKassa’s 128 characters', async () => {
    await gateway.create(order('key-long', { description: `Заказ ${'№'.repeat(200)}` }));
    expect((fake.requests[0].body as { description: string }).description).toHaveLength(128);
  });

  it('reads a payment by id with GET and no Idempotence-Key, the decline reason included', async () => {
    const created = await gateway.create(order('key-get-1'));
    fake.decline(created.id, 'insufficient_funds');
    fake.requests.length = 0;
    const payment = await gateway.get(created.id);
    expect(fake.requests[0]).toMatchObject({ method: 'GET', path: `/payments/${created.id}` });
    expect(fake.requests[0].headers['idempotence-key']).toBeUndefined();
    expect(payment).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'insufficient_funds',
      confirmationUrl: null,
    });
  });

  it('captures a two-stage payment for the given amount and cancels another', async () => {
    const held = await gateway.create(order('key-hold-1', { capture: false }));
    fake.pay(held.id);
    expect((await gateway.get(held.id)).status).toBe('held');
    const captured = await gateway.capture(held.id, 1_346_950, 'key-capture-1');
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/payments/${held.id}/capture`,
      body: { amount: { value: '13469.50', currency: 'RUB' } },
      headers: { 'idempotence-key': 'key-capture-1' },
    });
    expect(captured).toMatchObject({ status: 'paid', amountKopecks: 1_346_950 });

    const other = await gateway.create(order('key-hold-2', { capture: false }));
    fake.pay(other.id);
    const canceled = await gateway.cancel(other.id, 'key-cancel-1');
    expect(fake.requests.at(-1)).toMatchObject({
      path: `/payments/${other.id}/cancel`,
      headers: { 'idempotence-key': 'key-cancel-1' },
    });
    expect(canceled).toMatchObject({ status: 'cancelled', cancellationReason: 'cancelled_by_shop' });
  });

  it('refunds part of a payment with a receipt and the caller’s key', async () => {
    const payment = await gateway.create(order('key-paid-1'));
    fake.pay(payment.id);
    const refund = await gateway.refund({
      paymentId: payment.id,
      amountKopecks: 50_000,
      description: 'Возврат доставки по заказу № 100123',
      idempotenceKey: 'key-refund-1',
      receipt: { customer: { phone: '79161234567' }, items: [order('x').receipt.items[1]] },
    });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/refunds',
      headers: { 'idempotence-key': 'key-refund-1' },
      body: {
        payment_id: payment.id,
        amount: { value: '500.00', currency: 'RUB' },
        description: 'Возврат доставки по заказу № 100123',
        receipt: { customer: { phone: '79161234567' }, items: [{ amount: { value: '500.00' }, quantity: 1 }] },
      },
    });
    expect(refund).toEqual({
      id: expect.any(String),
      paymentId: payment.id,
      status: 'refunded',
      amountKopecks: 50_000,
    });
  });

  it('passes on YooKassa’s refusal of a refund above what is left', async () => {
    const payment = await gateway.create(order('key-paid-2'));
    fake.pay(payment.id);
    const error = await refusal(
      gateway.refund({
        paymentId: payment.id,
        amountKopecks: 1_346_951,
        description: 'Возврат',
        idempotenceKey: 'key-refund-2',
        receipt: {
          customer: { email: 'anna@example.ru' },
          items: [{ ...order('x').receipt.items[0], unitKopecks: 1_346_951 }],
        },
      }),
    );
    expect(error).toMatchObject({ retryable: false, code: 'invalid_request' });
    expect(error.message).toContain('Refund amount exceeds the payment amount');
  });
});

describe('yookassaGateway: retries', () => {
  it('retries a 500 with the same Idempotence-Key and body, and gets the payment', async () => {
    fake.fail({ status: 500 });
    const payment = await gateway.create(order('key-retry-500'));
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests.map((r) => r.headers['idempotence-key'])).toEqual(['key-retry-500', 'key-retry-500']);
    expect(fake.requests[1].body).toEqual(fake.requests[0].body);
    expect(payment.status).toBe('awaiting');
    expect(pauses).toEqual([500]);
  });

  it('retries after a time-out with the same key: YooKassa made the payment once, the retry gets that one', async () => {
    fake.fail({ delayMs: 1_000 });
    const before = fake.payments.size;
    const payment = await gateway.create(order('key-timeout'));
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1].headers['idempotence-key']).toBe('key-timeout');
    expect(fake.payments.size).toBe(before + 1);
    expect(fake.payments.has(payment.id)).toBe(true);
  });

  it('waits as long as a 202 says (retry_after, ms), bounded, then asks again with the same key', async () => {
    fake.fail({ status: 202, retryAfter: 1800 }, { status: 202, retryAfter: 3_600_000 });
    const payment = await gateway.create(order('key-202'));
    expect(pauses).toEqual([1800, 10_000]);
    expect(fake.requests.map((r) => r.headers['idempotence-key'])).toEqual(['key-202', 'key-202', 'key-202']);
    expect(payment.status).toBe('awaiting');
  });

  it('gives up after the set retries with a retryable error naming the last failure', async () => {
    fake.fail({ status: 503 }, { status: 503 }, { status: 503 });
    const error = await refusal(gateway.create(order('key-down')));
    expect(error).toMatchObject({ retryable: true, code: null });
    expect(error.message).toMatch(/^ЮKassa ответила ошибкой 503 .*попыток: 3/);
    expect(fake.requests).toHaveLength(3);
    expect(pauses).toEqual([500, 1000]);
  });

  it('gives up on a provider that never answers in time, and on one that cannot be reached', async () => {
    fake.fail({ delayMs: 800 }, { delayMs: 800 });
    const slow = await refusal(connect({ retries: 1 }).get('any-id'));
    expect(slow).toMatchObject({ retryable: true });
    expect(slow.message).toMatch(/^ЮKassa не ответила за 0.3 с; попыток: 2/);

    const closed = await refusal(connect({ apiUrl: 'http://127.0.0.1:9/v3', retries: 1 }).get('any-id'));
    expect(closed).toMatchObject({ retryable: true });
    expect(closed.message).toMatch(/^Нет связи с ЮKassa; попыток: 2/);
  });

  it('does not retry a 400: it is final, with YooKassa’s code and its description', async () => {
    fake.fail({
      status: 400,
      code: 'invalid_request',
      description: 'Invalid receipt: the sum of items does not match the amount.',
      parameter: 'receipt',
    });
    const error = await refusal(gateway.create(order('key-400')));
    expect(fake.requests).toHaveLength(1);
    expect(error).toMatchObject({ retryable: false, code: 'invalid_request' });
    expect(error.message).toBe(
      'ЮKassa отклонила запрос: Invalid receipt: the sum of items does not match the amount (параметр receipt).',
    );
  });

  it('answers wrong keys with a Russian error that never shows the secret', async () => {
    const error = await refusal(connect({ secretKey: 'test_wrong_secret' }).get('any-id'));
    expect(fake.requests).toHaveLength(1);
    expect(error).toMatchObject({ retryable: false, code: 'invalid_credentials' });
    expect(error.message).toMatch(/^ЮKassa не приняла идентификатор магазина и секретный ключ/);
    expect(error.message).not.toContain('test_wrong_secret');
    expect(JSON.stringify(error)).not.toContain('test_wrong_secret');
  });

  it('keeps the secret out of a message even when the provider echoes it', async () => {
    fake.fail({ status: 403, code: 'forbidden', description: `Key ${SECRET} is not allowed here` });
    const error = await refusal(gateway.get('any-id'));
    expect(error.message).not.toContain(SECRET);
    expect(error).toMatchObject({ retryable: false, code: 'forbidden' });
  });

  it('marks a 429 as retryable later, without hammering now', async () => {
    fake.fail({ status: 429, code: 'too_many_requests', description: 'Too many requests' });
    const error = await refusal(gateway.get('any-id'));
    expect(fake.requests).toHaveLength(1);
    expect(error).toMatchObject({ retryable: true, code: 'too_many_requests' });
  });

  it('refuses a 404 as final', async () => {
    const error = await refusal(gateway.get('no-such-payment'));
    expect(error).toMatchObject({ retryable: false, code: 'not_found' });
    expect(error.message).toBe('ЮKassa не нашла этот объект: Payment not found (параметр payment_id).');
  });
});

describe('money', () => {
  it('writes kopecks as a two-decimal string and reads it back by its digits', () => {
    expect(money(1_234_50).value).toBe('1234.50');
    expect(money(5).value).toBe('0.05');
    expect(money(0).value).toBe('0.00');
    expect(kopecksOf('1234.5')).toBe(123_450);
    expect(kopecksOf('0.29')).toBe(29);
    expect(kopecksOf('1.005')).toBeNull();
    expect(kopecksOf('-1.00')).toBeNull();
    expect(() => money(10.5)).toThrow(GatewayError);
  });
});
