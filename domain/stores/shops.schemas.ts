import { z } from 'zod';
import { line, positiveInt } from '../input';

/** `/api/v2/shop/list/`: `city` (its id or code) narrows the list to one city. */
export const shopListInput = z.object({
  city: line()
    .max(60, 'В этом городе нет наших магазинов.')
    .optional()
    .transform((v) => v || undefined),
});

/** Spec §7 `sale.reserve.data`: where one size can be reserved. */
export const reserveDataInput = z.object({
  offerId: positiveInt('Выберите размер.', 'Нет такого размера.'),
});
