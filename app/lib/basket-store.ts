/**
 * The browser's basket: one in-memory copy, cached in local storage for 900 s (spec §3) and kept in step across tabs
 * by the `storage` event. The server stays the source of truth: every answer of a change replaces the copy, and a
 * cache that disagrees with the page's server-rendered counts is replaced by a fresh `basket/state`.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { Basket } from '../../domain/basket/basket';
import { reachGoal, sendEvent } from './analytics';
import { withMetrica } from './metrica-gate';
import { API } from '../../contract/api';
import { type BasketJson, basketFromJson, basketToJson } from '../../contract/basket-json';
import { type ApiAnswer, postApi, postRpc, UNKNOWN_RESPONSE } from './api';
import { loadVisitor, useVisitor } from './visitor';
import { parseEntry, readEntry, storageKey, writeEntry } from './storage';
import type { BasketCounts } from '../../domain/basket/ports';

export const BASKET_KEY = 'basket';
/** Spec §3/§9: the basket cache value 900, in seconds like the default lifetime. */
export const BASKET_LIFETIME_S = 900;

export type BasketResult = { ok: true; basket: Basket } | { ok: false; message: string; code: string };

let current: Basket | null = null;
let started = false;
let loading: Promise<Basket | null> | null = null;
const listeners = new Set<() => void>();

function publish(basket: Basket): void {
  current = basket;
  for (const listener of listeners) listener();
}

/**
 * A basket the server answered: it becomes the copy of this tab and, through the cache (in the API's form, which
 * every tab of any version reads), of the other tabs.
 */
export function setBasket(basket: Basket): void {
  writeEntry(BASKET_KEY, basketToJson(basket), BASKET_LIFETIME_S);
  publish(basket);
}

export function getBasket(): Basket | null {
  return current;
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Asks the server for the basket; calls made while one is in flight share it. */
export function refreshBasket(): Promise<Basket | null> {
  loading ??= postApi('basketState', { method: 'sale.basket.state' })
    .then((answer) => {
      if (!answer.ok) return null;
      const basket = basketFromJson(answer.data.basket);
      setBasket(basket);
      return basket;
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

function onStorage(event: StorageEvent): void {
  if (event.key !== storageKey(BASKET_KEY)) return;
  const basket = parseEntry<BasketJson>(event.newValue);
  if (basket) publish(basketFromJson(basket));
}

/**
 * Once per page: listens to the other tabs, then, once the visitor's counts are known, takes the cached basket
 * while it is fresh and agrees with them, or else loads it (an empty basket needs no call).
 */
export function startBasket(): void {
  if (started) return;
  started = true;
  window.addEventListener('storage', onStorage);
  void loadVisitor().then((visitor) => {
    // A page loader or a change may have set the basket while the counts were on their way.
    if (current || !visitor) return;
    const counts = visitor.basket;
    const cached = readEntry<BasketJson>(BASKET_KEY);
    if (cached && cached.availableCount === counts.availableCount && cached.delayCount === counts.delayCount) {
      publish(basketFromJson(cached));
    } else if (counts.availableCount > 0 || counts.delayCount > 0) {
      void refreshBasket();
    }
  });
}

function changed(basket: Basket): void {
  setBasket(basket);
  sendEvent('basket', 'update', { availableCount: basket.availableCount, delayCount: basket.delayCount });
}

/** A basket change by an `/api/v2` call or a `POST /api/` method: its answered basket becomes the copy. */
async function change(answer: Promise<ApiAnswer<{ basket: BasketJson }>>): Promise<BasketResult> {
  const result = await answer;
  if (!result.ok) return result;
  const basket = basketFromJson(result.data.basket);
  changed(basket);
  return { ok: true, basket };
}

export async function addToBasket(offerId: number): Promise<BasketResult> {
  const result = await change(postApi('basketAdd', { offerId }));
  if (result.ok) {
    reachGoal('add_to_cart', { offerId });
    const line = result.basket.available.find((l) => l.offer.id === offerId);
    if (line) withMetrica((m) => m.metricaBasket('add', { ...line, quantity: 1 }));
  }
  // Spec §8: an answer without a status becomes this error.
  else if (result.message === UNKNOWN_RESPONSE)
    return { ok: false, message: `Error response ${API.basketAdd}`, code: '0' };
  return result;
}

export function addToWishlist(offerId: number): Promise<BasketResult> {
  return change(postApi('wishlistAdd', { offerId }));
}

export function removeFromWishlist(offerId: number): Promise<BasketResult> {
  return change(postApi('wishlistDelete', { offerId }));
}

export async function deleteLine(lineId: number, offerId: number): Promise<BasketResult> {
  // The line as it was: the answered basket has it no more.
  const line = current?.available.find((l) => l.id === lineId);
  const result = await change(postRpc('sale.order.basket.delete', { id: lineId }));
  if (result.ok) {
    reachGoal('delete_from_cart', { offerId });
    sendEvent('cart', 'delete', { offerId });
    if (line) withMetrica((m) => m.metricaBasket('remove', line));
  }
  return result;
}

export function lineToWishlist(lineId: number): Promise<BasketResult> {
  return change(postRpc('sale.order.basket.toWishlist', { id: lineId }));
}

export function setLineQuantity(lineId: number, quantity: number): Promise<BasketResult> {
  return change(postRpc('sale.order.basket.setQuantity', { id: lineId, quantity }));
}

/** The live basket, or null until it is known (always null while rendering on the server and hydrating). */
export function useBasket(): Basket | null {
  return useSyncExternalStore(subscribe, getBasket, () => null);
}

const NO_COUNTS: BasketCounts = { availableCount: 0, delayCount: 0 };

/** Header counts: the live basket's, else the visitor state's, else none yet (as on the server). */
export function useBasketCounts(): BasketCounts {
  const basket = useBasket();
  const visitor = useVisitor();
  useEffect(startBasket, []);
  if (basket) return { availableCount: basket.availableCount, delayCount: basket.delayCount };
  return visitor?.basket ?? NO_COUNTS;
}

/** A page that loaded the basket on the server: its copy becomes the live one, which then follows every change. */
export function useLiveBasket(fromLoader: Basket): Basket {
  useEffect(() => setBasket(fromLoader), [fromLoader]);
  return useBasket() ?? fromLoader;
}
