import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { paymentReads } from '../../db/repositories/payments';
import { cancellationText } from '../../domain/payment/reasons';
import { receiptForRefund } from '../../domain/payment/refund-receipt';
import { createTestApp, type TestApp } from '../support/test-app';

// A shop that took payments before decision 0029 holds them in YooKassa's words; migration 0038 must turn them into
// the shop's, so the card, the refunds and the reconcile read them as before.
const MIGRATION = new URL('../../db/migrations/0038_payment_words.sql', import.meta.url);
const ORDER = 990_001;

const oldReceipt = JSON.stringify({
  customer: { email: 'anna@example.ru' },
  items: [
    {
      description: 'Пуховик «Тайга», размер 48',
      quantity: 1,
      unitKopecks: 900,
      vatCode: 11,
      paymentSubject: 'commodity',
      paymentMode: 'full_prepayment',
    },
    {
      description: 'Доставка',
      quantity: 1,
      unitKopecks: 100,
      vatCode: 1,
      paymentSubject: 'service',
      paymentMode: 'full_payment',
    },
  ],
});

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('migration 0038 maps stored statuses, reasons and receipts to the shop’s words', async () => {
  const db = app.database.db;
  const old: [string, string, string | null][] = [
    ['k1', 'pending', null],
    ['k2', 'waiting_for_capture', null],
    ['k3', 'succeeded', null],
    ['k4', 'canceled', 'insufficient_funds'],
    ['k5', 'canceled', 'create_refused'],
    ['k6', 'canceled', 'some_future_code'],
  ];
  for (const [key, status, reason] of old)
    await db.execute(sql`insert into payments (order_id, provider, idempotence_key, status, amount, capture,
        cancellation_reason, receipt)
      values (${ORDER}, 'yookassa', ${`old-${key}`}, ${status}, 1000, true, ${reason}, ${oldReceipt}::jsonb)`);
  const [paid] = await queryRows<{ id: number }>(db, sql`select id from payments where idempotence_key = 'old-k3'`);
  const [declined] = await queryRows<{ id: number }>(db, sql`select id from payments where idempotence_key = 'old-k4'`);
  const paidId = Number(paid?.id);
  for (const [key, status] of [
    ['r1', 'pending'],
    ['r2', 'succeeded'],
    ['r3', 'canceled'],
  ])
    await db.execute(sql`insert into refunds (payment_id, order_id, amount, status, idempotence_key, reason, receipt)
      values (${paidId}, ${ORDER}, 100, ${status}, ${`old-${key}`}, 'Брак', ${oldReceipt}::jsonb)`);
  const [refund] = await queryRows<{ id: number }>(db, sql`select id from refunds where idempotence_key = 'old-r2'`);
  const events: [number, number | null, string, string | null][] = [
    [paidId, null, 'pending', null],
    [paidId, null, 'succeeded', null],
    [paidId, null, 'cancel_requested', 'Заказ возвращён'],
    [Number(declined?.id), null, 'canceled', 'insufficient_funds'],
    [paidId, Number(refund?.id), 'pending', 'Брак'],
    [paidId, Number(refund?.id), 'succeeded', null],
  ];
  for (const [paymentId, refundId, status, note] of events)
    await db.execute(sql`insert into payment_events (payment_id, refund_id, status, source, note)
      values (${paymentId}, ${refundId}, ${status}, 'reconcile', ${note})`);
  await db.execute(sql`insert into test_gateway_payments (id, idempotence_key, status, amount, capture, description,
      return_url, metadata, receipt, cancellation_reason)
    values ('test-old', 'old-t1', 'canceled', 1000, false, 'Заказ', '/', '{}'::jsonb, ${oldReceipt}::jsonb,
      'canceled_by_merchant')`);
  await db.execute(sql`insert into test_gateway_refunds (id, idempotence_key, payment_id, amount, status, receipt)
    values ('test-refund-old', 'old-t2', 'test-old', 100, 'succeeded', ${oldReceipt}::jsonb)`);

  for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) {
    await db.execute(sql.raw(statement));
  }

  expect(
    await queryRows(
      db,
      sql`select status, cancellation_reason from payments where order_id = ${ORDER} order by idempotence_key`,
    ),
  ).toEqual([
    { status: 'awaiting', cancellation_reason: null },
    { status: 'held', cancellation_reason: null },
    { status: 'paid', cancellation_reason: null },
    { status: 'cancelled', cancellation_reason: 'insufficient_funds' },
    { status: 'cancelled', cancellation_reason: 'create_refused' },
    { status: 'cancelled', cancellation_reason: 'declined' },
  ]);
  expect(
    await queryRows(db, sql`select status from refunds where order_id = ${ORDER} order by idempotence_key`),
  ).toEqual([{ status: 'pending' }, { status: 'refunded' }, { status: 'failed' }]);
  expect(
    await queryRows(
      db,
      sql`select e.refund_id is not null as refund, e.status, e.note from payment_events e
        join payments p on p.id = e.payment_id where p.order_id = ${ORDER} order by e.id`,
    ),
  ).toEqual([
    { refund: false, status: 'awaiting', note: null },
    { refund: false, status: 'paid', note: null },
    { refund: false, status: 'cancel_requested', note: 'Заказ возвращён' },
    { refund: false, status: 'cancelled', note: 'insufficient_funds' },
    { refund: true, status: 'pending', note: 'Брак' },
    { refund: true, status: 'refunded', note: null },
  ]);
  expect(
    await queryRows(db, sql`select status, cancellation_reason from test_gateway_payments where id = 'test-old'`),
  ).toEqual([{ status: 'cancelled', cancellation_reason: 'cancelled_by_shop' }]);
  expect(await queryRows(db, sql`select status from test_gateway_refunds where id = 'test-refund-old'`)).toEqual([
    { status: 'refunded' },
  ]);
  // Nothing of YooKassa's receipt words is left anywhere.
  const [left] = await queryRows<{ n: number }>(
    db,
    sql`select (select count(*) from payments where receipt::text like '%vatCode%')
      + (select count(*) from refunds where receipt::text like '%vatCode%')
      + (select count(*) from test_gateway_payments where receipt::text like '%vatCode%')
      + (select count(*) from test_gateway_refunds where receipt::text like '%vatCode%') as n`,
  );
  expect(Number(left?.n)).toBe(0);

  // Read as the shop reads them: the decline as it was shown, the receipt usable for a refund.
  const { payments, refunds } = await paymentReads(db).ofOrder(ORDER);
  const declinedRecord = payments.find((p) => p.idempotenceKey === 'old-k4');
  expect(cancellationText(declinedRecord?.cancellationReason ?? null)).toBe('на карте недостаточно денег');
  const paidRecord = payments.find((p) => p.idempotenceKey === 'old-k3');
  expect(paidRecord?.receipt.items).toEqual([
    {
      description: 'Пуховик «Тайга», размер 48',
      quantity: 1,
      unitKopecks: 900,
      vat: 22,
      kind: 'goods',
      settlement: 'advance',
    },
    { description: 'Доставка', quantity: 1, unitKopecks: 100, vat: 'none', kind: 'service', settlement: 'full' },
  ]);
  expect(receiptForRefund(paidRecord?.receipt ?? { customer: {}, items: [] }, 1000).items).toHaveLength(2);
  expect(refunds.map((r) => r.status).sort()).toEqual(['failed', 'pending', 'refunded']);
});
