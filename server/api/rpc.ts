import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { Hono, type MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { RPC_PATH, type RpcAnswers, type RpcMethod } from '../../contract/api';
import { basketToJson, orderPageToJson } from '../../contract/basket-json';
import { readProfileCookies } from '../../contract/profile-cookies';
import { lineInput, quantityInput, sizeInput } from '../../domain/basket/basket.schemas';
import { DomainError } from '../../domain/errors';
import { enforce } from '../../domain/limits/limits';
import {
  orderParamsInput,
  promocodeInput,
  reserveSaveInput,
  saveInput,
  savedAddressOf,
  setAddressInput,
} from '../../domain/order/order.schemas';
import type { Services } from '../../domain/services';
import { reserveDataInput } from '../../domain/stores/shops.schemas';
import { answer } from '../http/api-layer';
import { parseInput, readBody } from '../http/body';
import type { AppEnv } from '../http/env';
import { methodNotAllowed } from '../http/errors';

type Method<M extends RpcMethod> = (c: Context<AppEnv>) => Promise<RpcAnswers[M]>;

/**
 * `POST /api/`: the order page's `method` dispatch (spec §7), one entry per method. Answers the method's object,
 * or `{error: {msg, code}}` with a 4xx (the RPC dialect). Every call passes `writes` (`guardWrites`).
 */
export function rpcApi(services: Services, writes: MiddlewareHandler<AppEnv>) {
  const { basket } = services;
  const withInput =
    <S extends z.ZodType, M extends RpcMethod>(
      schema: S,
      run: (c: Context<AppEnv>, input: z.infer<S>) => Promise<RpcAnswers[M]>,
    ): Method<M> =>
    async (c) =>
      run(c, await parseInput(c, schema));

  const methods: { [M in RpcMethod]: Method<M> } = {
    'sale.order.basket.delete': withInput(lineInput, async (c, { id }) => ({
      basket: basketToJson(await basket.deleteLine(c.get('ctx'), id)),
    })),
    'sale.order.basket.toWishlist': withInput(lineInput, async (c, { id }) => ({
      basket: basketToJson(await basket.lineToWishlist(c.get('ctx'), id)),
    })),
    'sale.order.basket.setQuantity': withInput(quantityInput, async (c, { id, quantity }) => ({
      basket: basketToJson(await basket.setQuantity(c.get('ctx'), id, quantity)),
    })),
    'sale.order.basket.setSize': withInput(sizeInput, async (c, { id, offerId }) => ({
      basket: basketToJson(await basket.setSize(c.get('ctx'), id, offerId)),
    })),
    'sale.order.delivery.setAddress': withInput(setAddressInput, async (c, input) =>
      orderPageToJson(
        await services.checkout.setAddress(c.get('ctx'), { ...input, ...orderCookies(c) }, savedAddressOf(input)),
      ),
    ),
    'sale.order.setPromocode': withInput(promocodeInput, async (c, { promocode }) => {
      // Counted per client address before the code is looked at: new sessions do not buy more guesses.
      await enforce(services.limits, [c.get('ctx').client, services.limitRules.promoTriesPerClient]);
      return services.checkout.setPromocode(c.get('ctx'), promocode);
    }),
    'sale.order.resetPromocode': withInput(promocodeInput, (c, { promocode }) =>
      services.checkout.resetPromocode(c.get('ctx'), promocode),
    ),
    'sale.order.save': withInput(saveInput, (c, input) => services.checkout.save(c.get('ctx'), input)),
    'sale.reserve.data': withInput(reserveDataInput, (c, { offerId }) =>
      services.shops.reserveData(c.get('ctx'), offerId),
    ),
    'sale.reserve.save': withInput(reserveSaveInput, (c, input) => services.checkout.reserve(c.get('ctx'), input)),
    'sale.order.data': withInput(orderParamsInput, async (c, params) =>
      orderPageToJson(await services.checkout.data(c.get('ctx'), { ...params, ...orderCookies(c) })),
    ),
    'sale.order.delivery.getIntervalData': withInput(orderParamsInput, async (c, params) =>
      orderPageToJson(await services.checkout.data(c.get('ctx'), { ...params, ...orderCookies(c) })),
    ),
    'sale.order.setDiscountCard': withInput(orderParamsInput, async (c, params) =>
      orderPageToJson(await services.checkout.setDiscountCard(c.get('ctx'), { ...params, ...orderCookies(c) })),
    ),
    'sale.order.resetDiscountCard': withInput(orderParamsInput, async (c, params) =>
      orderPageToJson(await services.checkout.resetDiscountCard(c.get('ctx'), { ...params, ...orderCookies(c) })),
    ),
  };

  const api = new Hono<AppEnv>();
  for (const path of [RPC_PATH, RPC_PATH.slice(0, -1)]) {
    api.post(path, writes, async (c) => {
      const name = (await readBody(c)).method;
      if (typeof name !== 'string' || !Object.hasOwn(methods, name)) {
        throw new DomainError('validation', 'Неизвестный метод', name ? 'METHOD_UNKNOWN' : 'METHOD_MISSING');
      }
      return answer(c, await methods[name as RpcMethod](c));
    });
    api.all(path, (c) => {
      c.header('allow', 'POST');
      throw methodNotAllowed(['POST']);
    });
  }
  return api;
}

/** Spec §3 cookies: the delivery date and slot the shopper chose last time, and a guest's contact. */
function orderCookies(c: Context<AppEnv>) {
  return {
    cookieInterval: {
      date: getCookie(c, 'order_delivery_interval_date'),
      time: getCookie(c, 'order_delivery_interval_time'),
    },
    profileCookies: readProfileCookies((name) => getCookie(c, name)),
  };
}
