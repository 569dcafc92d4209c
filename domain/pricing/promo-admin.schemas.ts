import { z } from 'zod';
import { MAX_INT4 } from '../input';

/** An empty form field or a JSON null is "not given". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** A number from a form field or JSON: digits with at most two after «.» or «,» (roubles and kopecks). */
const roubles = (wrong: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(/\s/g, '').replace(',', '.') : v),
    z
      .union([z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, wrong), z.number({ error: wrong })], { error: wrong })
      .transform(Number)
      .pipe(z.number({ error: wrong }).finite(wrong).min(0, wrong).max(10_000_000, wrong)),
  );

const wholeNumber = (wrong: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .union([z.string().regex(/^\d{1,9}$/, wrong), z.number({ error: wrong })], { error: wrong })
      .transform(Number)
      .pipe(z.number({ error: wrong }).int(wrong).min(1, wrong).max(MAX_INT4, wrong)),
  );

const moment = (wrong: string) =>
  z
    .string({ error: wrong })
    .trim()
    .refine((v) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)), wrong)
    .transform((v) => new Date(v));

const ids = (wrong: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(
        z.preprocess(
          (x) => (typeof x === 'string' && /^\d{1,9}$/.test(x.trim()) ? Number(x) : x),
          z.number({ error: wrong }).int(wrong).min(1, wrong).max(MAX_INT4, wrong),
        ),
        { error: wrong },
      )
      .max(200, wrong)
      .transform((list) => [...new Set(list)].sort((a, b) => a - b)),
  );

/** A code as the back office stores it: upper-cased, 3 to 32 of A–Z, 0–9, «_», «-». */
export const promoCodeText = z
  .string({ error: 'Укажите промокод.' })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(
    z
      .string()
      .min(1, 'Укажите промокод.')
      .regex(/^[A-Z0-9_-]{3,32}$/, 'Промокод — от 3 до 32 символов: латинские буквы, цифры, «_» и «-».'),
  );

/** Everything of a code but the code itself (the edit form); money in roubles. */
const promoFields = z
  .object({
    kind: z.enum(['percent', 'amount'], { error: 'Выберите вид скидки: процент или сумма.' }),
    value: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      roubles('Размер скидки — число больше нуля.').optional(),
    ),
    minTotal: optional(roubles('Минимальная сумма заказа — число от 0 рублей.')),
    startsAt: optional(moment('Дата начала — дата и время в виде ГГГГ-ММ-ДДTЧЧ:ММ.')),
    endsAt: optional(moment('Дата окончания — дата и время в виде ГГГГ-ММ-ДДTЧЧ:ММ.')),
    usesLimit: optional(wholeNumber('Лимит использований — целое число больше нуля или пусто.')),
    perCustomerLimit: optional(wholeNumber('Лимит на покупателя — целое число больше нуля или пусто.')),
    sectionIds: ids('Разделы — номера из списка.'),
    brandIds: ids('Бренды — номера из списка.'),
  })
  .superRefine((v, ctx) => {
    if (v.value === undefined) ctx.addIssue({ code: 'custom', path: ['value'], message: 'Укажите размер скидки.' });
    else if (v.kind === 'percent' && (!Number.isInteger(v.value) || v.value < 1 || v.value > 90))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Скидка в процентах — целое число от 1 до 90.' });
    else if (v.kind === 'amount' && v.value <= 0)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Скидка в рублях должна быть больше нуля.' });
    if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt)
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'Дата окончания должна быть позже даты начала.' });
  });

export const promoUpdateInput = promoFields;
export const promoCreateInput = z.intersection(z.object({ code: promoCodeText }), promoFields);

export type PromoUpdateInput = z.infer<typeof promoUpdateInput>;
export type PromoCreateInput = z.infer<typeof promoCreateInput>;

export const PROMO_STATES = ['active', 'scheduled', 'expired', 'exhausted', 'stopped'] as const;
export const promoListInput = z.object({
  state: optional(z.enum(PROMO_STATES, { error: 'Нет такого состояния промокода.' })),
});
