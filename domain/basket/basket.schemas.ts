import { z } from 'zod';

/** Largest value an integer column holds: bigger ids cannot exist, so they are bad input, not a database error. */
const MAX_ID = 2_147_483_647;
export const MAX_LINE_QUANTITY = 99;

/** A positive whole number from a form field or JSON, with one Russian message for every way it can be wrong. */
function positiveInt(missing: string, wrong: string, max = MAX_ID) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .union([z.string(), z.number()], { error: (issue) => (issue.input === undefined ? missing : wrong) })
      .refine((v) => v !== '', missing)
      .transform(Number)
      .pipe(z.number({ error: wrong }).int(wrong).min(1, wrong).max(max, wrong)),
  );
}

const offerId = positiveInt('Не выбран товар: укажите offerId.', 'Неверный товар: offerId должен быть целым положительным числом.');

export const offerInput = z.object({ offerId });

export const addInput = z.object({
  offerId,
  quantity: positiveInt('Укажите количество.', `Количество — целое число от 1 до ${MAX_LINE_QUANTITY}.`, MAX_LINE_QUANTITY).optional(),
});

export const stateInput = z.object({
  method: z.literal('sale.basket.state', { error: 'Неизвестный метод: ожидается sale.basket.state.' }).optional(),
});

const lineId = positiveInt('Не указана строка корзины: передайте id.', 'Неверная строка корзины: id должен быть целым положительным числом.');

export const lineInput = z.object({ id: lineId });

export const quantityInput = z.object({
  id: lineId,
  quantity: positiveInt('Укажите количество.', `Количество — целое число от 1 до ${MAX_LINE_QUANTITY}.`, MAX_LINE_QUANTITY),
});
