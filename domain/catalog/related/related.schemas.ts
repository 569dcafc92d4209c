import { z } from 'zod';
import { MAX_BASKET_LINES } from '../../basket/basket';
import { positiveInt } from '../../input';
import { sizeKey } from './similar';

const BAD_PRODUCT = 'Укажите номер товара (productId) — целое положительное число.';
const BAD_SIZE = 'Размер указан неверно: нужен код размера, например 48 или m.';
const BAD_IDS =
  'Укажите номера товаров через запятую — целые положительные числа, не больше 24 (в exclude — не больше 100).';

/** At most this many products' cards in one call. */
export const MAX_CARD_IDS = 24;

/** `GET …/product/related/?productId=&size=`. */
export const relatedInput = z.object({
  productId: positiveInt(BAD_PRODUCT, BAD_PRODUCT),
  size: z
    .string({ error: BAD_SIZE })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return null;
      const key = sizeKey(v);
      if (key == null) {
        ctx.addIssue({ code: 'custom', message: BAD_SIZE });
        return z.NEVER;
      }
      return key;
    }),
});

/** Product ids written `1,2,3`: none, or up to `max` positive whole numbers. */
function idList(required: boolean, max = MAX_CARD_IDS) {
  return z.string({ error: BAD_IDS }).transform((raw, ctx) => {
    const parts = raw
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '');
    const ids = parts.map((p) => (/^\d{1,10}$/.test(p) ? Number(p) : Number.NaN));
    if (
      (required && ids.length === 0) ||
      ids.length > max ||
      ids.some((id) => !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)
    ) {
      ctx.addIssue({ code: 'custom', message: BAD_IDS });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });
}

/** `GET …/products/cards/?ids=`. */
export const cardsInput = z.object({ ids: idList(true) });

/** `GET …/products/additions/?exclude=`. */
export const additionsInput = z.object({
  exclude: idList(false, MAX_BASKET_LINES)
    .optional()
    .transform((v) => v ?? []),
});
