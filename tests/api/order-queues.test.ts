import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardRepository } from '../../db/repositories/dashboard';
import { orderDeskRepository } from '../../db/repositories/order-desk';
import { lateReason } from '../../domain/order/dashboard';
import { type DeliveryType, ORDER_TRANSITIONS, type OrderStatus } from '../../domain/order/process';
import { NO_REVENUE, waitsForShop } from '../../domain/order/queues';
import { ignorePoolErrorsOnClose, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Which orders wait for the shop, which are late and which count as revenue are state lists of domain/order/queues.ts;
 * the desk's and the dashboard's SQL is built from them. One order is put through every state, delivery and day, and
 * the SQL must answer as the domain does.
 */

let app: TestApp;
let id: number;
const STATUSES = Object.keys(ORDER_TRANSITIONS) as OrderStatus[];
const TYPES: DeliveryType[] = ['COURIER', 'SHOP', 'PICKUP'];
const today = '2026-12-10';
const confirmBy = new Date('2026-12-10T09:00:00Z');

beforeAll(async () => {
  app = await createTestApp({ ORDERS_PER_PHONE_DAY: '100' });
  ignorePoolErrorsOnClose(app.database.db);
  const k = await checkoutKit(app);
  const [offer] = (await offerFacts(app.database.db)).filter((o) => !o.restricted);
  if (!offer) throw new Error('no offer');
  await k.stockOf(offer, 2, 2);
  const { v, phone } = await k.quickShopper(offer);
  const saved = (await (await k.rpc(v, 'sale.order.save', k.pickup(phone))).json()) as { id: number };
  if (!saved.id) throw new Error(JSON.stringify(saved));
  id = saved.id;
});
afterAll(() => app.close());

/** The one order as `state` says, straight in the table (the states' ways there are the process's, tested elsewhere). */
async function put(state: { status: OrderStatus; type: DeliveryType; day: string; createdAt: Date }) {
  const [d, m, y] = [state.day.slice(8, 10), state.day.slice(5, 7), state.day.slice(0, 4)];
  const promised = `${d}.${m}.${y}`;
  await app.database.db.execute(sql`update orders set status = ${state.status}, delivery_type = ${state.type},
    delivery = delivery || ${JSON.stringify({ date: promised, readyDate: promised })}::jsonb,
    created_at = ${state.createdAt.toISOString()} where id = ${id}`);
}

describe('the order state lists', () => {
  it('give the same late orders, overdue confirmations and revenue in SQL as in the domain', async () => {
    const dashboard = dashboardRepository(app.database.db);
    const desk = orderDeskRepository(app.database.db);
    const seen = new Set<string>();
    for (const status of STATUSES)
      for (const type of TYPES)
        for (const day of ['2026-12-09', '2026-12-11'])
          for (const createdAt of [new Date('2026-12-10T08:00:00Z'), new Date('2026-12-10T10:00:00Z')]) {
            await put({ status, type, day, createdAt });
            const label = `${status} ${type} ${day} ${createdAt.toISOString()}`;
            const expected = lateReason(
              { status, deliveryType: type, courierDay: day, readyDay: day, createdAt },
              today,
              confirmBy,
            );
            const { items } = await dashboard.waiting(today, confirmBy, 10);
            expect(items.find((o) => o.id === id)?.reason ?? null, label).toBe(expected);
            seen.add(String(expected));
            const overdue = waitsForShop(status) && createdAt <= confirmBy ? 1 : 0;
            expect((await dashboard.statusCounts(confirmBy)).overdueNew, label).toBe(overdue);
            const counted = await desk.counts({ confirmBefore: confirmBy });
            expect(counted.overdueNew, label).toBe(overdue);
            const [figures] = await dashboard.figures([
              { from: new Date('2026-12-10T00:00:00Z'), to: new Date('2026-12-11T00:00:00Z') },
            ]);
            expect(figures?.revenue === 0, label).toBe(NO_REVENUE.includes(status));
          }
    // Every reason was met, and none: the walk covers the list's cases.
    expect([...seen].sort()).toEqual(['confirm', 'delivery', 'null', 'ready']);
    // What the lists mean, pinned: a shop order still being assembled past its day is late; a shipped one is not the
    // shop's to be late with; an order awaiting its payment is no revenue.
    const at = new Date('2026-12-10T10:00:00Z');
    const late = (status: OrderStatus, type: DeliveryType) =>
      lateReason(
        { status, deliveryType: type, courierDay: '2026-12-09', readyDay: '2026-12-09', createdAt: at },
        today,
        confirmBy,
      );
    expect(late('assembling', 'SHOP')).toBe('ready');
    expect(late('shipped', 'COURIER')).toBeNull();
    expect(late('new', 'PICKUP')).toBeNull();
    expect(NO_REVENUE).toEqual(expect.arrayContaining(['cancelled', 'awaiting_payment']));
    expect(NO_REVENUE).not.toContain('paid');
  });
});
