import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { lineInput, quantityInput } from '../../domain/basket/basket.schemas';
import { DomainError } from '../../domain/errors';
import type { Services } from '../../domain/services';
import { parseInput, readBody } from '../http/body';
import type { AppEnv } from '../http/env';
import { STATUS_BY_KIND } from '../http/envelope';
import { HttpError } from '../http/errors';
import { validSessid } from '../http/session';
import { basketOwner } from './v2/sale';

type Method = (c: Context<AppEnv>) => Promise<Record<string, unknown>>;

/**
 * `POST /api/`: the order page's `method` dispatch (spec §7). Answers the response object, or
 * `{error: {msg, code}}` with a 4xx. The order methods themselves join this table in a later issue.
 */
export function rpcHandler(services: Services) {
  const { basket } = services;
  const withInput =
    <S extends z.ZodType>(
      schema: S,
      run: (c: Context<AppEnv>, input: z.infer<S>) => Promise<Record<string, unknown>>,
    ): Method =>
    async (c) =>
      run(c, await parseInput(c, schema));

  const methods: Record<string, Method> = {
    'sale.order.basket.delete': withInput(lineInput, async (c, { id }) => ({
      basket: await basket.deleteLine(basketOwner(c), id),
    })),
    'sale.order.basket.toWishlist': withInput(lineInput, async (c, { id }) => ({
      basket: await basket.lineToWishlist(basketOwner(c), id),
    })),
    'sale.order.basket.setQuantity': withInput(quantityInput, async (c, { id, quantity }) => ({
      basket: await basket.setQuantity(basketOwner(c), id, quantity),
    })),
  };

  const error = (c: Context, status: ContentfulStatusCode, msg: string, code: string) =>
    c.json({ error: { msg, code } }, status);

  return async (c: Context<AppEnv>) => {
    try {
      const body = await readBody(c);
      if (!validSessid(c.get('session'), body.sessid ?? c.req.header('x-sessid'))) {
        return error(c, 403, 'Сессия устарела. Обновите страницу и повторите действие.', 'SESSID_INVALID');
      }
      const name = typeof body.method === 'string' ? body.method : '';
      const method = Object.hasOwn(methods, name) ? methods[name] : undefined;
      if (!method) return error(c, 400, 'Неизвестный метод', name ? 'METHOD_UNKNOWN' : 'METHOD_MISSING');
      return c.json(await method(c));
    } catch (e) {
      if (e instanceof DomainError) return error(c, STATUS_BY_KIND[e.kind], e.message, e.code);
      if (e instanceof HttpError) return error(c, e.status, e.message, e.code);
      throw e;
    }
  };
}
