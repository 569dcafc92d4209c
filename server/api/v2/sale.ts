import { Hono } from 'hono';
import { basketToJson } from '../../../contract/basket-json';
import { addInput, offerInput, stateInput } from '../../../domain/basket/basket.schemas';
import { cancelInput, pickupByAddressInput, shopGetInput } from '../../../domain/order/order.schemas';
import type { Services } from '../../../domain/services';
import { reserveDataInput } from '../../../domain/stores/shops.schemas';
import { parseInput } from '../../http/body';
import type { AppEnv } from '../../http/env';
import { route } from '../route';

/** `/api/v2/sale/*`: the cart and the wishlist (spec §7). Each answer is the whole basket. */
export function saleApi(services: Services) {
  const api = new Hono<AppEnv>();
  const { basket } = services;
  route(api, 'basketState', ['POST'], async (c) => {
    await parseInput(c, stateInput);
    return { basket: basketToJson(await basket.state(c.get('ctx'))) };
  });
  route(api, 'basketAdd', ['POST'], async (c) => {
    // Only the offer and a quantity are read: a price sent along is never used.
    const { offerId, quantity } = await parseInput(c, addInput);
    return { basket: basketToJson(await basket.add(c.get('ctx'), offerId, quantity)) };
  });
  route(api, 'wishlistAdd', ['POST'], async (c) => {
    const { offerId } = await parseInput(c, offerInput);
    return { basket: basketToJson(await basket.addToWishlist(c.get('ctx'), offerId)) };
  });
  route(api, 'wishlistDelete', ['POST'], async (c) => {
    const { offerId } = await parseInput(c, offerInput);
    return { basket: basketToJson(await basket.removeFromWishlist(c.get('ctx'), offerId)) };
  });
  // The order page's delivery helpers (spec §7).
  route(api, 'pickupPointByAddress', ['GET', 'POST'], async (c) => {
    const { address } = await parseInput(c, pickupByAddressInput);
    return { point: await services.checkout.pickupPointFor(c.get('ctx'), address) };
  });
  route(api, 'shopGet', ['GET', 'POST'], async (c) => {
    const { id } = await parseInput(c, shopGetInput);
    return { shop: await services.checkout.shop(id) };
  });
  route(api, 'reserveData', ['POST'], async (c) => {
    const { offerId } = await parseInput(c, reserveDataInput);
    return services.shops.reserveData(c.get('ctx'), offerId);
  });
  route(api, 'orderCancel', ['POST'], async (c) => {
    const { id, token } = await parseInput(c, cancelInput);
    return { order: await services.orders.cancel(c.get('ctx'), id, token) };
  });
  return api;
}
