import { inject } from 'vitest';
import { readOutbox } from '../../support/outbox';
import { baseURL } from './browser';

/** A post to one of the shop's calls with the client's session; it fails on a refusal. */
export type Post = <T = Record<string, unknown>>(
  address: string,
  fields: Record<string, string | number>,
) => Promise<T>;

/** The latest SMS to `phone` whose text matches `pattern`, as the outbox's worker writes it (it runs on its own). */
export async function smsMatch(phone: string, pattern: RegExp): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const sms = await readOutbox({ dataDir: inject('dataDir') }, { to: phone, channel: 'sms' });
    const found = sms?.text.match(pattern)?.[1];
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no SMS to ${phone} matching ${pattern}`);
}

/**
 * A visitor of the shop's calls: its cookies (the session's, and those later answers set: the chosen city), and a
 * post with its sessid that answers the whole body.
 */
async function visitor(): Promise<Post> {
  const state = await fetch(`${baseURL()}/api/v2/user/state/`);
  const cookies = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      cookies.set(pair.slice(0, pair.indexOf('=')), pair);
    }
  };
  keep(state);
  const { sessid } = ((await state.json()) as { data: { sessid: string } }).data;
  return async <T = Record<string, unknown>>(address: string, fields: Record<string, string | number>): Promise<T> => {
    const res = await fetch(`${baseURL()}${address}`, {
      method: 'POST',
      headers: { cookie: [...cookies.values()].join('; ') },
      body: new URLSearchParams(Object.entries({ sessid, ...fields }).map(([k, v]) => [k, String(v)])),
    });
    keep(res);
    const body = await res.json();
    if (!res.ok) throw new Error(`${address} answered ${res.status}: ${JSON.stringify(body)}`);
    return body as T;
  };
}

/** The first size for sale of each of the demo catalogue's first products, in their order. */
async function* sizesForSale(): AsyncGenerator<{ id: number; productId: number }> {
  for (let productId = 1; productId < 400; productId++) {
    const res = await fetch(`${baseURL()}/api/v2/catalog/product/get/?id=${productId}`);
    if (!res.ok) continue;
    const { offers } = ((await res.json()) as { data: { offers: { id: number; canBuy: boolean }[] } }).data;
    const offer = offers.find((o) => o.canBuy);
    if (offer) yield { id: offer.id, productId };
  }
}

/** What differs between the tests' shop orders; each test keeps its own key and mailbox so their orders stay apart. */
interface ShopOrderOptions {
  /** The idempotency key's word: `e2e-<key>-<phone>-<time>`. */
  key: string;
  /** The email's first part: `<mailbox>.<phone>@example.ru`. */
  mailbox: string;
  /** The shopper's name. */
  name?: string;
  /** The session the order is placed in (a fresh visitor's by default); the answer's `post` goes on with it. */
  client?: () => Promise<Post>;
  /** More fields of the order's save (a payment method). */
  fields?: Record<string, string | number>;
  /** Runs in the session once the size is in the basket, before the phone is confirmed (events the pages send). */
  beforeCode?: (post: Post, chosen: { productId: number; offerId: number }) => Promise<void>;
}

/**
 * A shopper's order for pickup in a shop, placed through the calls the order page makes: the first size for sale
 * that a shop of the visitor's city can get ready, the phone confirmed by the SMS code. `saved` is the save's answer.
 */
export async function placeShopOrder<Saved extends { id: number } = { id: number }>(
  phone: string,
  { key, mailbox, name = 'Зимина Анна', client = visitor, fields = {}, beforeCode }: ShopOrderOptions,
): Promise<{ id: number; number: string; productId: number; post: Post; saved: Saved }> {
  for await (const offer of sizesForSale()) {
    const { productId } = offer;
    const post = await client();
    await post('/api/v2/sale/basket/add/', { offerId: offer.id });
    const state = await post<{ items: { allowedShopIds: number[] }[] }>('/api/', {
      method: 'sale.order.data',
      deliveryType: 'SHOP',
    });
    const shopId = state.items[0]?.allowedShopIds[0];
    if (shopId === undefined) continue;
    await beforeCode?.(post, { productId, offerId: offer.id });
    await post('/api/v2/user/phone/code/send/', { phone });
    await post('/api/v2/user/phone/code/check/', { phone, code: await smsMatch(phone, /(\d{6})/) });
    const saved = await post<Saved>('/api/', {
      method: 'sale.order.save',
      idempotencyKey: `e2e-${key}-${phone}-${Date.now()}`,
      deliveryType: 'SHOP',
      deliveryShopId: shopId,
      ...fields,
      name,
      email: `${mailbox}.${phone}@example.ru`,
      phone,
    });
    return { id: saved.id, number: String(100_000 + saved.id), productId, post, saved };
  }
  throw new Error('no size of the demo catalogue can be collected in a Moscow shop');
}

/**
 * A shopper's order to a pickup point of the test carrier in `town` (Томск by default), placed through the calls the
 * order page makes: the town chosen by address, the first size for sale, the town's first point (not a locker).
 */
export async function placePointOrder(
  phone: string,
  { key, mailbox, town = 'Томск' }: { key: string; mailbox: string; town?: string },
): Promise<{ id: number; pointId: number }> {
  for await (const offer of sizesForSale()) {
    const post = await visitor();
    await post('/api/v2/sale/basket/add/', { offerId: offer.id });
    await post('/api/v2/user/location/yandex/set/', { address: town });
    const state = await post<{ pickupPointList: { id: number; kind: string }[] }>('/api/', {
      method: 'sale.order.data',
      deliveryType: 'PICKUP',
    });
    const point = state.pickupPointList.find((p) => p.kind === 'point');
    if (!point) throw new Error(`the test carrier lists no point in ${town}`);
    await post('/api/v2/user/phone/code/send/', { phone });
    await post('/api/v2/user/phone/code/check/', { phone, code: await smsMatch(phone, /(\d{6})/) });
    const saved = await post<{ id: number }>('/api/', {
      method: 'sale.order.save',
      idempotencyKey: `e2e-${key}-${phone}-${Date.now()}`,
      deliveryType: 'PICKUP',
      deliveryPickupPointId: point.id,
      name: 'Зимина Анна',
      email: `${mailbox}.${phone}@example.ru`,
      phone,
    });
    return { id: saved.id, pointId: point.id };
  }
  throw new Error('no size of the demo catalogue is for sale online');
}
