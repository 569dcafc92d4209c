import { sql } from 'drizzle-orm';
import type { Receipt } from '../../domain/payment/gateway';
import type {
  OrderForPayment,
  PaymentEvent,
  PaymentReads,
  PaymentRecord,
  PaymentWrites,
  RefundRecord,
} from '../../domain/payment/ports';
import { type Db, queryRows } from '../client';

interface PaymentRow {
  id: number;
  order_id: number;
  provider: PaymentRecord['provider'];
  provider_payment_id: string | null;
  idempotence_key: string;
  status: PaymentRecord['status'];
  amount: number;
  capture: boolean;
  confirmation_url: string | null;
  cancellation_reason: PaymentRecord['cancellationReason'];
  receipt: Receipt;
  capture_key: string | null;
  capture_amount: number | null;
  cancel_key: string | null;
  created_at: string | Date;
}

interface RefundRow {
  id: number;
  payment_id: number;
  order_id: number;
  amount: number;
  status: RefundRecord['status'];
  idempotence_key: string;
  provider_refund_id: string | null;
  reason: string;
  staff_id: number | null;
  receipt: Receipt;
  error: string | null;
  created_at: string | Date;
}

const PAYMENT_COLUMNS = sql`id, order_id, provider, provider_payment_id, idempotence_key, status, amount, capture,
  confirmation_url, cancellation_reason, receipt, capture_key, capture_amount, cancel_key, created_at`;
const REFUND_COLUMNS = sql`id, payment_id, order_id, amount, status, idempotence_key, provider_refund_id, reason,
  staff_id, receipt, error, created_at`;

const payment = (r: PaymentRow): PaymentRecord => ({
  id: Number(r.id),
  orderId: Number(r.order_id),
  provider: r.provider,
  providerPaymentId: r.provider_payment_id,
  idempotenceKey: r.idempotence_key,
  status: r.status,
  amount: Number(r.amount),
  capture: r.capture,
  confirmationUrl: r.confirmation_url,
  cancellationReason: r.cancellation_reason,
  receipt: r.receipt,
  captureKey: r.capture_key,
  captureAmount: r.capture_amount === null ? null : Number(r.capture_amount),
  cancelKey: r.cancel_key,
  createdAt: new Date(r.created_at),
});

const refund = (r: RefundRow): RefundRecord => ({
  id: Number(r.id),
  paymentId: Number(r.payment_id),
  orderId: Number(r.order_id),
  amount: Number(r.amount),
  status: r.status,
  idempotenceKey: r.idempotence_key,
  providerRefundId: r.provider_refund_id,
  reason: r.reason,
  staffId: r.staff_id === null ? null : Number(r.staff_id),
  receipt: r.receipt,
  error: r.error,
  createdAt: new Date(r.created_at),
});

export function paymentReads(db: Db): PaymentReads {
  return {
    async order(orderId) {
      const [row] = await queryRows<{
        id: number;
        status: OrderForPayment['status'];
        payment_method: OrderForPayment['paymentMethod'];
        total: number;
        delivery_price: number;
        email: string;
        phone: string;
      }>(
        db,
        sql`select id, status, payment_method, total, delivery_price, email, phone from orders where id = ${orderId}`,
      );
      if (!row) return null;
      const lines = await queryRows<{ name: string; size_name: string; quantity: number; total: number }>(
        db,
        sql`select name, size_name, quantity, total from order_lines
          where order_id = ${orderId} and not returned and total > 0 order by id`,
      );
      return {
        id: Number(row.id),
        status: row.status,
        paymentMethod: row.payment_method,
        total: Number(row.total),
        deliveryPrice: Number(row.delivery_price),
        email: row.email,
        phone: row.phone,
        lines: lines.map((l) => ({
          name: l.name,
          sizeName: l.size_name,
          quantity: Number(l.quantity),
          total: Number(l.total),
        })),
      };
    },

    async ofOrder(orderId) {
      const payments = await queryRows<PaymentRow>(
        db,
        sql`select ${PAYMENT_COLUMNS} from payments where order_id = ${orderId} order by id`,
      );
      const refunds = await queryRows<RefundRow>(
        db,
        sql`select ${REFUND_COLUMNS} from refunds where order_id = ${orderId} order by id`,
      );
      const events = await queryRows<{
        payment_id: number;
        refund_id: number | null;
        status: string;
        source: string;
        note: string | null;
        at: string | Date;
      }>(
        db,
        sql`select e.payment_id, e.refund_id, e.status, e.source, e.note, e.at from payment_events e
          join payments p on p.id = e.payment_id where p.order_id = ${orderId} order by e.at, e.id`,
      );
      return {
        payments: payments.map(payment),
        refunds: refunds.map(refund),
        events: events.map(
          (e): PaymentEvent => ({
            paymentId: Number(e.payment_id),
            refundId: e.refund_id === null ? null : Number(e.refund_id),
            status: e.status,
            source: e.source,
            note: e.note,
            at: new Date(e.at),
          }),
        ),
      };
    },

    async byProviderId(provider, providerPaymentId) {
      const [row] = await queryRows<PaymentRow>(
        db,
        sql`select ${PAYMENT_COLUMNS} from payments
          where provider = ${provider} and provider_payment_id = ${providerPaymentId}`,
      );
      return row ? payment(row) : null;
    },

    async dueOrders(now, limit) {
      const rows = await queryRows<{ id: number; payment_due_at: string | Date }>(
        db,
        sql`select id, payment_due_at from orders
          where status = 'awaiting_payment' and payment_due_at <= ${now.toISOString()}
          order by payment_due_at limit ${limit}`,
      );
      return rows.map((r) => ({ id: Number(r.id), dueAt: new Date(r.payment_due_at) }));
    },

    async openWork(now, provider, limit) {
      const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
      const quiet = at(60_000);
      const pending = await queryRows<PaymentRow>(
        db,
        sql`select ${PAYMENT_COLUMNS} from payments
          where status = 'awaiting' and provider = ${provider} and provider_payment_id is not null
            and updated_at <= ${quiet} and created_at > ${at(2 * 3_600_000)}
          order by id limit ${limit}`,
      );
      const held = await queryRows<PaymentRow>(
        db,
        sql`select ${PAYMENT_COLUMNS} from payments
          where status = 'held' and provider = ${provider}
            and ((capture_key is not null or cancel_key is not null) and updated_at <= ${quiet}
              or updated_at <= ${at(24 * 3_600_000)})
          order by id limit ${limit}`,
      );
      const refunds = await queryRows<RefundRow>(
        db,
        sql`select r.id, r.payment_id, r.order_id, r.amount, r.status, r.idempotence_key, r.provider_refund_id,
            r.reason, r.staff_id, r.receipt, r.error, r.created_at
          from refunds r join payments p on p.id = r.payment_id
          where r.status = 'pending' and p.provider = ${provider} and r.updated_at <= ${quiet}
            and (r.provider_refund_id is not null or r.created_at > ${at(23 * 3_600_000)})
          order by r.id limit ${limit}`,
      );
      return { pending: pending.map(payment), held: held.map(payment), refunds: refunds.map(refund) };
    },
  };
}

export function paymentWrites(db: Db): PaymentWrites {
  return {
    async insert(p) {
      const [row] = await queryRows<PaymentRow>(
        db,
        sql`insert into payments (order_id, provider, idempotence_key, amount, capture, receipt)
          values (${p.orderId}, ${p.provider}, ${p.idempotenceKey}, ${p.amount}, ${p.capture},
            ${JSON.stringify(p.receipt)}::jsonb)
          returning ${PAYMENT_COLUMNS}`,
      );
      return payment(row as PaymentRow);
    },

    async lock(id) {
      const [row] = await queryRows<PaymentRow>(
        db,
        sql`select ${PAYMENT_COLUMNS} from payments where id = ${id} for update`,
      );
      return row ? payment(row) : null;
    },

    async lockOfOrder(orderId) {
      const rows = await queryRows<PaymentRow>(
        db,
        sql`select ${PAYMENT_COLUMNS} from payments where order_id = ${orderId} order by id desc for update`,
      );
      return rows.map(payment);
    },

    async setCreated(id, providerPaymentId, confirmationUrl) {
      await db.execute(sql`update payments set provider_payment_id = ${providerPaymentId},
        confirmation_url = ${confirmationUrl}, updated_at = now() where id = ${id}`);
    },

    async setStatus(id, status, cancellationReason, amount) {
      await db.execute(sql`update payments set status = ${status}, cancellation_reason = ${cancellationReason},
        amount = ${amount}, updated_at = now() where id = ${id}`);
    },

    async setCancelKey(id, key) {
      await db.execute(sql`update payments set cancel_key = ${key}, updated_at = now() where id = ${id}`);
    },

    async setCapture(id, key, amount) {
      await db.execute(sql`update payments set capture_key = ${key}, capture_amount = ${amount}, updated_at = now()
        where id = ${id}`);
    },

    async recordEvent(e) {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`insert into payment_events (payment_id, refund_id, status, source, note)
          values (${e.paymentId}, ${e.refundId}, ${e.status}, ${e.source}, ${e.note})
          on conflict do nothing returning id`,
      );
      return rows.length === 1;
    },

    async insertRefund(r) {
      const [row] = await queryRows<RefundRow>(
        db,
        sql`insert into refunds (payment_id, order_id, amount, idempotence_key, reason, staff_id, receipt)
          values (${r.paymentId}, ${r.orderId}, ${r.amount}, ${r.idempotenceKey}, ${r.reason}, ${r.staffId},
            ${JSON.stringify(r.receipt)}::jsonb)
          returning ${REFUND_COLUMNS}`,
      );
      return refund(row as RefundRow);
    },

    async refundedOf(paymentId) {
      const [row] = await queryRows<{ sum: number | string | null }>(
        db,
        sql`select coalesce(sum(amount), 0) as sum from refunds where payment_id = ${paymentId} and status <> 'failed'`,
      );
      return Number(row?.sum ?? 0);
    },

    async lockRefund(id) {
      const [row] = await queryRows<RefundRow>(
        db,
        sql`select ${REFUND_COLUMNS} from refunds where id = ${id} for update`,
      );
      return row ? refund(row) : null;
    },

    async setRefund(id, status, providerRefundId, error) {
      await db.execute(sql`update refunds set status = ${status},
        provider_refund_id = coalesce(${providerRefundId}, provider_refund_id), error = ${error}, updated_at = now()
        where id = ${id}`);
    },
  };
}
