import { z } from 'zod';
import { line, lines } from '../input';
import { normalizePhone } from '../auth/phone';
import { TOPICS, type Topic } from './topics';

/** A form filled faster than this was filled by a program (spec: spam refused with a clear message). */
export const MIN_FILL_MS = 3_000;

const text = (missing: string, max: number, tooLong: string) =>
  line({ error: missing }).min(1, missing).max(max, tooLong);

/**
 * The feedback form (`POST /api/v2/feedback/add/` and the page's own form): name, an email or a phone (at least one),
 * a topic, an optional order number, the message, the consent; `website` is the honeypot a person never sees, and
 * `startToken` the server's signed time the form was given out (start-token.ts), for the minimum fill time.
 */
export const feedbackInput = z
  .object({
    name: text('Как к вам обращаться?', 100, 'Имя — не длиннее 100 символов.'),
    email: line()
      .max(254, 'Слишком длинный адрес электронной почты.')
      .refine((v) => v === '' || z.email().safeParse(v).success, 'Проверьте адрес электронной почты: в нём ошибка.')
      .optional()
      .default(''),
    phone: line()
      .max(40, 'Проверьте телефон.')
      .refine((v) => v === '' || normalizePhone(v) !== null, 'Телефон — 11 цифр, например +7 900 123-45-67.')
      .optional()
      .default(''),
    topic: z.enum(Object.keys(TOPICS) as [Topic, ...Topic[]], { error: 'Выберите тему вопроса.' }),
    orderNumber: line()
      .regex(/^(\d{6,9})?$/, 'Номер заказа — цифры из письма, например 100123.')
      .optional()
      .default(''),
    message: lines({ error: 'Напишите ваш вопрос.' })
      .min(1, 'Напишите ваш вопрос.')
      .max(3000, 'Вопрос — не длиннее 3000 символов.')
      .refine((v) => v.length >= 10, 'Опишите вопрос подробнее: хотя бы 10 символов.'),
    agree: z.literal('Y', { error: 'Нужно согласие на обработку персональных данных.' }),
    website: z.string().optional().default(''),
    startToken: z.string().max(200).optional(),
  })
  .refine((v) => v.email !== '' || v.phone !== '', {
    message: 'Укажите email или телефон: туда придёт ответ.',
    path: ['email'],
  });

export type FeedbackInput = z.infer<typeof feedbackInput>;
