import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from './basket-offers';
import { checkoutKit } from './checkout';
import { addStaff, loggedInStaff } from './staff';
import { createTestApp } from './test-app';

export const path = (template: string, id: number) => template.replace(':id', String(id));

/** A shop with a manager who changes orders paid online, and what the top-up tests read of them (issue 47.6). */
export async function topUpKit(managerEmail: string) {
  const app = await createTestApp({ ORDERS_PER_PHONE_DAY: '100' });
  ignorePoolErrorsOnClose(app.database.db);
  const k = await checkoutKit(app);
  const offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted && o.price >= 100_000);
  let next = 0;
  await addStaff(app, { email: managerEmail, role: 'manager' });
  const manager = await loggedInStaff(app, managerEmail);
  return {
    app,
    k,
    manager,
    edit: (id: number, body: Record<string, unknown>) => manager.call(path(STAFF_API.orderChanges, id), body),
    /** A pickup order paid online through the test gateway. */
    async paidOnline(quantity = 1) {
      const offer = offers[next++] as OfferFacts;
      await k.stockOf(offer, 5, 5);
      const { v, phone } = await k.quickShopper(offer, quantity);
      const res = await k.rpc(v, 'sale.order.save', { ...k.pickup(phone), paymentMethod: 'ONLINE' });
      const body = (await res.json()) as { id: number; payment: { confirmationUrl: string } };
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect((await v.post(`${new URL(body.payment.confirmationUrl).pathname}pay/`, {}, {})).status).toBe(303);
      const [line] = await k.rows<{ id: number }>(sql`select id from order_lines where order_id = ${body.id}`);
      return { id: body.id, v, offer, line: Number(line?.id), email: `order.${phone}@example.ru` };
    },
    summaryOf: async (id: number) =>
      (await (await manager.get(path(STAFF_API.orderPayments, id))).json()).data.payment as {
        paid: number;
        refunded: number;
        topUp: { amount: number; confirmationUrl: string | null } | null;
      },
    totalOf: async (id: number) =>
      Number((await k.rows<{ total: number }>(sql`select total from orders where id = ${id}`))[0]?.total),
    topUpsOf: async (id: number) =>
      (
        await k.rows<{ amount: number; status: string }>(
          sql`select amount, status from order_top_ups where order_id = ${id} order by id`,
        )
      ).map((t) => ({ amount: Number(t.amount), status: t.status })),
  };
}

export type TopUpKit = Awaited<ReturnType<typeof topUpKit>>;
