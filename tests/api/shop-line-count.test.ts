import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopReady, specDate } from '../../domain/delivery/schedule';
import type { Holiday, WeekHours } from '../../domain/stores/hours';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let offers: OfferFacts[];
let k: Awaited<ReturnType<typeof checkoutKit>>;

beforeAll(async () => {
  app = await createTestApp({ ORDERS_PER_PHONE_DAY: '100' });
  ignorePoolErrorsOnClose(app.database.db);
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted && o.price >= 100_000).slice(0, 2);
  k = await checkoutKit(app);
});
afterAll(() => app.close());

/** One unit in the shop, one in a movement store that brings it over (and two in the online warehouse, which does not). */
async function oneHereOneBrought(offer: OfferFacts) {
  await k.stockOf(offer, 2, 1);
  await app.database.db.execute(
    sql`insert into stock (offer_id, store_id, quantity) values (${offer.id}, ${k.stores.shop}, 1)`,
  );
}

describe('a shop holding one unit of a line of two', () => {
  it('promises the line when the other unit is brought, not as held by the shop', async () => {
    const [clock] = await k.rows<{ time_zone: string; week_hours: WeekHours | null; holidays: Holiday[] }>(
      sql`select c.time_zone, s.week_hours, s.holidays from stores s join cities c on c.id = s.city_id
        where s.id = ${k.stores.shop}`,
    );
    const shop = {
      timeZone: clock?.time_zone ?? '',
      weekHours: clock?.week_hours ?? null,
      holidays: clock?.holidays ?? [],
    };
    const readyDay = async (offer: OfferFacts, quantity: number) => {
      const { v, phone } = await k.quickShopper(offer, quantity);
      const saved = await k.rpc(v, 'sale.order.save', k.pickup(phone));
      expect({ status: saved.status, body: saved.status === 200 ? null : await saved.clone().text() }).toEqual({
        status: 200,
        body: null,
      });
      const { id } = await saved.json();
      const [row] = await k.rows<{ delivery: { readyDate: string } }>(
        sql`select delivery from orders where id = ${id}`,
      );
      return row?.delivery.readyDate;
    };
    const now = new Date();
    const held = shopReady(now, shop, 'shop')?.date as string;
    const brought = shopReady(now, shop, 'brought')?.date as string;
    expect(held).not.toBe(brought);

    await oneHereOneBrought(offers[0] as OfferFacts);
    expect(await readyDay(offers[0] as OfferFacts, 1)).toBe(specDate(held));
    await oneHereOneBrought(offers[1] as OfferFacts);
    expect(await readyDay(offers[1] as OfferFacts, 2)).toBe(specDate(brought));
  });
});
