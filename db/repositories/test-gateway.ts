import { sql } from 'drizzle-orm';
import type { PaymentStatus, Receipt } from '../../domain/payment/gateway';
import type { DeclineReason } from '../../domain/payment/reasons';
import { type Db, queryRows } from '../client';

/** A payment on the embedded test gateway's books (kopecks). */
export interface TestPayment {
  id: string;
  status: PaymentStatus;
  amount: number;
  capture: boolean;
  description: string;
  returnUrl: string;
  metadata: Record<string, string>;
  cancellationReason: DeclineReason | null;
  refunded: number;
}

export interface TestRefund {
  id: string;
  paymentId: string;
  amount: number;
  status: 'refunded';
}

/** The test gateway's own books: what a provider keeps on its side. */
export interface TestGatewayStore {
  /** The payment with this key: made now, or the one an earlier call with the same key made. */
  create(
    payment: Omit<TestPayment, 'status' | 'cancellationReason' | 'refunded'> & {
      idempotenceKey: string;
      receipt: Receipt;
    },
  ): Promise<TestPayment>;
  get(id: string): Promise<TestPayment | null>;
  /** Moves a payment from one of `from` to `to` (one statement); null when it was in none of them. */
  move(
    id: string,
    from: PaymentStatus[],
    to: PaymentStatus,
    patch?: { amount?: number; reason?: DeclineReason },
  ): Promise<TestPayment | null>;
  /** A refund of a charged payment within what is left of it; the same key answers the same refund. */
  refund(input: {
    paymentId: string;
    amount: number;
    idempotenceKey: string;
    receipt: Receipt;
    id: string;
  }): Promise<TestRefund | 'too_much' | 'not_charged'>;
  getRefund(id: string): Promise<TestRefund | null>;
}

interface Row {
  id: string;
  status: PaymentStatus;
  amount: number;
  capture: boolean;
  description: string;
  return_url: string;
  metadata: Record<string, string>;
  cancellation_reason: DeclineReason | null;
  refunded: number | string;
}

const COLUMNS = sql`p.id, p.status, p.amount, p.capture, p.description, p.return_url, p.metadata, p.cancellation_reason,
  (select coalesce(sum(r.amount), 0) from test_gateway_refunds r where r.payment_id = p.id) as refunded`;

const payment = (r: Row): TestPayment => ({
  id: r.id,
  status: r.status,
  amount: Number(r.amount),
  capture: r.capture,
  description: r.description,
  returnUrl: r.return_url,
  metadata: r.metadata,
  cancellationReason: r.cancellation_reason,
  refunded: Number(r.refunded),
});

interface RefundRow {
  id: string;
  payment_id: string;
  amount: number;
}

const refund = (r: RefundRow): TestRefund => ({
  id: r.id,
  paymentId: r.payment_id,
  amount: Number(r.amount),
  status: 'refunded',
});

export function testGatewayStore(db: Db): TestGatewayStore {
  const byId = async (id: string) => {
    const [row] = await queryRows<Row>(db, sql`select ${COLUMNS} from test_gateway_payments p where p.id = ${id}`);
    return row ? payment(row) : null;
  };
  return {
    async create(p) {
      await db.execute(sql`
        insert into test_gateway_payments (id, idempotence_key, status, amount, capture, description, return_url,
          metadata, receipt)
        values (${p.id}, ${p.idempotenceKey}, 'awaiting', ${p.amount}, ${p.capture}, ${p.description}, ${p.returnUrl},
          ${JSON.stringify(p.metadata)}::jsonb, ${JSON.stringify(p.receipt)}::jsonb)
        on conflict (idempotence_key) do nothing`);
      const [row] = await queryRows<Row>(
        db,
        sql`select ${COLUMNS} from test_gateway_payments p where p.idempotence_key = ${p.idempotenceKey}`,
      );
      return payment(row as Row);
    },

    get: byId,

    async move(id, from, to, patch = {}) {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`update test_gateway_payments set status = ${to}, amount = coalesce(${patch.amount ?? null}::int, amount),
          cancellation_reason = coalesce(${patch.reason ?? null}, cancellation_reason)
        where id = ${id} and status in ${from} returning id`,
      );
      return rows.length === 1 ? byId(id) : null;
    },

    async refund(r) {
      return db.transaction(async (tx) => {
        // The payment's row first: two refunds of one key at once see each other, one after the other.
        const [paid] = await queryRows<{ status: PaymentStatus; amount: number }>(
          tx,
          sql`select status, amount from test_gateway_payments where id = ${r.paymentId} for update`,
        );
        const [known] = await queryRows<RefundRow>(
          tx,
          sql`select id, payment_id, amount from test_gateway_refunds where idempotence_key = ${r.idempotenceKey}`,
        );
        if (known) return refund(known);
        if (paid?.status !== 'paid') return 'not_charged';
        const [sum] = await queryRows<{ sum: number | string }>(
          tx,
          sql`select coalesce(sum(amount), 0) as sum from test_gateway_refunds where payment_id = ${r.paymentId}`,
        );
        if (Number(sum?.sum ?? 0) + r.amount > Number(paid.amount)) return 'too_much';
        await tx.execute(sql`
          insert into test_gateway_refunds (id, idempotence_key, payment_id, amount, status, receipt)
          values (${r.id}, ${r.idempotenceKey}, ${r.paymentId}, ${r.amount}, 'refunded', ${JSON.stringify(r.receipt)}::jsonb)`);
        return { id: r.id, paymentId: r.paymentId, amount: r.amount, status: 'refunded' };
      });
    },

    async getRefund(id) {
      const [row] = await queryRows<RefundRow>(
        db,
        sql`select id, payment_id, amount from test_gateway_refunds where id = ${id}`,
      );
      return row ? refund(row) : null;
    },
  };
}
