import { z } from 'zod';
import { line, positiveInt } from '../input';
import { MAX_LINE_QUANTITY } from './order-edit';

const lineId = positiveInt('Укажите строку заказа.', 'Строка заказа — номер из списка.');
const offerId = positiveInt('Выберите размер.', 'Размер — номер из списка.');
const quantity = positiveInt(
  'Укажите количество.',
  `Количество — целое число от 1 до ${MAX_LINE_QUANTITY}.`,
  MAX_LINE_QUANTITY,
);

const promoCode = line({ error: 'Введите промокод.' })
  .min(1, 'Введите промокод.')
  .max(40, 'Промокод — до 40 символов.');

/** An empty form field is no change. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** One change of a placed order from the desk (issue 47.6): its lines or its delivery. */
export const orderChangeInput = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('quantity'), lineId, quantity }),
    z.object({ action: z.literal('size'), lineId, offerId }),
    z.object({ action: z.literal('remove'), lineId }),
    z.object({ action: z.literal('add'), offerId, quantity }),
    z.object({ action: z.literal('promo-add'), code: promoCode }),
    z.object({ action: z.literal('promo-remove'), code: promoCode }),
    z.object({
      action: z.literal('delivery'),
      address: optional(line().min(5, 'Адрес — не короче 5 символов.').max(300, 'Адрес — до 300 символов.')),
      date: optional(z.string().regex(/^\d{2}\.\d{2}\.\d{4}$/, 'Дата доставки — в виде ДД.ММ.ГГГГ.')),
      time: optional(z.string().regex(/^\d{2}:\d{2}-\d{2}:\d{2}$/, 'Время доставки — интервал из списка.')),
      shopId: optional(positiveInt('Выберите магазин.', 'Магазин — номер из списка.')),
      pointId: optional(positiveInt('Выберите пункт выдачи.', 'Пункт выдачи — номер из списка.')),
    }),
  ],
  { error: 'Укажите, что изменить: количество, размер, строку, промокод или доставку.' },
);
