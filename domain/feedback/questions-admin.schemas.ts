import { z } from 'zod';
import { line, lines, positiveInt } from '../input';
import { TOPICS, type Topic } from './topics';

export const MAX_ANSWER = 5000;

/** An empty query parameter or form field is no filter. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const TOPIC_CODES = Object.keys(TOPICS) as [Topic, ...Topic[]];

/** The inbox's filter from the URL (the page's and the API's query alike). */
export const questionFilterInput = z.object({
  state: optional(z.enum(['new', 'answered'], { error: 'Состояние — new (без ответа) или answered (с ответом).' })),
  topic: optional(z.enum(TOPIC_CODES, { error: 'Нет такой темы вопроса.' })),
  q: optional(line().max(100, 'Поиск — до 100 символов.')),
  page: optional(positiveInt('Укажите страницу.', 'Страница — целое число.', 100_000)),
});
export type QuestionFilter = z.infer<typeof questionFilterInput>;

/** `POST /api/v2/admin/questions/{id}/answer/` and the question page's form. */
export const answerInput = z.object({
  text: lines({ error: 'Напишите ответ.' })
    .min(1, 'Напишите ответ.')
    .max(MAX_ANSWER, `Ответ — до ${MAX_ANSWER} символов.`),
  /** Replace an answer already given (the letter goes again). */
  replace: z.preprocess((v) => v === true || v === 'true' || v === 'on' || v === '1', z.boolean()).optional(),
});
export type AnswerInput = z.infer<typeof answerInput>;

/** The question's id from a path. */
export const questionIdOf = (value: string | undefined): number | null =>
  value && /^\d{1,9}$/.test(value) ? Number(value) : null;
