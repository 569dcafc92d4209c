import { z } from 'zod';
import { positiveInt } from '../input';
import { MAX_LINE_QUANTITY } from './order-edit';

const lineId = positiveInt('Укажите строку заказа.', 'Строка заказа — номер из списка.');
const offerId = positiveInt('Выберите размер.', 'Размер — номер из списка.');
const quantity = positiveInt(
  'Укажите количество.',
  `Количество — целое число от 1 до ${MAX_LINE_QUANTITY}.`,
  MAX_LINE_QUANTITY,
);

/** One change of an order's lines from the desk (issue 47.6). */
export const lineEditInput = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('quantity'), lineId, quantity }),
    z.object({ action: z.literal('size'), lineId, offerId }),
    z.object({ action: z.literal('remove'), lineId }),
    z.object({ action: z.literal('add'), offerId, quantity }),
  ],
  { error: 'Укажите, что изменить: количество, размер, удалить или добавить строку.' },
);
