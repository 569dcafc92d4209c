// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../contract/api';
import { GUEST } from '../../domain/auth/user';
import type { BasketJson, BasketLineJson } from '../../contract/basket-json';

type Store = typeof import('./basket-store');

/** A basket as the API answers it and the cache holds it. */
function basket(availableCount: number, delayCount = 0): BasketJson {
  return {
    available: [],
    delay: [],
    availableCount,
    delayCount,
    delayUrl: '/lk/like/',
    cartUrl: '/basket/',
    totals: { quantity: availableCount, base: 0, discount: 0, discountPercent: 0, total: 0 },
  };
}

/** A cart line of two units as the API answers it: `price` is the line's sum. */
const LINE: BasketLineJson = {
  id: 3,
  product: { id: 1, name: 'Пуховик', brandName: 'Норд', category: 'пуховик', color: 'Чёрный', url: '/p/', image: null },
  offer: { id: 30, sizeId: '48', sizeName: '48', price: 100_000, oldPrice: null, colorName: 'Чёрный' },
  quantity: 2,
  price: 200_000,
  maxQuantity: 5,
  canBuy: true,
};

const KEY = `${location.hostname}:basket`;
let fetchMock: ReturnType<typeof vi.fn>;
let store: Store;
/** The counts the visitor state call answers (what the server holds). */
let serverCounts = { availableCount: 2, delayCount: 0 };

/** The fetch calls made so far, as [url, form fields], without the visitor state call. */
function calls(): [string, Record<string, string>][] {
  return fetchMock.mock.calls
    .filter(([url]) => url !== API.userState)
    .map(([url, init]) => [String(url), Object.fromEntries(new URLSearchParams(String(init?.body ?? '')))]);
}

function answer(body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
}

/** A fetch that answers the visitor state call itself and passes every other call to `other`. */
function withVisitorState(other: (url: string) => Promise<Response>) {
  return (url: string) =>
    url === API.userState
      ? answer({ status: 'ok', data: { user: GUEST, basket: serverCounts, sessid: 'S1' } })
      : other(url);
}

function cache(value: BasketJson, expires = Date.now() + 60_000, version = 1) {
  localStorage.setItem(KEY, JSON.stringify({ version, expires, value }));
}

beforeEach(async () => {
  localStorage.clear();
  document.cookie = 'stopmetrica=; max-age=0';
  serverCounts = { availableCount: 2, delayCount: 0 };
  document.body.innerHTML =
    '<script id="shop-options" type="application/json">{"imgVersion":"1","siteId":"s1"}</script>';
  fetchMock = vi.fn(
    withVisitorState((url: string) =>
      url.includes('/event/')
        ? answer({ status: 'ok', data: {} })
        : answer({ status: 'ok', data: { basket: basket(7) } }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.resetModules();
  store = await import('./basket-store');
});
afterEach(() => vi.unstubAllGlobals());

describe('starting the basket', () => {
  it('uses a fresh cache that agrees with the visitor’s counts, without a basket call', async () => {
    cache(basket(2, 1));
    serverCounts = { availableCount: 2, delayCount: 1 };
    store.startBasket();
    await vi.waitFor(() => expect(store.getBasket()?.availableCount).toBe(2));
    expect(calls()).toEqual([]);
  });

  it('reads a cached line’s sum from the spec’s price', async () => {
    cache({ ...basket(2), available: [LINE] });
    store.startBasket();
    await vi.waitFor(() => expect(store.getBasket()?.available[0]?.lineTotal).toBe(200_000));
  });

  it('needs no basket call for an empty basket without a cache', async () => {
    serverCounts = { availableCount: 0, delayCount: 0 };
    store.startBasket();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith(API.userState, expect.anything()));
    await new Promise((r) => setTimeout(r, 20));
    expect(calls()).toEqual([]);
    expect(store.getBasket()).toBeNull();
  });

  it('calls basket/state when the cache disagrees with the visitor’s counts, and caches the answer for 900 s', async () => {
    cache(basket(2));
    serverCounts = { availableCount: 3, delayCount: 0 };
    store.startBasket();
    expect(store.getBasket()).toBeNull();
    await vi.waitFor(() => expect(store.getBasket()?.availableCount).toBe(7));
    expect(calls()).toEqual([['/api/v2/sale/basket/state/', { method: 'sale.basket.state', sessid: 'S1' }]]);
    const entry = JSON.parse(localStorage.getItem(KEY) ?? '');
    expect(entry).toMatchObject({ version: 1, value: { availableCount: 7 } });
    expect(entry.expires - Date.now()).toBeGreaterThan(895_000);
    expect(entry.expires - Date.now()).toBeLessThanOrEqual(900_000);
  });

  it.each([
    ['an expired cache', () => cache(basket(2), Date.now() - 1)],
    ['another version', () => cache(basket(2), Date.now() + 60_000, 2)],
    ['corrupt JSON', () => localStorage.setItem(KEY, '{"version":1,')],
    ['no cache', () => {}],
  ])('calls basket/state with %s', async (_name, prepare) => {
    prepare();
    store.startBasket();
    await vi.waitFor(() => expect(store.getBasket()?.availableCount).toBe(7));
    expect(calls()[0]?.[0]).toBe('/api/v2/sale/basket/state/');
  });

  it('starts once per page', async () => {
    store.startBasket();
    store.startBasket();
    await vi.waitFor(() => expect(store.getBasket()).not.toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(calls()).toHaveLength(1);
  });
});

describe('changes', () => {
  // The page has its visitor state (and so its sessid) by the time a shopper clicks.
  beforeEach(async () => {
    await (await import('./visitor')).loadVisitor();
  });

  it('an add answer replaces the cache and reports the goal and the basket update', async () => {
    const listener = vi.fn();
    store.subscribe(listener);
    const result = await store.addToBasket(42);
    expect(result).toEqual({ ok: true, basket: basket(7) });
    expect(store.getBasket()?.availableCount).toBe(7);
    expect(JSON.parse(localStorage.getItem(KEY) ?? '').value.availableCount).toBe(7);
    expect(listener).toHaveBeenCalled();
    // Analytics goes out without holding the add up: wait for it.
    await vi.waitFor(() => expect(calls()).toHaveLength(3));
    expect(calls()).toEqual([
      ['/api/v2/sale/basket/add/', { offerId: '42', sessid: 'S1' }],
      [
        '/api/v2/event/set/',
        {
          sessid: 'S1',
          method: 'event.set',
          event1: 'basket',
          event2: 'update',
          params: '{"availableCount":7,"delayCount":0}',
        },
      ],
      [
        '/api/v2/event/set/',
        { sessid: 'S1', method: 'event.set', event1: 'goal', event2: 'add_to_cart', params: '{"offerId":42}' },
      ],
    ]);
  });

  it('takes a line’s sum from the answer’s price, and caches the basket as it was answered', async () => {
    const answered = { ...basket(2), available: [LINE] };
    fetchMock.mockImplementation(() => answer({ status: 'ok', data: { basket: answered } }));
    const result = await store.addToBasket(30);
    expect(result.ok && result.basket.available[0]?.lineTotal).toBe(200_000);
    expect(JSON.stringify(JSON.parse(localStorage.getItem(KEY) ?? '').value)).toBe(JSON.stringify(answered));
  });

  it('an error answer leaves the cache alone and passes the first message on', async () => {
    cache(basket(1));
    fetchMock.mockImplementationOnce(() =>
      answer({ status: 'error', errors: [{ message: 'В наличии только 1 шт.', code: 'QUANTITY_LIMIT' }] }),
    );
    const result = await store.addToBasket(5);
    expect(result).toEqual({ ok: false, message: 'В наличии только 1 шт.', code: 'QUANTITY_LIMIT' });
    expect(JSON.parse(localStorage.getItem(KEY) ?? '').value.availableCount).toBe(1);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls()).toHaveLength(1);
  });

  it('an add answer without a status is the spec’s error', async () => {
    fetchMock.mockImplementationOnce(() => answer({ weird: true }));
    expect(await store.addToBasket(5)).toEqual({
      ok: false,
      message: 'Error response /api/v2/sale/basket/add/',
      code: '0',
    });
  });

  it('wishlist add and delete replace the cache too', async () => {
    fetchMock.mockImplementation(() => answer({ status: 'ok', data: { basket: basket(0, 1) } }));
    await store.addToWishlist(9);
    expect(JSON.parse(localStorage.getItem(KEY) ?? '').value.delayCount).toBe(1);
    fetchMock.mockImplementation(() => answer({ status: 'ok', data: { basket: basket(0, 0) } }));
    await store.removeFromWishlist(9);
    expect(JSON.parse(localStorage.getItem(KEY) ?? '').value.delayCount).toBe(0);
    expect(
      calls()
        .map(([url]) => url)
        .filter((u) => u.includes('/sale/')),
    ).toEqual(['/api/v2/sale/wishlist/add/', '/api/v2/sale/wishlist/delete/']);
  });

  it('basket page methods go to POST /api/ and read {basket} or {error}', async () => {
    fetchMock.mockImplementation(
      withVisitorState((url: string) =>
        url === '/api/' ? answer({ basket: basket(0) }) : answer({ status: 'ok', data: {} }),
      ),
    );
    expect((await store.deleteLine(11, 42)).ok).toBe(true);
    expect(calls()[0]).toEqual(['/api/', { sessid: 'S1', method: 'sale.order.basket.delete', id: '11' }]);
    await vi.waitFor(() => expect(calls().map(([, f]) => f.event2)).toContain('delete_from_cart'));
    fetchMock.mockImplementation(
      withVisitorState(() => answer({ error: { msg: 'Этого товара уже нет в корзине.', code: 'LINE_NOT_FOUND' } })),
    );
    expect(await store.setLineQuantity(11, 2)).toEqual({
      ok: false,
      message: 'Этого товара уже нет в корзине.',
      code: 'LINE_NOT_FOUND',
    });
  });

  it('sends no analytics at all while stopmetrica is Y', async () => {
    document.cookie = 'stopmetrica=Y; path=/';
    await store.addToBasket(42);
    expect(calls().map(([url]) => url)).toEqual(['/api/v2/sale/basket/add/']);
  });
});

describe('other tabs', () => {
  it('follows the basket entry another tab writes', () => {
    store.startBasket();
    const listener = vi.fn();
    store.subscribe(listener);
    const value = JSON.stringify({ version: 1, expires: Date.now() + 900_000, value: basket(4, 2) });
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: value }));
    expect(store.getBasket()).toMatchObject({ availableCount: 4, delayCount: 2 });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('ignores other keys and corrupt or expired entries', async () => {
    cache(basket(1));
    serverCounts = { availableCount: 1, delayCount: 0 };
    store.startBasket();
    await vi.waitFor(() => expect(store.getBasket()?.availableCount).toBe(1));
    const events = [
      {
        key: `${location.hostname}:city`,
        newValue: JSON.stringify({ version: 1, expires: Date.now() + 1000, value: basket(9) }),
      },
      { key: KEY, newValue: 'garbage' },
      { key: KEY, newValue: JSON.stringify({ version: 1, expires: Date.now() - 1, value: basket(9) }) },
      { key: KEY, newValue: null },
    ];
    for (const init of events) window.dispatchEvent(new StorageEvent('storage', init));
    expect(store.getBasket()?.availableCount).toBe(1);
  });
});
