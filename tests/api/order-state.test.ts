import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RPC_PATH } from '../../contract/api';
import type { OfferFacts } from '../support/basket-offers';
import { type CheckoutKit, checkoutApp } from '../support/checkout';
import type { TestApp, Visitor } from '../support/test-app';

let app: TestApp;
let offers: OfferFacts[];
let k: CheckoutKit;

beforeAll(async () => {
  ({ app, offers, k } = await checkoutApp(1));
  await k.stockOf(offers[0] as OfferFacts, 50);
});
afterAll(() => app.close());

/** Cookie pairs as a browser sends them, each value encoded. */
const cookies = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('; ');

/** `sale.order.data` from a visitor whose browser also keeps `extra` cookies. */
async function orderState(v: Visitor, extra: Record<string, string> = {}) {
  const res = await app.fetch(RPC_PATH, {
    method: 'POST',
    headers: { cookie: [v.cookie, cookies(extra)].filter(Boolean).join('; '), 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'sale.order.data', sessid: v.sessid }),
  });
  expect(res.status).toBe(200);
  return res.json();
}

const orderPage = async (v: Visitor, extra: Record<string, string> = {}) =>
  (await app.fetch('/order/', { headers: { cookie: [v.cookie, cookies(extra)].filter(Boolean).join('; ') } })).text();

/** The checkout's field to type a card's number in. */
const CARD_FIELD = /<label[^>]*>Дисконтная карта<input/;

describe('the order state (spec §3 Order)', () => {
  it('offers the card field only while the shop has an active discount card', async () => {
    const { v } = await k.quickShopper(offers[0] as OfferFacts);
    expect((await orderState(v)).params.isEnabledDiscountCard).toBe(false);
    expect(await orderPage(v)).not.toMatch(CARD_FIELD);
    await app.database.db.execute(sql`
      insert into discount_cards (user_id, number, percent)
      values (900001, '2099000000017', 5)`);
    expect((await orderState(v)).params.isEnabledDiscountCard).toBe(true);
    expect(await orderPage(v)).toMatch(CARD_FIELD);
    await app.database.db.execute(sql`update discount_cards set active = false where number = '2099000000017'`);
    expect((await orderState(v)).params.isEnabledDiscountCard).toBe(false);
  });

  it("holds the contact fields' start in data: a guest's profile cookies, the name whole", async () => {
    const { v, phone } = await k.quickShopper(offers[0] as OfferFacts);
    // The phone this session confirmed, while no cookie names one.
    expect((await orderState(v)).data).toEqual({ name: '', email: '', phone });
    const kept = {
      user_last_name: 'Иванова',
      user_name: 'Анна',
      user_email: 'anna@example.ru',
      user_phone: '79110000001',
    };
    expect((await orderState(v, kept)).data).toEqual({
      name: 'Иванова Анна',
      email: 'anna@example.ru',
      phone: '79110000001',
    });
  });

  it('answers metro as an empty list: courier addresses go by street and house', async () => {
    const { v } = await k.quickShopper(offers[0] as OfferFacts);
    expect((await orderState(v)).metro).toEqual([]);
  });
});

describe('the cookie order_discount_card (spec §3)', () => {
  it('applies the card the shopper gave last time to the next order page, and not one that stopped applying', async () => {
    await app.database.db.execute(sql`
      insert into discount_cards (user_id, number, percent) values (900002, '2099000000024', 10)`);
    const { v } = await k.quickShopper(offers[0] as OfferFacts);
    const page = await orderPage(v, { order_discount_card: '2099000000024' });
    expect(page).toContain('Убрать дисконтную карту 2099000000024');
    await app.database.db.execute(sql`update discount_cards set active = false where number = '2099000000024'`);
    expect(await orderPage(v, { order_discount_card: '2099000000024' })).not.toContain('Убрать дисконтную карту');
  });

  it("leaves a member's own card on when the card given last time has ended", async () => {
    await app.database.db.execute(sql`
      insert into discount_cards (user_id, number, percent, active) values (900003, '2099000000031', 15, false)`);
    const { me, userId } = await k.member(offers[0] as OfferFacts);
    const own = `28${String(userId).padStart(11, '0')}`;
    await app.database.db.execute(sql`
      insert into discount_cards (user_id, number, percent) values (${userId}, ${own}, 5)
      on conflict (user_id) do update set number = ${own}, percent = 5, active = true`);
    const page = await (
      await app.fetch('/order/', { headers: { cookie: `${me.cookie}; order_discount_card=2099000000031` } })
    ).text();
    expect(page).toContain(`Убрать дисконтную карту ${own}`);
  });
});
