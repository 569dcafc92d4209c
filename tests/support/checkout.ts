import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { API, RPC_PATH } from '../../contract/api';
import { queryRows } from '../../db/client';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from './basket-offers';
import { readOutbox } from './outbox';
import { createTestApp, newVisitor, type TestApp, type Visitor } from './test-app';

/** A mobile number no other test of the run has used (each file has its own database, but not its own clock). */
export const freshPhone = () => `7911${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;

/** A checkout suite's app (phone codes and daily orders not limited), its first `count` unrestricted offers and kit. */
export async function checkoutApp(count: number) {
  const app = await createTestApp({ PHONE_CODES_PER_CLIENT: '10000', ORDERS_PER_PHONE_DAY: '100' });
  ignorePoolErrorsOnClose(app.database.db);
  const offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted).slice(0, count);
  return { app, offers, k: await checkoutKit(app) };
}

export type CheckoutKit = Awaited<ReturnType<typeof checkoutKit>>;

/** What the checkout suites share: the seed's stores, stock set per offer, shoppers with a confirmed phone. */
export async function checkoutKit(app: TestApp) {
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(app.database.db, query);
  const list = await rows<{ id: number; type: string }>(sql`select id, type from stores order by id`);
  const stores = {
    online: Number(list.find((r) => r.type === 'online')?.id),
    movement: Number(list.find((r) => r.type === 'movement')?.id),
    shop: Number(list.find((r) => r.type === 'shop')?.id),
  };

  /** The offer's stock: `online` units in the warehouse and `movement` in a movement store, nothing in shops. */
  async function stockOf(offer: OfferFacts, online: number, movement = 0) {
    await app.database.db.execute(sql`delete from stock where offer_id = ${offer.id}`);
    await app.database.db.execute(sql`insert into stock (offer_id, store_id, quantity) values
      (${offer.id}, ${stores.online}, ${online}), (${offer.id}, ${stores.movement}, ${movement})`);
  }

  const rpc = (v: Visitor, method: string, fields: Record<string, string | number> = {}) =>
    v.post(RPC_PATH, { method, ...fields });

  /** A visitor with the offer in the cart and a phone confirmed by the code from the outbox. */
  async function shopper(offer: OfferFacts, quantity = 1) {
    const v = await newVisitor(app);
    expect((await v.post(API.basketAdd, { offerId: offer.id, quantity })).status).toBe(200);
    const phone = freshPhone();
    await v.post(API.phoneCodeSend, { phone });
    await app.outbox.deliver();
    const code = (await readOutbox(app, { to: phone, channel: 'sms' }))?.text.match(/\d{6}/)?.[0] as string;
    expect((await v.post(API.phoneCodeCheck, { phone, code })).status).toBe(200);
    return { v, phone };
  }

  /** A visitor whose session has the phone confirmed, straight in the database (the code flow is tested above). */
  async function quickShopper(offer: OfferFacts, quantity = 1) {
    const v = await newVisitor(app);
    await v.post(API.basketAdd, { offerId: offer.id, quantity });
    const phone = freshPhone();
    const id = decodeURIComponent(v.cookie.split('=')[1] ?? '').split('.')[0];
    await app.database.db.execute(sql`update sessions set confirmed_phone = ${phone} where id = ${id}`);
    return { v, phone };
  }

  /**
   * A newly registered user with the offer in the cart and a confirmed phone; with `bonuses` (kopecks), a discount
   * card of 0 % holding them.
   */
  async function member(offer: OfferFacts, options: { bonuses?: number } = {}) {
    const v = await newVisitor(app);
    await v.post(API.basketAdd, { offerId: offer.id });
    const res = await v.post(API.authRegister, {
      name: 'Анна',
      email: `member.${randomUUID()}@example.ru`,
      password: 'Тёплый-пуховик-2026',
      agree: 'Y',
    });
    const { sessid, user } = (await res.json()).data as { sessid: string; user: { id: number } };
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
    // The login gave the session a new id: the visitor goes on with the new cookie and sessid.
    const me: Visitor = { ...v, cookie, sessid };
    me.get = (p, init) => app.fetch(p, { ...init, headers: { cookie } });
    me.post = (p, fields) =>
      app.fetch(p, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(Object.entries({ ...fields, sessid }).map(([k, x]) => [k, String(x)])).toString(),
      });
    const phone = freshPhone();
    await app.database.db.execute(sql`update users set confirmed_phone = ${phone} where id = ${user.id}`);
    if (options.bonuses !== undefined)
      await app.database.db.execute(sql`
        insert into discount_cards (user_id, number, percent, bonus_balance)
        values (${user.id}, ${`29${String(user.id).padStart(11, '0')}`}, 0, ${options.bonuses})
        on conflict (user_id) do update set bonus_balance = ${options.bonuses}, percent = 0`);
    return { me, phone, userId: user.id };
  }

  /** The save's fields for pickup from the seed's first shop. */
  const pickup = (phone: string, key = randomUUID()) => ({
    idempotencyKey: key,
    deliveryType: 'SHOP',
    deliveryShopId: stores.shop,
    name: 'Анна Иванова',
    email: `order.${phone}@example.ru`,
    phone,
  });

  return { rows, stores, stockOf, rpc, shopper, quickShopper, member, pickup };
}
