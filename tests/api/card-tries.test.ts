import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RPC_PATH } from '../../contract/api';
import type { OfferFacts } from '../support/basket-offers';
import { type CheckoutKit, checkoutApp } from '../support/checkout';
import type { TestApp } from '../support/test-app';

/** Typed discount card numbers: a client may miss 20 an hour (domain/limits/rules.ts), a card found costs nothing. */
let app: TestApp;
let k: CheckoutKit;
let offer: OfferFacts;

beforeAll(async () => {
  const shop = await checkoutApp(1);
  ({ app, k } = shop);
  offer = shop.offers[0] as OfferFacts;
  await k.stockOf(offer, 5, 1);
});
afterAll(() => app.close());

it('a client walking card numbers is stopped after 20 misses, a real card then too; its own card never counts', async () => {
  const [holder] = await k.rows<{ id: number }>(sql`
    insert into users (email, password_hash) values (${`tries.${randomUUID()}@example.ru`}, 'x') returning id`);
  await app.database.db.execute(sql`
    insert into discount_cards (user_id, number, percent) values (${Number(holder?.id)}, '2012345678905', 7)`);
  const [ended] = await k.rows<{ id: number }>(sql`
    insert into users (email, password_hash) values (${`ended.${randomUUID()}@example.ru`}, 'x') returning id`);
  await app.database.db.execute(sql`
    insert into discount_cards (user_id, number, percent, active) values (${Number(ended?.id)}, '2012345678912', 5, false)`);
  const { v } = await k.quickShopper(offer);
  const setCard = (discountCard: string) => k.rpc(v, 'sale.order.setDiscountCard', { discountCard });
  // A shopper's own card, applied and then sent with every call of the page: free.
  for (let i = 0; i < 25; i++) expect((await setCard('2012345678905')).status).toBe(200);
  // One that has ended is refused as such, and is no miss: the page remembers it and sends it with every load.
  for (let i = 0; i < 25; i++) expect((await setCard('2012345678912')).status).toBe(400);
  for (let i = 0; i < 20; i++) expect((await setCard(`20000000${String(i).padStart(5, '0')}`)).status).toBe(400);
  const refused = await setCard('2012345678905');
  expect(refused.status).toBe(429);
  expect((await refused.json()).error.msg).toMatch(/^Слишком много попыток\. Повторите через \d+/);
  // The page's sums leave a typed card out past the limit, telling nothing of the number.
  const page = async (fields: Record<string, string>) =>
    (await v.post(RPC_PATH, { method: 'sale.order.data', deliveryType: 'SHOP', ...fields })).json();
  const typed = await page({ discountCard: '2012345678905' });
  expect(typed.discountCardActive).toBe(false);
  expect(typed.totals).toEqual((await page({})).totals);
});
