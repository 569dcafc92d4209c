import { Hono } from 'hono';
import { z } from 'zod';
import { positiveInt } from '../../domain/input';
import type { Services } from '../../domain/services';
import { parseInput, readBody } from '../http/body';
import type { AppEnv } from '../http/env';
import { errorResponse, fail, ok } from '../http/envelope';
import { validSessid } from '../http/session';

const BAD_PRODUCT = 'Укажите номер товара — целое положительное число.';
const id = positiveInt(BAD_PRODUCT, BAD_PRODUCT);

/**
 * Spec §7, the catalogue-element call the product page sends on each view (AJAX='Y', SITE_ID, PRODUCT_ID as an
 * offer or product id, PARENT_ID as the product id). It counts the view for popularity, so it needs the sessid.
 * Mounted at the platform's path: `/bitrix/components/bitrix/catalog.element/ajax.php`.
 */
export function catalogElementApi(services: Services, siteId: string) {
  const input = z.object({
    AJAX: z.literal('Y', { error: 'Запрос должен быть AJAX=Y.' }),
    SITE_ID: z.literal(siteId, { error: 'Неизвестный сайт.' }),
    PRODUCT_ID: id,
    PARENT_ID: z.union([z.literal('').transform(() => null), id]).optional(),
  });
  const api = new Hono<AppEnv>();
  api.post('/ajax.php', async (c) => {
    const body = await readBody(c);
    if (!validSessid(c.get('session'), body.sessid ?? c.req.header('x-sessid'))) {
      return fail(c, 403, [
        { message: 'Сессия устарела. Обновите страницу и повторите действие.', code: 'SESSID_INVALID' },
      ]);
    }
    const { PRODUCT_ID, PARENT_ID } = await parseInput(c, input);
    const result = await services.product.recordView({
      sessionId: c.get('session').id,
      productId: PRODUCT_ID,
      parentId: PARENT_ID ?? null,
    });
    return ok(c, result);
  });
  api.all('*', (c) =>
    fail(c, 405, [{ message: 'Этот адрес принимает только POST ajax.php.', code: 'METHOD_NOT_ALLOWED' }]),
  );
  api.onError((error, c) => {
    const known = errorResponse(c, error);
    if (known) return known;
    throw error;
  });
  return api;
}
