import type { Page } from 'playwright-core';
import type { BasketJson } from '../../../contract/basket-json';
import { baseURL } from './browser';

/** The online stock of an offer, as the basket reports it to a throwaway visitor. */
export async function onlineStock(offerId: number): Promise<number> {
  const state = await fetch(`${baseURL()}/api/v2/user/state/`);
  const cookie = (state.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const { sessid } = ((await state.json()) as { data: { sessid: string } }).data;
  const res = await fetch(`${baseURL()}/api/v2/sale/basket/add/`, {
    method: 'POST',
    headers: { cookie },
    body: new URLSearchParams({ sessid, offerId: String(offerId) }),
  });
  const body = (await res.json()) as { data?: { basket: { available: { maxQuantity: number }[] } } };
  return body.data?.basket.available[0]?.maxQuantity ?? 0;
}

/** Puts units of the offer in this browser's cart through the cart call, as the product page's button does. */
export function addToCart(page: Page, offerId: number, quantity = 1): Promise<BasketJson> {
  return page.evaluate(
    async ([offer, units]) => {
      const state = await (await fetch('/api/v2/user/state/')).json();
      const res = await fetch('/api/v2/sale/basket/add/', {
        method: 'POST',
        body: new URLSearchParams({ sessid: state.data.sessid, offerId: String(offer), quantity: String(units) }),
      });
      return (await res.json()).data.basket;
    },
    [offerId, quantity] as const,
  );
}
