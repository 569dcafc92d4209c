import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { PAGE_CACHE_CONTROL } from '../../contract/cache-policy';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { createTestApp, newVisitor, type TestApp } from '../support/test-app';

/**
 * Pages private by default (issue 24.4, decision 0017): every page that shows the visitor's own data is rendered for
 * them alone. Two shoppers of different logins, baskets and cities, and a guest of the first one's city (the very
 * page-cache key of her pages), open every cabinet page, the basket, checkout and a saved order, as pages and as
 * the `.data` answers of a client navigation: each sees their own data or a login prompt, never hers, and no answer
 * may be kept by the page cache or anyone else.
 */
let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;

interface Shopper {
  lastName: string;
  email: string;
  sessid: string;
  street: string;
  card: string;
  question: string;
  orderNumber: string;
  orderId: number;
  /** Names of the products in the basket and on the wishlist. */
  inBasket: string;
  delayed: string;
  get(path: string): Promise<Response>;
}

type Named = { id: number; name: string };

let anna: Shopper;
let boris: Shopper;
let guest: { get(path: string): Promise<Response> };

beforeAll(async () => {
  app = await createTestApp({
    GIVE_OUT_DISCOUNT_CARD_ON_REGISTER: '0',
    PHONE_CODES_PER_CLIENT: '1000',
    ORDERS_PER_PHONE_DAY: '100',
  });
  ignorePoolErrorsOnClose(app.database.db);
  k = await checkoutKit(app);
  const cities = await k.rows<{ code: string }>(sql`select code from cities order by sort limit 2`);
  // Offers of six products whose names no other product has, so that a name found on a page is that product.
  const named = await k.rows<Named>(sql`
    select min(o.id) as id, p.name from offers o join products p on p.id = o.product_id
    where p.active and p.name in (select name from products group by name having count(*) = 1)
    group by p.name order by min(o.id)`);
  const facts = new Map((await offerFacts(app.database.db)).map((o) => [o.id, o]));
  const offers = named.filter((o) => !facts.get(o.id)?.restricted).slice(0, 6);
  expect(offers).toHaveLength(6);
  for (const o of offers) await k.stockOf(facts.get(o.id) as OfferFacts, 10, 3);
  const made = async (i: number, lastName: string, city: string): Promise<Shopper> => {
    const [ordered, inBasket, delayed] = offers.slice(i * 3, i * 3 + 3) as [Named, Named, Named];
    const { me, phone, userId } = await k.member(facts.get(ordered.id) as OfferFacts, { bonuses: 0 });
    const orderId = (await (await k.rpc(me, 'sale.order.save', k.pickup(phone))).json()).id as number;
    expect(orderId).toBeGreaterThan(0);
    const street = `${lastName}ская`;
    const question = `Вопрос покупателя ${lastName} о пуховике`;
    for (const [path, fields] of [
      [API.profileSet, { name: `${lastName} Алиса` }],
      [API.addressAdd, { type: 'COURIER', city: 'Москва', street, house: '7' }],
      [API.basketAdd, { offerId: inBasket.id }],
      [API.wishlistAdd, { offerId: delayed.id }],
    ] as const)
      expect((await me.post(path, fields)).status, path).toBe(200);
    await app.database.db.execute(sql`insert into questions (user_id, session_id, name, topic, message)
      values (${userId}, ${me.cookie}, ${lastName}, 'other', ${question})`);
    const [{ number: card }] = (await k.rows(sql`select number from discount_cards where user_id = ${userId}`)) as [
      { number: string },
    ];
    const [{ email }] = (await k.rows(sql`select email from users where id = ${userId}`)) as [{ email: string }];
    const cookie = `${me.cookie}; city=${city}`;
    return {
      lastName,
      email,
      sessid: me.sessid,
      street,
      card,
      question,
      orderId,
      orderNumber: String(100_000 + orderId),
      inBasket: inBasket.name,
      delayed: delayed.name,
      get: (path) => app.fetch(path, { headers: { cookie }, redirect: 'manual' }),
    };
  };
  const [first, second] = cities as [{ code: string }, { code: string }];
  anna = await made(0, 'Первова', first.code);
  boris = await made(1, 'Вторых', second.code);
  const stranger = await newVisitor(app);
  const cookie = `${stranger.cookie}; city=${first.code}`;
  guest = { get: (path) => app.fetch(path, { headers: { cookie }, redirect: 'manual' }) };
});
afterAll(() => app.close());

/** Everything of a shopper's own that a page of theirs may show. */
const secretsOf = (s: Shopper) => [
  s.lastName,
  s.email,
  s.sessid,
  s.street,
  s.card,
  s.question,
  s.orderNumber,
  s.inBasket,
  s.delayed,
];

/** The `.data` answer a client navigation to the page asks for (trailing-slash aware: `/lk/` → `/lk/_.data`). */
const dataOf = (path: string) => path.replace(/\/(\?|$)/, '/_.data$1');

/** An answer nobody else may get: private to every cache, rendered for this visitor and not from the page cache. */
function expectPrivate(res: Response, label: string) {
  expect(res.headers.get('cache-control'), label).toBe(PAGE_CACHE_CONTROL.private);
  expect(res.headers.get('x-cache'), label).toBe('pass');
}

/** Which of `texts` a page holds (compared as lists, so a failure names them rather than printing the page). */
const found = (html: string, texts: string[]) => texts.filter((text) => html.includes(text));

/** Each private page with what its owner must find on it. */
const PAGES: [string, (s: Shopper) => string[]][] = [
  ['/lk/', (s) => [s.lastName, s.email]],
  ['/lk/address/', (s) => [s.street]],
  ['/lk/dc/', (s) => [s.card]],
  ['/lk/order/', (s) => [s.orderNumber]],
  ['/lk/questions/', (s) => [s.question]],
  ['/lk/like/', (s) => [s.delayed]],
  ['/basket/', (s) => [s.inBasket]],
  ['/order/', (s) => [s.inBasket, s.lastName, s.email]],
];

describe('private pages with two visitors', () => {
  it.each(PAGES)('%s: each shopper gets their own, a guest of the same city nothing of theirs', async (path, own) => {
    for (const url of [path, dataOf(path)]) {
      // Anna first, twice: had the page been kept, the guest of her city would be served her copy.
      for (const round of [1, 2]) {
        const res = await anna.get(url);
        expect(res.status, url).toBe(200);
        expectPrivate(res, `${url} (Anna, ${round})`);
        const html = await res.text();
        expect(found(html, own(anna)), url).toEqual(own(anna));
      }
      for (const [who, visitor] of [
        ['Boris', boris],
        ['guest', guest],
      ] as const) {
        const res = await visitor.get(url);
        expectPrivate(res, `${url} (${who})`);
        const html = await res.text();
        expect(found(html, secretsOf(anna)), `${url} (${who})`).toEqual([]);
        if (visitor === boris) expect(found(html, own(boris)), url).toEqual(own(boris));
        // A guest is sent to the login page from the cabinet (a `.data` redirect is a 202).
        else if (path.startsWith('/lk/') && path !== '/lk/like/') expect([302, 202], url).toContain(res.status);
      }
    }
  });

  it('/order/?ORDER_ID=: the saved order to its owner only, a 404 to the other shopper and to a guest', async () => {
    for (const [owner, other] of [
      [anna, boris],
      [boris, anna],
    ] as const) {
      const path = `/order/?ORDER_ID=${owner.orderId}`;
      for (const url of [path, dataOf(path)]) {
        const mine = await owner.get(url);
        expect(mine.status, url).toBe(200);
        expectPrivate(mine, url);
        expect(await mine.text(), url).toContain(owner.orderNumber);
        for (const stranger of [other, guest]) {
          const res = await stranger.get(url);
          expect(res.status, url).toBe(404);
          expectPrivate(res, url);
          const html = await res.text();
          expect(found(html, secretsOf(owner)), url).toEqual([]);
        }
      }
    }
  });
});
