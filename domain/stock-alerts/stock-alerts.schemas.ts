import { z } from 'zod';
import { line, positiveInt } from '../input';

/** `POST /api/v2/catalog/stock/subscribe/` `{offerId, email?}`: a guest names an email, a logged-in shopper may not. */
export const stockSubscribeInput = z.object({
  offerId: positiveInt('Выберите размер.', 'Такого размера нет.'),
  email: line({ error: 'Проверьте адрес электронной почты: в нём ошибка.' })
    .max(254, 'Слишком длинный адрес электронной почты.')
    .pipe(z.union([z.literal(''), z.email('Проверьте адрес электронной почты: в нём ошибка.')]))
    .optional(),
});

export type StockSubscribeInput = z.infer<typeof stockSubscribeInput>;

/** `?productId=` of the shopper's subscriptions on a product page; none: the cabinet's whole list. */
export const stockSubscriptionsQuery = z.object({
  productId: positiveInt('Не указан товар.', 'Такого товара нет.').optional(),
});

/** `{id}` of the subscription the shopper removes. */
export const stockUnsubscribeInput = z.object({
  id: positiveInt('Подписка не найдена.', 'Подписка не найдена.'),
});
