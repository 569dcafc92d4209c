import { z } from 'zod';
import { line, lines, positiveInt } from '../input';

/** An empty query parameter or form field is no filter. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** Who the list shows: accounts or guests (issue 47.2); both when not chosen. */
export const CUSTOMER_KINDS = {
  accounts: 'с учётной записью',
  guests: 'гости (без учётной записи)',
} as const;
export type CustomerKind = keyof typeof CUSTOMER_KINDS;

/** The customers' list from the URL (the page's and the API's query alike). */
export const customerSearchInput = z.object({
  q: optional(line().max(100, 'Поиск — до 100 символов.')),
  who: optional(
    z.enum(Object.keys(CUSTOMER_KINDS) as [CustomerKind, ...CustomerKind[]], {
      error: 'Покажите всех, только учётные записи или только гостей.',
    }),
  ),
  page: optional(positiveInt('Укажите страницу.', 'Страница — целое число.', 100_000)),
});

const reason = (what: string) =>
  optional(lines({ error: `Укажите причину ${what}.` }).max(500, 'Причина — до 500 символов.'));

/** Block (`blocked: true`, a reason required) or unblock; a form sends `"true"`/`"false"`. */
export const customerBlockInput = z.object({
  blocked: z.preprocess(
    (v) => (v === 'true' || v === 'Y' || v === '1' ? true : v === 'false' || v === 'N' || v === '0' ? false : v),
    z.boolean({ error: 'Укажите, заблокировать (true) или разблокировать (false) покупателя.' }),
  ),
  reason: reason('блокировки'),
});

/** Signed roubles as typed («-150», «+1 234,50») or sent as a number → kopecks, never zero. */
const signedRoubles = z
  .union([z.number(), z.string()], { error: 'Укажите сумму в рублях: со знаком минус, чтобы списать.' })
  .transform((value, check) => {
    const text = String(value)
      .replace(/[\s\u00a0]/g, '')
      .replace(',', '.')
      .replace(/^[−–]/, '-');
    if (!/^[+-]?\d{1,7}(\.\d{1,2})?$/.test(text)) {
      check.addIssue({ code: 'custom', message: 'Сумма — число рублей, например 500 или -150,50.' });
      return z.NEVER;
    }
    const kopecks = Math.round(Number(text) * 100);
    if (kopecks === 0) {
      check.addIssue({ code: 'custom', message: 'Сумма корректировки не может быть нулевой.' });
      return z.NEVER;
    }
    return kopecks;
  });

export const customerBonusInput = z.object({
  amount: signedRoubles,
  reason: lines({ error: 'Укажите причину корректировки.' })
    .min(1, 'Укажите причину корректировки.')
    .max(500, 'Причина — до 500 символов.'),
});

/** The customer's id from the path: a number, or the same «not found» as a customer that does not exist. */
export const isCustomerId = (value: string | undefined): value is string => !!value && /^\d{1,9}$/.test(value);
