import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { formatPrice } from '../../domain/pricing/price';
import { type OfferFacts, offerFacts } from '../support/basket-offers';
import { createTestApp, newVisitor, SHOP_ORIGIN, type TestApp, type Visitor } from '../support/test-app';

/**
 * The composite page cache (issue 11, decision 0017): public pages are rendered once per address, city and gender
 * and served to everyone; what is the visitor's own comes from the user state call; a change in the database drops
 * the pages it touches before the next request.
 */
let app: TestApp;
let clockMs = Date.parse('2026-11-25T12:00:00+03:00');
const SECTION = '/catalog/women/verkhnyaya-odezhda/puhoviki/';
const PASSWORD = 'Тёплый-пуховик-2026';
let cities: { code: string; name: string; phones: string[] }[];
let product: { id: number; url: string; offerId: number };

beforeAll(async () => {
  app = await createTestApp({ LOGIN_TRIES_PER_CLIENT: '1000' }, { clock: () => new Date(clockMs) });
  cities = await queryRows(app.database.db, sql`select code, name, phones from cities order by sort limit 2`);
  const buyable = (await offerFacts(app.database.db)).filter((o) => o.online > 0) as OfferFacts[];
  const offerId = (buyable[0] as OfferFacts).id;
  [product] = await queryRows(
    app.database.db,
    sql`select p.id, p.url, o.id as "offerId" from offers o join products p on p.id = o.product_id where o.id = ${offerId}`,
  );
});
afterAll(() => app.close());

const get = (path: string, headers: Record<string, string> = {}) => app.fetch(path, { headers, redirect: 'manual' });

/** A shopper with a city, a basket of two units and, if `name` is given, an account they are logged in to. */
async function shopper(city: string, name?: string): Promise<Visitor & { name?: string; email?: string }> {
  const v = await newVisitor(app);
  let cookie = `${v.cookie}; city=${city}`;
  let email: string | undefined;
  if (name) {
    email = `cache.${Date.now()}.${Math.random().toString(36).slice(2)}@example.ru`;
    const res = await app.fetch('/auth/register/', {
      method: 'POST',
      headers: { cookie, origin: SHOP_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name, email, password: PASSWORD, agree: 'Y', backurl: '/lk/' }).toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    cookie = `${res.headers.get('set-cookie')?.match(/SHOPSID=[^;]+/)?.[0]}; city=${city}`;
  }
  const state = await app.fetch('/api/v2/user/state/', { headers: { cookie } });
  const sessid = ((await state.json()) as { data: { sessid: string } }).data.sessid;
  const add = await app.fetch('/api/v2/sale/basket/add/', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ sessid, offerId: product.offerId, quantity: 2 }),
  });
  expect(add.status).toBe(200);
  return {
    ...v,
    cookie,
    sessid,
    name,
    email,
    get: (p, init) => app.fetch(p, { ...init, headers: { cookie, ...(init?.headers as Record<string, string>) } }),
  };
}

/** Waits for the database's notification of a change to reach the app (it arrives after the commit). */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the change did not reach the page');
}

describe('public pages from the cache', () => {
  it('renders a page once and serves the same bytes after, compressed, with an ETag a browser can revalidate', async () => {
    const first = await get(SECTION);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('miss');
    const html = await first.text();
    const second = await get(SECTION, { 'accept-encoding': 'br, gzip' });
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(second.headers.get('content-encoding')).toBe('br');
    expect(second.headers.get('cache-control')).toMatch(/\bpublic\b.*s-maxage=\d+/);
    expect(second.headers.get('vary')).toMatch(/Cookie/);
    expect(second.headers.get('set-cookie')).toBeNull();
    expect(second.headers.get('x-cache-tags')).toBeNull();
    // The policy names the nonce the cached page's scripts carry.
    const nonce = html.match(/nonce="([^"]+)"/)?.[1];
    expect(second.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
    const etag = second.headers.get('etag') as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await get(SECTION, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const gz = await get(SECTION, { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect((await get(SECTION)).headers.get('content-length')).toBe(String(Buffer.byteLength(html)));
    expect(await (await get(`${SECTION}?utm_source=mail&yclid=1`)).headers.get('x-cache')).toBe('hit');
    const head = await app.fetch(SECTION, { method: 'HEAD' });
    expect(head.headers.get('x-cache')).toBe('hit');
    expect(await head.text()).toBe('');
  });

  it('shows two visitors of different baskets, cities and logins the same page, and each their own parts', async () => {
    const [moscow, other] = cities as [(typeof cities)[0], (typeof cities)[0]];
    const anna = await shopper(other.code, 'Анна Кэшева');
    const guest = await shopper(moscow.code);
    const pages = ['/', SECTION, product.url, '/search/?q=пуховик', '/info/dostavka-i-oplata/'];
    for (const path of pages) {
      const annaPage = await anna.get(path);
      expect(annaPage.status, path).toBe(200);
      const annaHtml = await annaPage.text();
      const guestHtml = await (await guest.get(path)).text();
      for (const html of [annaHtml, guestHtml]) {
        for (const personal of [anna.sessid, guest.sessid, 'Кэшева', anna.email as string]) {
          expect(html, path).not.toContain(personal);
        }
      }
      expect(annaHtml, path).toContain(other.phones[0]);
      expect(guestHtml, path).toContain(moscow.phones[0]);
      expect(guestHtml, path).not.toContain(other.phones[0]);
      // A third visitor of Anna's city gets her page's very bytes: nothing in it was hers.
      const stranger = await get(path, { cookie: `city=${other.code}` });
      expect(stranger.headers.get('x-cache'), path).toBe('hit');
      expect(await stranger.text(), path).toBe(annaHtml);
    }
    const stateOf = async (v: Visitor) =>
      ((await (await v.get('/api/v2/user/state/')).json()) as { data: Record<string, unknown> }).data;
    const [annaState, guestState] = [await stateOf(anna), await stateOf(guest)];
    expect(annaState.sessid).toBe(anna.sessid);
    expect(guestState.sessid).toBe(guest.sessid);
    expect(JSON.stringify(annaState.user)).toContain('Анна Кэшева');
    expect(JSON.stringify(guestState.user)).not.toContain('Анна');
    expect(annaState.basket).toMatchObject({ availableCount: 2 });
    expect(guestState.basket).toMatchObject({ availableCount: 2 });
  });

  it('renders pages of the visitor’s own per visitor, never from the cache', async () => {
    const a = await shopper(cities[0]?.code ?? '', 'Ольга Личная');
    const b = await shopper(cities[0]?.code ?? '');
    for (const path of ['/basket/', '/lk/', '/lk.data', '/basket.data']) {
      const mine = await a.get(path, { redirect: 'manual' });
      const theirs = await b.get(path, { redirect: 'manual' });
      expect(mine.headers.get('x-cache'), path).toBe('pass');
      expect(mine.headers.get('cache-control'), path).toMatch(/private/);
      expect(theirs.headers.get('cache-control'), path).toMatch(/private/);
      expect(await theirs.text(), path).not.toContain('Ольга Личная');
    }
    expect(await (await a.get('/lk/')).text()).toContain('Ольга Личная');
  });

  it('drops the pages a price change touches before the next request, and keeps the others', async () => {
    const before = await (await get(product.url)).text();
    expect((await get(product.url)).headers.get('x-cache')).toBe('hit');
    await get('/info/dostavka-i-oplata/');
    expect((await get('/info/dostavka-i-oplata/')).headers.get('x-cache')).toBe('hit');
    const [{ price }] = (await queryRows(
      app.database.db,
      sql`select min(price) as price from offers where product_id = ${product.id}`,
    )) as [{ price: string }];
    const newPrice = Number(price) - 123_400;
    await app.database.db.execute(sql`update offers set price = ${newPrice} where product_id = ${product.id}`);
    await until(async () => (await get(product.url)).headers.get('x-cache') !== 'hit');
    const after = await (await get(product.url)).text();
    expect(after).not.toBe(before);
    expect(after).toContain(formatPrice(newPrice));
    expect(before).not.toContain(formatPrice(newPrice));
    expect((await get('/info/dostavka-i-oplata/')).headers.get('x-cache')).toBe('hit');
  });

  it('drops a section page when a product leaves it, renders it without, and every page when a section changes', async () => {
    const html = await (await get(SECTION)).text();
    expect((await get(SECTION)).headers.get('x-cache')).toBe('hit');
    const shown = html.match(/href="(\/product\/[^"]+)"/)?.[1] as string;
    await app.database.db.execute(sql`update products set active = false where url = ${shown}`);
    await until(async () => (await get(SECTION)).headers.get('x-cache') !== 'hit');
    // The listing data behind the page was dropped with it: the product is gone from the new render.
    expect(await (await get(SECTION)).text()).not.toContain(`href="${shown}"`);
    await app.database.db.execute(sql`update products set active = true where url = ${shown}`);
    await until(async () => (await (await get(SECTION)).text()).includes(`href="${shown}"`));
    await get('/info/dostavka-i-oplata/');
    expect((await get('/info/dostavka-i-oplata/')).headers.get('x-cache')).toBe('hit');
    await app.database.db.execute(sql`update sections set name = name where url = ${SECTION}`);
    await until(async () => (await get('/info/dostavka-i-oplata/')).headers.get('x-cache') !== 'hit');
  });

  it('does not drop pages for a product view, which moves only views and popularity', async () => {
    await get(product.url);
    expect((await get(product.url)).headers.get('x-cache')).toBe('hit');
    await app.database.db.execute(
      sql`update products set views = views + 1, popularity = popularity + 1 where id = ${product.id}`,
    );
    await new Promise((r) => setTimeout(r, 200));
    expect((await get(product.url)).headers.get('x-cache')).toBe('hit');
  });

  it('serves a stale page while one render replaces it, and renders a cold page once for many visitors', async () => {
    const listing = app.services.listing;
    const original = listing.sectionPage;
    let renders = 0;
    listing.sectionPage = (...args) => {
      renders += 1;
      return original(...args);
    };
    try {
      const cold = '/catalog/women/verkhnyaya-odezhda/palto/';
      const first = await Promise.all(Array.from({ length: 10 }, () => get(cold)));
      expect(first.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(renders).toBe(1);
      clockMs += 61_000;
      const stale = await Promise.all(Array.from({ length: 10 }, () => get(cold)));
      expect(stale.map((r) => r.headers.get('x-cache'))).toEqual(Array(10).fill('stale'));
      await until(async () => (await get(cold)).headers.get('age') === '0');
      expect(renders).toBe(2);
      clockMs += 11 * 60_000;
      expect((await get(cold)).headers.get('x-cache')).toBe('miss');
      expect(renders).toBe(3);
    } finally {
      listing.sectionPage = original;
    }
  });

  it('gives a new visitor one session: the state call sets its cookie, the page and the reads it makes at once do not', async () => {
    const [page, read, state] = await Promise.all([
      get(product.url),
      get('/api/v2/catalog/product/list/?section=/catalog/women/'),
      get('/api/v2/user/state/'),
    ]);
    expect(read.status).toBe(200);
    expect(page.headers.get('set-cookie')).toBeNull();
    expect(read.headers.get('set-cookie')).toBeNull();
    expect(state.headers.get('set-cookie')).toMatch(/^SHOPSID=/);
  });

  it('answers an unknown address with the styled 404 and keeps nothing of it', async () => {
    const res = await get('/catalog/women/net-takogo-razdela/');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<html');
    expect((await get('/catalog/women/net-takogo-razdela/')).headers.get('x-cache')).toBe('pass');
  });
});
