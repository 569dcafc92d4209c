import type { Context } from 'hono';
import { Hono } from 'hono';
import type { BasketOwner } from '../../../domain/basket/basket.service';
import { addInput, offerInput, stateInput } from '../../../domain/basket/basket.schemas';
import type { Services } from '../../../domain/services';
import { parseInput } from '../../http/body';
import type { AppEnv } from '../../http/env';
import { ok } from '../../http/envelope';

/** The basket's owner for this request; the user id joins when login exists. */
export function basketOwner(c: Context<AppEnv>): BasketOwner {
  return { sessionId: c.get('session').id, userId: null };
}

/** `/api/v2/sale/*`: the cart and the wishlist (spec §7). Each answer is the whole basket. */
export function saleApi(services: Services) {
  const api = new Hono<AppEnv>();
  const { basket } = services;
  api.post('/basket/state/', async (c) => {
    await parseInput(c, stateInput);
    return ok(c, { basket: await basket.state(basketOwner(c)) });
  });
  api.post('/basket/add/', async (c) => {
    // Only the offer and a quantity are read: a price sent along is never used.
    const { offerId, quantity } = await parseInput(c, addInput);
    return ok(c, { basket: await basket.add(basketOwner(c), offerId, quantity) });
  });
  api.post('/wishlist/add/', async (c) => {
    const { offerId } = await parseInput(c, offerInput);
    return ok(c, { basket: await basket.addToWishlist(basketOwner(c), offerId) });
  });
  api.post('/wishlist/delete/', async (c) => {
    const { offerId } = await parseInput(c, offerInput);
    return ok(c, { basket: await basket.removeFromWishlist(basketOwner(c), offerId) });
  });
  return api;
}
