import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { settleOnline, type TopUpRecord } from '../../domain/order/order-edit-top-up';
import type { LockedOrder } from '../../domain/order/ports';
import { captureOnHandover } from '../../domain/payment/payments.service';
import type { PaymentRecord } from '../../domain/payment/ports';
import { orderReceipt } from '../../domain/payment/receipt';
import type { TransactionRepositories } from '../../domain/uow';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { type CheckoutKit, checkoutKit } from '../support/checkout';
import { addStaff, loggedInStaff } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { path, type TopUpKit, topUpKit } from '../support/top-up-kit';

/**
 * Issue 47.6, what a review found in top-ups: a declined top-up paid again, a fall refunded from two payments, a
 * goodwill refund not taken back, a hold being released not counted, a rise of the delivery alone in the receipt.
 */

let app: TestApp;
let k: CheckoutKit;
type Browser = TopUpKit['manager'];
let manager: Browser;
let edit: TopUpKit['edit'];
let paidOnline: TopUpKit['paidOnline'];
let summaryOf: TopUpKit['summaryOf'];
let totalOf: TopUpKit['totalOf'];
let topUpsOf: TopUpKit['topUpsOf'];

beforeAll(async () => {
  ({ app, k, manager, edit, paidOnline, summaryOf, totalOf, topUpsOf } = await topUpKit('topup.cases@vyuga.test'));
});
afterAll(() => app.close());
const refundsOf = async (id: number) =>
  (
    await k.rows<{ amount: number; payment_id: number }>(
      sql`select amount, payment_id from refunds where order_id = ${id} order by id`,
    )
  ).map((r) => ({ amount: Number(r.amount), paymentId: Number(r.payment_id) }));
const paymentsOf = async (id: number) =>
  (await k.rows<{ id: number }>(sql`select id from payments where order_id = ${id} order by id`)).map((p) =>
    Number(p.id),
  );

describe('top-ups of an online order: what the review found', () => {
  it('a declined top-up stays asked for; «Доплатить» makes a fresh payment that pays it', async () => {
    const { id, v, offer, line } = await paidOnline();
    expect((await edit(id, { action: 'quantity', lineId: line, quantity: 2 })).status).toBe(200);
    const first = await summaryOf(id);
    expect(first.topUp?.amount).toBe(offer.price);
    const declined = new URL(first.topUp?.confirmationUrl as string).pathname;
    expect((await v.post(`${declined}decline/`, {}, {})).status).toBe(303);

    // Still asked for on the card and the shopper's page.
    expect((await summaryOf(id)).topUp?.amount).toBe(offer.price);
    const page = `/order/?ORDER_ID=${id}`;
    expect(await (await v.get(page)).text()).toMatch(/Ожидается доплата [\d\s ]+₽/);
    const go = await v.post(page, { intent: 'top-up' });
    expect(go.status).toBe(303);
    const fresh = go.headers.get('location') as string;
    expect(fresh).toMatch(/\/pay\/test\//);
    expect(fresh).not.toBe(first.topUp?.confirmationUrl);
    // Pressed again: the same fresh payment.
    expect((await v.post(page, { intent: 'top-up' })).headers.get('location')).toBe(fresh);
    expect((await v.post(`${new URL(fresh).pathname}pay/`, {}, {})).status).toBe(303);
    expect(await topUpsOf(id)).toEqual([{ amount: offer.price, status: 'paid' }]);
    expect(await summaryOf(id)).toMatchObject({ paid: await totalOf(id), refunded: 0, topUp: null });
  });

  it('a fall beyond any one payment is refunded from the paid top-up first, then the first payment', async () => {
    const { id, v, offer, line } = await paidOnline(2);
    expect((await edit(id, { action: 'quantity', lineId: line, quantity: 4 })).status).toBe(200);
    const asked = await summaryOf(id);
    expect(asked.topUp?.amount).toBe(2 * offer.price);
    expect((await v.post(`${new URL(asked.topUp?.confirmationUrl as string).pathname}pay/`, {}, {})).status).toBe(303);
    const [main, topUp] = await paymentsOf(id);
    const res = await edit(id, { action: 'quantity', lineId: line, quantity: 1 });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await refundsOf(id)).toEqual([
      { amount: 2 * offer.price, paymentId: topUp },
      { amount: offer.price, paymentId: main },
    ]);
    expect(await summaryOf(id)).toMatchObject({ paid: 4 * offer.price, refunded: 3 * offer.price, topUp: null });
  });

  it('the staff refund of more than one payment holds gives back from the top-up, then the first payment', async () => {
    const { id, v, offer, line } = await paidOnline();
    expect((await edit(id, { action: 'quantity', lineId: line, quantity: 3 })).status).toBe(200);
    const asked = await summaryOf(id);
    expect((await v.post(`${new URL(asked.topUp?.confirmationUrl as string).pathname}pay/`, {}, {})).status).toBe(303);
    const [main, topUp] = await paymentsOf(id);
    const total = await totalOf(id);
    const res = await manager.call(path(STAFF_API.orderRefunds, id), {
      amount: total / 100,
      reason: 'Отказ от заказа',
    });
    const body = (await res.json()) as { data: { refund: { amount: number; status: string; parts: unknown[] } } };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data.refund).toMatchObject({ amount: total, status: 'refunded' });
    expect(body.data.refund.parts).toHaveLength(2);
    expect(await refundsOf(id)).toEqual([
      { amount: 2 * offer.price, paymentId: topUp },
      { amount: total - 2 * offer.price, paymentId: main },
    ]);
    expect(await summaryOf(id)).toMatchObject({ paid: total, refunded: total });
    // Nothing is left to give back.
    expect((await manager.call(path(STAFF_API.orderRefunds, id), { amount: 1, reason: 'Ещё' })).status).toBe(400);
  });

  it('a goodwill refund is not taken back by a later change', async () => {
    const { id, line, offer } = await paidOnline(2);
    const goodwill = offer.price + 10_000;
    const refund = await manager.call(path(STAFF_API.orderRefunds, id), {
      amount: goodwill / 100,
      reason: 'Извинение за задержку',
    });
    expect(refund.status, await refund.clone().text()).toBe(200);
    // The total falls by less than the goodwill gave: nothing is asked, nothing more refunded.
    expect((await edit(id, { action: 'quantity', lineId: line, quantity: 1 })).status).toBe(200);
    expect(await topUpsOf(id)).toEqual([]);
    expect((await refundsOf(id)).map((r) => r.amount)).toEqual([goodwill]);
    // A rise asks for the rise, not for the goodwill back.
    expect((await edit(id, { action: 'quantity', lineId: line, quantity: 3 })).status).toBe(200);
    expect(await topUpsOf(id)).toEqual([{ amount: 2 * offer.price, status: 'pending' }]);
  });

  it('a top-up withdrawn before it was opened at the provider is not opened after', async () => {
    const { id, line } = await paidOnline();
    expect((await edit(id, { action: 'quantity', lineId: line, quantity: 2 })).status).toBe(200);
    const [withdrawn] = await k.rows<{ payment_id: number }>(
      sql`select payment_id from order_top_ups where order_id = ${id}`,
    );
    const paymentId = Number(withdrawn?.payment_id);
    // As if the gateway had not answered its opening: the rise after it replaces it.
    await app.database.db.execute(
      sql`update payments set confirmation_url = null, provider_payment_id = null where id = ${paymentId}`,
    );
    expect((await edit(id, { action: 'quantity', lineId: line, quantity: 3 })).status).toBe(200);
    expect(await app.services.payments.openTopUp(id, paymentId, 'test')).toBeNull();
    const [row] = await k.rows<{ provider_payment_id: string | null }>(
      sql`select provider_payment_id from payments where id = ${paymentId}`,
    );
    expect(row?.provider_payment_id).toBeNull();
  });
});

// The settlement itself, on fakes of its repositories: the cases an HTTP test cannot reach with the seed's prices.
const receipt = (kopecks: number, delivery = 0) =>
  orderReceipt({
    lines: [{ name: 'Футболка', sizeName: 'M', quantity: 1, unitKopecks: kopecks - delivery }],
    deliveryKopecks: delivery,
    chargedKopecks: kopecks,
    customer: { email: 'a@example.ru' },
    vat: 'none',
    settlement: 'advance',
  });

const payment = (over: Partial<PaymentRecord> & { id: number; amount: number }): PaymentRecord => ({
  orderId: 1,
  provider: 'test',
  providerPaymentId: `p${over.id}`,
  idempotenceKey: `k${over.id}`,
  status: 'paid',
  capture: true,
  confirmationUrl: null,
  cancellationReason: null,
  receipt: receipt(over.amount),
  captureKey: null,
  captureAmount: null,
  cancelKey: null,
  createdAt: new Date(),
  ...over,
});

function fakeRepos(payments: PaymentRecord[]) {
  const inserted: { amount: number; receipt: PaymentRecord['receipt'] }[] = [];
  const captures: { id: number; amount: number }[] = [];
  const topUps: TopUpRecord[] = [];
  const repos = {
    payments: {
      lockOfOrder: async () => payments,
      refundedOf: async () => 0,
      insert: async (p: { amount: number; receipt: PaymentRecord['receipt'] }) => {
        inserted.push(p);
        return payment({ id: 100 + inserted.length, amount: p.amount, status: 'awaiting' });
      },
      recordEvent: async () => true,
      setCapture: async (id: number, _key: string, amount: number) => {
        captures.push({ id, amount });
      },
      setCancelKey: async () => undefined,
    },
    topUps: {
      pendingOf: async () => null,
      insert: async (t: Omit<TopUpRecord, 'id' | 'status' | 'createdAt'>) => {
        const made = { ...t, id: topUps.length + 1, status: 'pending' as const, createdAt: new Date() };
        topUps.push(made);
        return made;
      },
      setStatus: async () => undefined,
    },
  } as unknown as TransactionRepositories;
  return { repos, inserted, captures, topUps };
}

const order = (over: Partial<LockedOrder>): LockedOrder =>
  ({ id: 1, status: 'paid', paymentMethod: 'ONLINE', deliveryPrice: 0, total: 0, ...over }) as LockedOrder;
const member = { staffId: 1, email: 'm@example.ru', role: 'manager', shopId: null } as const;
const deps = { provider: 'test' as const, newKey: () => crypto.randomUUID(), refundAcross: async () => [] };

describe('the settlement of a change', () => {
  it('a rise that is all delivery (free pickup → a point at 350 ₽ on 200 ₽ of goods): the receipt has the delivery', async () => {
    const { repos, inserted, topUps } = fakeRepos([payment({ id: 1, amount: 20_000 })]);
    const done = await settleOnline(repos, deps, {
      order: order({ total: 20_000, deliveryPrice: 0 }),
      total: 55_000,
      lines: [{ name: 'Футболка', sizeName: 'M', quantity: 1, total: 20_000 }],
      delivery: 35_000,
      member,
    });
    expect(done.topUp?.amount).toBe(35_000);
    expect(topUps).toHaveLength(1);
    expect(inserted[0]?.receipt.items.map((i) => [i.kind, i.quantity * i.unitKopecks])).toEqual([['service', 35_000]]);
  });

  it('a hold being released does not cover the order; one being charged covers what its capture takes', async () => {
    const { repos, inserted } = fakeRepos([
      payment({ id: 2, amount: 30_000, status: 'held', capture: false, cancelKey: 'c' }),
      payment({ id: 1, amount: 100_000, status: 'held', capture: false, captureKey: 'k', captureAmount: 80_000 }),
    ]);
    const done = await settleOnline(repos, deps, {
      order: order({ total: 110_000 }),
      total: 120_000,
      lines: [{ name: 'Футболка', sizeName: 'M', quantity: 1, total: 120_000 }],
      delivery: 0,
      member,
    });
    // Covered: 80 000 being charged, the released 30 000 nothing; the rise of 10 000 is asked.
    expect(done.topUp?.amount).toBe(10_000);
    expect(inserted[0]?.amount).toBe(10_000);
  });

  it('the handover shares the total out without a hold being released, counting a capture for what it takes', async () => {
    const { repos, captures } = fakeRepos([
      payment({ id: 3, amount: 20_000, status: 'held', capture: false }),
      payment({ id: 2, amount: 30_000, status: 'held', capture: false, cancelKey: 'c' }),
      payment({ id: 1, amount: 100_000, status: 'held', capture: false, captureKey: 'k', captureAmount: 80_000 }),
    ]);
    await captureOnHandover(repos, { id: 1, total: 100_000 }, () => 'key');
    expect(captures).toEqual([{ id: 3, amount: 20_000 }]);
  });
});

describe('a two-stage top-up paid after the handover', () => {
  let held: TestApp;
  let hk: CheckoutKit;
  let staff: Browser;
  beforeAll(async () => {
    held = await createTestApp({ ORDERS_PER_PHONE_DAY: '100', PAYMENT_CAPTURE: 'two-stage' });
    ignorePoolErrorsOnClose(held.database.db);
    hk = await checkoutKit(held);
    await addStaff(held, { email: 'topup.held@vyuga.test', role: 'manager' });
    staff = await loggedInStaff(held, 'topup.held@vyuga.test');
  });
  afterAll(() => held.close());

  /** A held order raised by one unit, then handed over (or handed over and returned) before the top-up is paid. */
  async function handedOver(offer: OfferFacts, returned: boolean) {
    await hk.stockOf(offer, 5, 5);
    const { v, phone } = await hk.quickShopper(offer);
    const res = await hk.rpc(v, 'sale.order.save', { ...hk.pickup(phone), paymentMethod: 'ONLINE' });
    const { id, payment } = (await res.json()) as { id: number; payment: { confirmationUrl: string } };
    expect((await v.post(`${new URL(payment.confirmationUrl).pathname}pay/`, {}, {})).status).toBe(303);
    const [line] = await hk.rows<{ id: number }>(sql`select id from order_lines where order_id = ${id}`);
    const change = await staff.call(path(STAFF_API.orderChanges, id), {
      action: 'quantity',
      lineId: Number(line?.id),
      quantity: 2,
    });
    expect(change.status).toBe(200);
    const [topUp] = await hk.rows<{ confirmation_url: string; payment_id: number }>(
      sql`select p.confirmation_url, t.payment_id from order_top_ups t join payments p on p.id = t.payment_id
        where t.order_id = ${id}`,
    );
    for (const to of ['confirmed', 'assembling', 'ready'])
      expect((await staff.call(path(STAFF_API.orderTransition, id), { to })).status).toBe(200);
    const handover = await staff.call(path(STAFF_API.orderHandoverWithoutCode, id), {
      reason: 'Покупатель потерял СМС',
    });
    expect(handover.status).toBe(200);
    if (returned) {
      const back = await staff.call(path(STAFF_API.orderTransition, id), { to: 'returned', reason: 'Не подошло' });
      expect(back.status, await back.clone().text()).toBe(200);
    }
    expect((await v.post(`${new URL(topUp?.confirmation_url as string).pathname}pay/`, {}, {})).status).toBe(303);
    const [row] = await hk.rows<{ status: string; top_up: string }>(
      sql`select p.status, t.status as top_up from payments p join order_top_ups t on t.payment_id = p.id
        where p.id = ${Number(topUp?.payment_id)}`,
    );
    return row;
  }

  it('is charged at once; one paid after a return is let go', async () => {
    const [a, b] = (await offerFacts(held.database.db)).filter((o) => !o.restricted && o.price >= 100_000);
    expect(await handedOver(a as OfferFacts, false)).toEqual({ status: 'paid', top_up: 'paid' });
    expect(await handedOver(b as OfferFacts, true)).toEqual({ status: 'cancelled', top_up: 'cancelled' });
  });
});
