import { sql } from 'drizzle-orm';
import type {
  PendingTopUp,
  TopUpReads,
  TopUpRecord,
  TopUpStatus,
  TopUpWrites,
} from '../../domain/order/order-edit-top-up';
import { type Db, queryRows } from '../client';

interface TopUpRow {
  id: number;
  order_id: number;
  payment_id: number;
  amount: number;
  status: TopUpStatus;
  staff_id: number | null;
  created_at: string | Date;
}

const COLUMNS = sql`id, order_id, payment_id, amount, status, staff_id, created_at`;

const topUp = (r: TopUpRow): TopUpRecord => ({
  id: Number(r.id),
  orderId: Number(r.order_id),
  paymentId: Number(r.payment_id),
  amount: Number(r.amount),
  status: r.status,
  staffId: r.staff_id === null ? null : Number(r.staff_id),
  createdAt: new Date(r.created_at),
});

/** An online order's top-ups (issue 47.6), in the order's transaction: its row is locked before these are read. */
export function topUpWrites(db: Db): TopUpWrites {
  return {
    async pendingOf(orderId) {
      const [row] = await queryRows<TopUpRow>(
        db,
        sql`select ${COLUMNS} from order_top_ups where order_id = ${orderId} and status = 'pending' for update`,
      );
      return row ? topUp(row) : null;
    },

    async ofPayment(paymentId) {
      const [row] = await queryRows<TopUpRow>(
        db,
        sql`select ${COLUMNS} from order_top_ups where payment_id = ${paymentId} for update`,
      );
      return row ? topUp(row) : null;
    },

    async insert(t) {
      const [row] = await queryRows<TopUpRow>(
        db,
        sql`insert into order_top_ups (order_id, payment_id, amount, staff_id)
          values (${t.orderId}, ${t.paymentId}, ${t.amount}, ${t.staffId}) returning ${COLUMNS}`,
      );
      return topUp(row as TopUpRow);
    },

    async setStatus(id, status) {
      await db.execute(sql`update order_top_ups set status = ${status}, updated_at = now() where id = ${id}`);
    },

    async setPayment(id, paymentId) {
      await db.execute(sql`update order_top_ups set payment_id = ${paymentId}, updated_at = now() where id = ${id}`);
    },
  };
}

export function topUpReads(db: Db): TopUpReads {
  return {
    async pending(orderId) {
      const [row] = await queryRows<{
        id: number;
        payment_id: number;
        amount: number;
        confirmation_url: string | null;
        payment_status: string;
      }>(
        db,
        sql`select t.id, t.payment_id, t.amount, p.confirmation_url, p.status as payment_status from order_top_ups t
          join payments p on p.id = t.payment_id
          where t.order_id = ${orderId} and t.status = 'pending'`,
      );
      return row
        ? ({
            id: Number(row.id),
            paymentId: Number(row.payment_id),
            amount: Number(row.amount),
            // A declined payment's page is gone: «Доплатить» makes a fresh payment for the same top-up.
            confirmationUrl: row.payment_status === 'awaiting' ? row.confirmation_url : null,
          } satisfies PendingTopUp)
        : null;
    },
  };
}
