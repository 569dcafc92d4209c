import { z } from 'zod';
import { positiveInt } from '../../input';

const BAD_ID = 'Укажите номер товара — целое положительное число.';

/** A product id; ids are int4 in the database, so a bigger number is bad input, not a database error. */
export const productIdInput = z.object({ id: positiveInt(BAD_ID, BAD_ID) });

const id = positiveInt(BAD_ID, BAD_ID);

/**
 * Spec §7, the catalogue-element call the product page sends on each view: AJAX='Y', the site, PRODUCT_ID (the
 * chosen offer, or the product) and PARENT_ID (the product; empty or absent when PRODUCT_ID is the product).
 */
export function productViewInput(siteId: string) {
  return z.object({
    AJAX: z.literal('Y', { error: 'Запрос должен быть AJAX=Y.' }),
    SITE_ID: z.literal(siteId, { error: 'Неизвестный сайт.' }),
    PRODUCT_ID: id,
    PARENT_ID: z.union([z.literal('').transform(() => null), id]).optional(),
  });
}
