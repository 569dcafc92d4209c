import { z } from 'zod';
import { line, lines, positiveInt } from '../input';
import { ORDER_TRANSITIONS, type OrderStatus } from './process';
import type { DeskQueue } from './desk';
import { isDeskQueue } from './queues';

const STATUSES = Object.keys(ORDER_TRANSITIONS) as [OrderStatus, ...OrderStatus[]];
const DELIVERY_TYPES = ['COURIER', 'PICKUP', 'POCHTA', 'SHOP'] as const;

/** An empty query parameter or form field is no filter. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата — в виде ГГГГ-ММ-ДД.');

/** The desk's filter from the URL (the page's and the API's query alike). */
export const deskFilterInput = z.object({
  queue: optional(z.custom<DeskQueue>(isDeskQueue, { error: 'Нет такой очереди заказов.' })),
  status: optional(z.enum(STATUSES, { error: 'Нет такого статуса заказа.' })),
  deliveryType: optional(z.enum(DELIVERY_TYPES, { error: 'Нет такого способа получения.' })),
  shopId: optional(positiveInt('Выберите магазин.', 'Магазин — номер из списка.')),
  pointId: optional(positiveInt('Выберите пункт выдачи.', 'Пункт выдачи — номер из списка.')),
  q: optional(line().max(100, 'Поиск — до 100 символов.')),
  from: optional(day),
  to: optional(day),
  sort: optional(z.enum(['new', 'old', 'total'], { error: 'Нет такой сортировки.' })),
  page: optional(positiveInt('Укажите страницу.', 'Страница — целое число.', 100_000)),
});

export const moveInput = z.object({
  to: z.enum(STATUSES, { error: 'Укажите, в какой статус перевести заказ.' }),
  reason: optional(lines().max(500, 'Причина — до 500 символов.')),
  trackingNumber: optional(line().max(40, 'Трек-номер — до 40 символов.')),
});

export const noteInput = z.object({
  text: lines({ error: 'Напишите текст заметки.' }).max(2000, 'Заметка — до 2000 символов.'),
});

/** A hand-over without the pickup code: why, as the log keeps it. */
export const handoverWithoutCodeInput = z.object({
  reason: lines({ error: 'Укажите, почему заказ выдаётся без кода.' }).max(500, 'Причина — до 500 символов.'),
});

export const handoverInput = z.object({
  code: z
    .string({ error: 'Введите код получения.' })
    .trim()
    .regex(/^\d{6}$/, 'Код получения — шесть цифр.'),
});

export const buyoutInput = z.object({
  keptLineIds: z.array(positiveInt('Укажите строку заказа.', 'Строка заказа — номер.'), {
    error: 'Отметьте, что покупатель оставил.',
  }),
});

/** Roubles as typed («1 234,50», «1234.5») or sent as a number → kopecks; anything else is refused in Russian. */
const roubles = z
  .union([z.number(), z.string()], { error: 'Укажите сумму возврата в рублях.' })
  .transform((value, check) => {
    const text = String(value)
      .replace(/[\s\u00a0]/g, '')
      .replace(',', '.');
    if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) {
      check.addIssue({ code: 'custom', message: 'Сумма возврата — число рублей, например 1500 или 1500,50.' });
      return z.NEVER;
    }
    return Math.round(Number(text) * 100);
  });

export const refundInput = z.object({
  amount: roubles,
  reason: lines({ error: 'Укажите причину возврата.' })
    .min(1, 'Укажите причину возврата.')
    .max(500, 'Причина — до 500 символов.'),
  lineIds: optional(
    z.array(positiveInt('Укажите строку заказа.', 'Строка заказа — номер.'), { error: 'Строки заказа — списком.' }),
  ),
});
