import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { STAFF_API } from '../../contract/staff-api';
import { ignorePoolErrorsOnClose, type OfferFacts } from '../support/basket-offers';
import { type CheckoutKit, checkoutKit } from '../support/checkout';
import { readOutbox } from '../support/outbox';
import { pageWhen } from '../support/page-when';
import { addStaff, STAFF_PASSWORD, staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 43.1: the price shown is the price charged. Prices that are not whole tens of roubles (as 1C sends them or
 * staff type them), one with kopecks, old prices alike, are set through the back office on products the menu lists;
 * then every offer is ordered and each surface a shopper reads is compared with what `sale.order.save` charged.
 */
let app: TestApp;
let k: CheckoutKit;

interface Product {
  id: number;
  url: string;
  name: string;
  section_url: string;
}
interface Offer {
  id: number;
  price: number;
  oldPrice: number | null;
}
/** Per product: the first offer's price and the old price of all (kopecks); each next size costs 2 ₽ more. */
const PRICES = [
  { price: 171_900, oldPrice: 599_900 },
  { price: 249_950, oldPrice: 299_990 },
  { price: 299_500, oldPrice: null },
] as const;
const tagged: { product: Product; offers: Offer[] }[] = [];
/** Each offer's order, placed once: what it charged, and what the shopper read on the way. */
const orders = new Map<number, Awaited<ReturnType<typeof charged>>>();
/** The price an order charged for one unit of the offer. */
const chargedFor = (offer: Offer) => orders.get(offer.id)?.total as number;

const one = <T>(list: T[]) => list[0] as T;
/**
 * A price as a shopper must read it, written here rather than taken from the formatter under test: roubles in groups
 * of three and the kopecks when there are any — the charged amount to the kopeck.
 */
const exact = (kopecks: number) =>
  `${String(Math.floor(kopecks / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}${kopecks % 100 ? `,${String(kopecks % 100).padStart(2, '0')}` : ''}`;
/** A catalogue price («1 719 руб.») and an amount to pay («1 719 ₽»). */
const formatPrice = (kopecks: number) => `${exact(kopecks)}\u00a0руб.`;
const formatAmount = (kopecks: number) => `${exact(kopecks)}\u00a0₽`;
/** Whether a page holds the text; says which text and where when not (a page is too long to print). */
const shows = (html: string, text: string, where: string) =>
  expect(html.includes(text), `${where}: ${text}`).toBe(true);
/** What a page shows of an old price: struck through, after the words a screen reader says. */
const struck = (kopecks: number) => `Старая цена: </span>${formatPrice(kopecks)}</s>`;

beforeAll(async () => {
  app = await createTestApp({ PHONE_CODES_PER_CLIENT: '10000', ORDERS_PER_PHONE_DAY: '100' });
  ignorePoolErrorsOnClose(app.database.db);
  k = await checkoutKit(app);
  await addStaff(app, { email: 'prices@vyuga.test', role: 'merchandiser' });
  const merch = await staffBrowser(app);
  expect((await merch.login({ email: 'prices@vyuga.test', password: STAFF_PASSWORD })).status).toBe(200);
  // Products of different sections the menu lists, none held back from online sale. The seed's cheapest price is
  // 3 000 ₽, so each becomes its section's lowest: the one the menu's «от … руб.» names.
  const products = await k.rows<Product>(sql`
    select distinct on (p.section_id) p.id, p.url, p.name, s.url as section_url
    from products p join sections s on s.id = p.section_id
    where p.active and exists (select 1 from menu_items m where m.section_id = p.section_id)
      and (select count(*) from offers o where o.product_id = p.id) between 2 and 4
      and not exists (select 1 from offers o join offer_restrictions r on r.offer_id = o.id where o.product_id = p.id)
    order by p.section_id, p.id limit ${PRICES.length}`);
  expect(products).toHaveLength(PRICES.length);
  for (const [n, product] of products.entries()) {
    const base = PRICES[n] as (typeof PRICES)[number];
    const ids = await k.rows<{ id: number }>(sql`select id from offers where product_id = ${product.id} order by id`);
    const offers = ids.map(({ id }, i) => ({ id: Number(id), price: base.price + i * 200, oldPrice: base.oldPrice }));
    for (const o of offers) {
      const body = { price: o.price / 100, oldPrice: o.oldPrice === null ? null : o.oldPrice / 100 };
      expect((await merch.call(STAFF_API.offerPrice.replace(':id', String(o.id)), body)).status).toBe(200);
      await k.stockOf({ id: o.id } as OfferFacts, 5, 1);
    }
    tagged.push({ product, offers });
  }
  for (const { offers } of tagged) for (const offer of offers) orders.set(offer.id, await charged(offer));
});
afterAll(() => app.close());

/** Orders one unit of the offer for pickup: what the order charges for it, and the shopper's pages and letter. */
async function charged(offer: Offer) {
  const { v, phone } = await k.quickShopper({ id: offer.id } as OfferFacts);
  const basket = (await (await v.post(API.basketState, {})).json()).data.basket;
  const basketPage = await (await v.get('/basket/')).text();
  const orderPage = await (await v.get('/order/')).text();
  const saved = await k.rpc(v, 'sale.order.save', k.pickup(phone));
  expect(saved.status, await saved.clone().text()).toBe(200);
  const { id } = (await saved.json()) as { id: number };
  const [order] = await k.rows<{ total: number; price: number; old_price: number | null }>(sql`
    select o.total::int as total, l.price::int as price, l.old_price::int as old_price
    from orders o join order_lines l on l.order_id = o.id where o.id = ${id}`);
  await app.outbox.deliver();
  return {
    total: Number(order?.total),
    line: Number(order?.price),
    basket,
    basketPage,
    orderPage,
    placedPage: await (await v.get(`/order/?ORDER_ID=${id}`)).text(),
    letter: (await readOutbox(app, { to: `order.${phone}@example.ru`, channel: 'email' }))?.text ?? '',
  };
}

describe('every offer with a price that is not whole tens', () => {
  it('is shown in the basket, on the order page and in the letter at the price the order charges', async () => {
    for (const { offers } of tagged)
      for (const offer of offers) {
        const c = orders.get(offer.id) as Awaited<ReturnType<typeof charged>>;
        const what = `offer ${offer.id}`;
        // A pickup order has no delivery and no discount here: the line is the whole charge, and it is the price set.
        expect(c.line, what).toBe(c.total);
        expect(c.total, what).toBe(offer.price);
        const line = one(c.basket.available) as { price: number; offer: { price: number; oldPrice: number | null } };
        expect([line.price, line.offer.price, line.offer.oldPrice], what).toEqual([c.total, c.total, offer.oldPrice]);
        shows(c.basketPage, `>${formatPrice(c.total)}<`, what);
        if (offer.oldPrice !== null) shows(c.basketPage, struck(offer.oldPrice), what);
        shows(c.basketPage, `data-testid="basket-total">${formatAmount(c.total)}<`, what);
        // The order page before the save adds its default delivery to the total; the line is the offer's alone.
        shows(c.orderPage, `data-testid="line-total">${formatAmount(c.total)}<`, what);
        shows(c.placedPage, `data-testid="line-total">${formatAmount(c.total)}<`, what);
        shows(c.placedPage, `data-testid="order-total">${formatAmount(c.total)}<`, what);
        expect(c.letter, what).toContain(`— 1 шт., ${formatAmount(c.total)}\n`);
      }
  });

  it('is shown on the product page, its listing card, in search and in the menu at the charged price', async () => {
    const home = await (await app.fetch('/')).text();
    for (const { product, offers } of tagged) {
      const what = product.url;
      const sold = offers.map((o) => ({ ...o, price: chargedFor(o) }));
      const cheapest = sold.reduce((a, b) => (b.price < a.price ? b : a));
      const shown = formatPrice(cheapest.price);
      // The JSON the product page and the spec's clients read: each offer, and the product's lowest price.
      const got = (await (await app.fetch(`${API.productGet}?id=${product.id}`)).json()).data;
      expect(
        got.offers.map((o: Offer) => [o.id, o.price, o.oldPrice]),
        what,
      ).toEqual(sold.map((o) => [o.id, o.price, o.oldPrice]));
      expect([got.item.price, got.item.oldPrice], what).toEqual([cheapest.price, cheapest.oldPrice]);
      expect(got.item.seo.description, what).toContain(`Цена ${shown}`);

      const page = await pageWhen(app, product.url, (html) => html.includes(shown));
      const price = new RegExp(`data-testid="product-price">(?:<span[^>]*>[^<]*</span>)?${shown}<`);
      expect(price.test(page), `${what}: ${shown}`).toBe(true);
      if (cheapest.oldPrice !== null) shows(page, struck(cheapest.oldPrice), what);
      // Search engines read each size's price from the page's markup.
      for (const o of sold) shows(page, `"price":"${(o.price / 100).toFixed(2)}"`, what);

      const list = `${API.productList}?section=${encodeURIComponent(product.section_url)}&sort=price_asc`;
      const listed = (await (await app.fetch(list)).json()).data;
      const card = listed.items.find((i: { id: number }) => i.id === product.id);
      expect([card?.price, card?.oldPrice], what).toEqual([cheapest.price, cheapest.oldPrice]);
      for (const o of sold)
        expect(
          listed.offers.find((x: Offer) => x.id === o.id),
          what,
        ).toMatchObject({ price: o.price });
      for (const html of [
        await (await app.fetch(`${product.section_url}?sort=price_asc`)).text(),
        await (await app.fetch(`/search/?q=${encodeURIComponent(product.name)}&sort=price_asc`)).text(),
      ]) {
        shows(html, `href="${product.url}"`, what);
        shows(html, `>${shown}<`, what);
        if (cheapest.oldPrice !== null) shows(html, `>${formatPrice(cheapest.oldPrice)}<`, what);
      }
      // The product is its section's cheapest: the menu says «от» its price.
      shows(home, `от ${shown}`, what);
    }
  });
});
