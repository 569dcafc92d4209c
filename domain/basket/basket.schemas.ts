import { z } from 'zod';
import { positiveInt } from '../input';
import { MAX_LINE_QUANTITY } from './basket';

const offerId = positiveInt(
  'Не выбран товар: укажите offerId.',
  'Неверный товар: offerId должен быть целым положительным числом.',
);

export const offerInput = z.object({ offerId });

export const addInput = z.object({
  offerId,
  quantity: positiveInt(
    'Укажите количество.',
    `Количество — целое число от 1 до ${MAX_LINE_QUANTITY}.`,
    MAX_LINE_QUANTITY,
  ).optional(),
});

export const stateInput = z.object({
  method: z.literal('sale.basket.state', { error: 'Неизвестный метод: ожидается sale.basket.state.' }).optional(),
});

const lineId = positiveInt(
  'Не указана строка корзины: передайте id.',
  'Неверная строка корзины: id должен быть целым положительным числом.',
);

export const lineInput = z.object({ id: lineId });

export const quantityInput = z.object({
  id: lineId,
  quantity: positiveInt(
    'Укажите количество.',
    `Количество — целое число от 1 до ${MAX_LINE_QUANTITY}.`,
    MAX_LINE_QUANTITY,
  ),
});

export const sizeInput = z.object({
  id: lineId,
  offerId: positiveInt('Выберите размер.', 'Такого размера нет.'),
});
