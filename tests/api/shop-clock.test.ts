import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { cutOffs } from '../../domain/delivery/schedule';
import { formatDate, lastDayBefore } from '../../domain/text/dates';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { readOutbox } from '../support/outbox';
import { addStaff, loggedInStaff } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

/** A zone an hour behind Moscow's: a day read on Moscow's clock there is wrong for an hour at each midnight. */
const KALININGRAD = 'Europe/Kaliningrad';

let app: TestApp;
let offer: OfferFacts;
let k: Awaited<ReturnType<typeof checkoutKit>>;

beforeAll(async () => {
  app = await createTestApp({ ORDERS_PER_PHONE_DAY: '100' });
  ignorePoolErrorsOnClose(app.database.db);
  // The seed's first shop moves to Kaliningrad's clock before anything reads the shops.
  await app.database.db.execute(sql`update cities set time_zone = ${KALININGRAD}
    where id = (select city_id from stores where type = 'shop' order by id limit 1)`);
  offer = (await offerFacts(app.database.db)).filter((o) => !o.restricted && o.price >= 100_000)[0] as OfferFacts;
  k = await checkoutKit(app);
});
afterAll(() => app.close());

describe('a shop outside Moscow’s zone', () => {
  it('keeps an order until its own midnight, and the order page, the ready letter and the desk name that day', async () => {
    await k.stockOf(offer, 2, 2);
    const { v, phone } = await k.quickShopper(offer);
    const { id } = await (await k.rpc(v, 'sale.order.save', k.pickup(phone))).json();
    const keptUntil = async () => {
      const [row] = await k.rows<{ reserved_until: string | Date }>(
        sql`select reserved_until from orders where id = ${id}`,
      );
      return new Date(row?.reserved_until as string);
    };
    const end = await keptUntil();
    expect(cutOffs(end, KALININGRAD).minutes).toBe(0);
    const lastDay = lastDayBefore(end);
    // On Moscow's clock the reservation ends at 01:00 of the next day: the wrong day to name.
    expect(formatDate(lastDay, 'dayMonth', 'Europe/Moscow')).not.toBe(formatDate(lastDay, 'dayMonth', KALININGRAD));

    const page = await (await v.get(`/order/?ORDER_ID=${id}`)).text();
    expect(page).toContain(`хранится до ${formatDate(lastDay, 'dayMonth', KALININGRAD)} включительно`);

    await addStaff(app, { email: 'manager@vyuga.test', role: 'manager' });
    const manager = await loggedInStaff(app, 'manager@vyuga.test');
    for (const to of ['confirmed', 'assembling', 'ready']) {
      const moved = await manager.call(STAFF_API.orderTransition.replace(':id', String(id)), { to });
      expect(moved.status).toBe(200);
    }
    const ready = lastDayBefore(await keptUntil());
    await app.outbox.deliver();
    const letter = await readOutbox(app, { to: `order.${phone}@example.ru`, channel: 'email' });
    expect(letter?.text).toContain(`Заказ хранится до ${formatDate(ready, 'dayMonth', KALININGRAD)} включительно.`);

    // A manager on Moscow's clock reads the shop's day, with the shop's zone named.
    const card = await (await manager.get(`/admin/orders/${id}/`)).text();
    expect(card).toContain(`Хранится по ${formatDate(ready, 'date', KALININGRAD)} (МСК−1) включительно`);
  });
});
