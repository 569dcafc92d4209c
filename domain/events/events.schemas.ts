import { z } from 'zod';

/**
 * Latin words of letters, digits, `_ . : -`, separated by single spaces: the spec's goal names have spaces
 * («order confirm»). Control characters, NUL and markup are refused.
 */
const NAME = /^[\w.:-]+(?: [\w.:-]+)*$/;

/** The most an event's params may take, in bytes of UTF-8: goals carry a few ids and names. */
export const MAX_PARAMS_BYTES = 1024;
const utf8 = new TextEncoder();

/** Spec §7 `/api/v2/event/set/`: an event name pair and free-form params (a JSON string or an object). */
export const eventInput = z.object({
  method: z.literal('event.set', { error: 'Неизвестный метод: ожидается event.set.' }),
  event1: z
    .string({ error: 'Укажите событие: event1.' })
    .trim()
    .min(1, 'Укажите событие: event1.')
    .max(64, 'Слишком длинное название события.')
    .regex(NAME, 'Название события: латинские буквы, цифры, пробел, точка, двоеточие, дефис или подчёркивание.'),
  event2: z
    .string({ error: 'Неверное уточнение события: event2.' })
    .trim()
    .max(64, 'Слишком длинное уточнение события.')
    .regex(NAME, 'Уточнение события: латинские буквы, цифры, пробел, точка, двоеточие, дефис или подчёркивание.')
    .or(z.literal(''))
    .optional(),
  params: z
    .union([z.string(), z.record(z.string(), z.unknown())], { error: 'Параметры события: строка JSON или объект.' })
    .transform((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
    .pipe(
      z
        .string()
        .refine((v) => utf8.encode(v).length <= MAX_PARAMS_BYTES, 'Слишком много параметров события: не больше 1 КБ.')
        // The database cannot store the NUL character in text; inside a JSON object it arrives escaped as \u0000.
        .refine((v) => !v.includes('\u0000'), 'Параметры события содержат недопустимый нулевой символ (\\0).'),
    )
    .optional(),
});

export type EventInput = z.infer<typeof eventInput>;
