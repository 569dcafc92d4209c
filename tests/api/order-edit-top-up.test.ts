import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOP_UP_NOT_NEEDED_REASON } from '../../domain/order/order-edit-top-up';
import type { CheckoutKit } from '../support/checkout';
import { readOutbox } from '../support/outbox';
import type { TestApp } from '../support/test-app';
import { type TopUpKit, topUpKit } from '../support/top-up-kit';

/**
 * Issue 47.6: a change that raises the total of an order paid online asks the shopper for the difference — one
 * pending top-up per order, paid through the same gateway as the first payment, replaced by a later rise, cancelled
 * by a fall before any refund.
 */

let app: TestApp;
let k: CheckoutKit;
let edit: TopUpKit['edit'];
let paidOnline: TopUpKit['paidOnline'];
let summaryOf: TopUpKit['summaryOf'];
let totalOf: TopUpKit['totalOf'];
let topUpsOf: TopUpKit['topUpsOf'];

beforeAll(async () => {
  ({ app, k, edit, paidOnline, summaryOf, totalOf, topUpsOf } = await topUpKit('topup.manager@vyuga.test'));
});
afterAll(() => app.close());

describe('a top-up of an online order', () => {
  it('a rise asks for the difference: a letter with the link, paying it through the gateway marks it paid', async () => {
    const { id, v, offer, line, email } = await paidOnline();
    const paid = await totalOf(id);
    const res = await edit(id, { action: 'quantity', lineId: line, quantity: 2 });
    expect(res.status).toBe(200);
    const total = await totalOf(id);
    expect(total).toBe(paid + offer.price);
    expect(await topUpsOf(id)).toEqual([{ amount: total - paid, status: 'pending' }]);
    const summary = await summaryOf(id);
    expect(summary.topUp?.amount).toBe(total - paid);
    // Opened at the gateway after the commit: the card and the order page have the link.
    expect(summary.topUp?.confirmationUrl).toMatch(/\/pay\/test\//);
    const [entry] = await k.rows<{ changes: Record<string, { after?: unknown }> }>(
      sql`select changes from audit_log where action = 'order.edit' and entity_id = ${String(id)}`,
    );
    expect(entry?.changes.topUp?.after).toBe(total - paid);

    await app.outbox.deliver();
    const letter = await readOutbox(app, { to: email, channel: 'email' });
    expect(letter?.text).toMatch(/доплатите [\d\s ]+₽ по ссылке/);
    expect(letter?.text).toMatch(/Доплатить/);

    // The top-up's receipt adds up to the money it asks for (54-FZ).
    const [payment] = await k.rows<{ receipt: { items: { quantity: number; unitKopecks: number }[] } }>(
      sql`select receipt from payments where order_id = ${id} order by id desc limit 1`,
    );
    expect(payment?.receipt.items.reduce((s, i) => s + i.quantity * i.unitKopecks, 0)).toBe(total - paid);

    // The shopper's page asks for it; «Доплатить» sends them to the same payment, pressed twice or not.
    const page = `/order/?ORDER_ID=${id}`;
    expect(await (await v.get(page)).text()).toMatch(/Ожидается доплата [\d\s ]+₽/);
    const go = await v.post(page, { intent: 'top-up' });
    expect(go.status).toBe(303);
    expect(go.headers.get('location')).toBe(summary.topUp?.confirmationUrl);
    expect((await v.post(page, { intent: 'top-up' })).headers.get('location')).toBe(summary.topUp?.confirmationUrl);

    const pay = new URL(summary.topUp?.confirmationUrl as string).pathname;
    expect((await v.post(`${pay}pay/`, {}, {})).status).toBe(303);
    expect(await topUpsOf(id)).toEqual([{ amount: total - paid, status: 'paid' }]);
    const done = await (await v.get(page)).text();
    expect(done).not.toMatch(/Ожидается доплата/);
    const refused = await v.post(page, { intent: 'top-up' });
    expect(refused.status).toBe(409);
    const after = await summaryOf(id);
    expect(after).toMatchObject({ paid: total, refunded: 0, topUp: null });
    const events = await k.rows<{ status: string; note: string | null }>(
      sql`select e.status, e.note from payment_events e join payments p on p.id = e.payment_id
        where p.order_id = ${id} and e.status = 'top_up_paid'`,
    );
    expect(events[0]?.note).toMatch(/^Доплата .* получена$/);
  });

  it('a second rise replaces the pending top-up with one for the whole difference; a fall cancels it', async () => {
    const { id, v, offer, line } = await paidOnline();
    const paid = await totalOf(id);
    expect((await edit(id, { action: 'quantity', lineId: line, quantity: 2 })).status).toBe(200);
    const first = await summaryOf(id);
    expect((await edit(id, { action: 'quantity', lineId: line, quantity: 3 })).status).toBe(200);
    const total = await totalOf(id);
    expect(total).toBe(paid + 2 * offer.price);
    expect(await topUpsOf(id)).toEqual([
      { amount: offer.price, status: 'cancelled' },
      { amount: total - paid, status: 'pending' },
    ]);

    expect((await edit(id, { action: 'quantity', lineId: line, quantity: 1 })).status).toBe(200);
    expect(await topUpsOf(id)).toEqual([
      { amount: offer.price, status: 'cancelled' },
      { amount: total - paid, status: 'cancelled' },
    ]);
    // Back to what was paid: nothing pending, nothing refunded.
    expect(await summaryOf(id)).toMatchObject({ paid, refunded: 0, topUp: null });
    const [note] = await k.rows<{ text: string }>(
      sql`select text from order_notes where order_id = ${id} order by id desc limit 1`,
    );
    expect(note?.text).toMatch(/Доплата .* отменена\./);

    // The withdrawn link paid anyway: the money goes straight back.
    const withdrawn = new URL(first.topUp?.confirmationUrl as string).pathname;
    expect((await v.post(`${withdrawn}pay/`, {}, {})).status).toBe(303);
    const [refund] = await k.rows<{ amount: number; reason: string }>(
      sql`select amount, reason from refunds where order_id = ${id}`,
    );
    expect(refund).toEqual({ amount: offer.price, reason: TOP_UP_NOT_NEEDED_REASON });
  });

  it('a fall below what was paid while a top-up is pending: the top-up goes first, then the rest is refunded', async () => {
    const { id, offer, line } = await paidOnline(2);
    const paid = await totalOf(id);
    expect((await edit(id, { action: 'quantity', lineId: line, quantity: 3 })).status).toBe(200);
    expect(await topUpsOf(id)).toEqual([{ amount: offer.price, status: 'pending' }]);
    expect((await edit(id, { action: 'quantity', lineId: line, quantity: 1 })).status).toBe(200);
    expect(await totalOf(id)).toBe(paid - offer.price);
    expect(await topUpsOf(id)).toEqual([{ amount: offer.price, status: 'cancelled' }]);
    expect(await summaryOf(id)).toMatchObject({ paid, refunded: offer.price, topUp: null });
  });
});
