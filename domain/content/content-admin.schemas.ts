import { z } from 'zod';
import { DomainError } from '../errors';
import { line, lines } from '../input';
import type { LandingSelection } from './content';

/** An empty form field is no value. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** A checkbox of a form (`on`) or a JSON boolean. */
const flag = z.preprocess(
  (v) => (v === 'on' || v === 'true' || v === '1' ? true : v === undefined || v === 'false' || v === '' ? false : v),
  z.boolean({ error: 'Флажок — да или нет.' }),
);

const sort = z.preprocess(
  (v) => (typeof v === 'string' && /^-?\d{1,6}$/.test(v.trim()) ? Number(v) : v === '' ? undefined : v),
  z.number({ error: 'Порядок — целое число.' }).int('Порядок — целое число.').min(-99_999).max(999_999).optional(),
);

const url = line({ error: 'Укажите адрес страницы.' })
  .min(1, 'Укажите адрес страницы.')
  .max(200, 'Адрес — до 200 символов.')
  .regex(/^\/[a-z0-9\-/]+\/$/, 'Адрес — латиница в нижнем регистре, цифры, «-» и «/», с «/» в начале и в конце.');

const title = line({ error: 'Укажите заголовок.' })
  .min(1, 'Укажите заголовок.')
  .max(200, 'Заголовок — до 200 символов.');
const description = optional(lines().max(500, 'Описание — до 500 символов.'));
const body = lines({ error: 'Напишите текст.' }).min(1, 'Напишите текст.').max(50_000, 'Текст — до 50 000 символов.');

export const pageInput = z.object({
  url,
  title,
  description,
  body,
  published: flag,
  menuSection: optional(z.enum(['buyers', 'company'], { error: 'Раздел меню — «Покупателям» или «О компании».' })),
  sort,
});
export type PageInput = z.infer<typeof pageInput>;

export const faqInput = z.object({
  topic: line({ error: 'Укажите тему.' }).min(1, 'Укажите тему.').max(100, 'Тема — до 100 символов.'),
  question: line({ error: 'Напишите вопрос.' }).min(1, 'Напишите вопрос.').max(300, 'Вопрос — до 300 символов.'),
  answer: lines({ error: 'Напишите ответ.' }).min(1, 'Напишите ответ.').max(10_000, 'Ответ — до 10 000 символов.'),
  sort,
});
export type FaqInput = z.infer<typeof faqInput>;

/** A list of ids: a JSON array or a form's «1, 2, 3». */
const ids = (name: string) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(/[\s,;]+/)
            .filter(Boolean)
            .map((s) => (/^\d{1,9}$/.test(s) ? Number(s) : s))
        : v,
    z
      .array(
        z
          .number({ error: `${name} — номера через запятую.` })
          .int()
          .positive(),
        { error: `${name} — номера через запятую.` },
      )
      .max(200)
      .optional(),
  );

/** Filter props: a JSON object or a form's «insulation=down,down-feather; season=winter». */
const props = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  const out: Record<string, string[]> = {};
  for (const part of v
    .split(/[;\n]+/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [code, values = ''] = part.split('=');
    out[code.trim()] = values
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  }
  return out;
}, z
  .record(
    z.string().regex(/^[a-z0-9_-]{1,40}$/, 'Код свойства — латиница, цифры, «_» и «-».'),
    z
      .array(z.string().regex(/^[a-z0-9_.-]{1,60}$/, 'Значение свойства — латиница, цифры, «_», «.» и «-».'))
      .min(1, 'У свойства нужны значения.'),
    { error: 'Свойства — в виде «код=значение,значение; код=значение».' },
  )
  .optional());

export const selectionInput = z.object({
  sectionIds: ids('Разделы'),
  brandIds: ids('Бренды'),
  props,
  isNew: flag.optional(),
  ids: ids('Товары'),
});

/** The selection as stored: empty parts left out. */
export function cleanSelection(s: z.infer<typeof selectionInput>): LandingSelection {
  const out: LandingSelection = {};
  if (s.sectionIds?.length) out.sectionIds = s.sectionIds;
  if (s.brandIds?.length) out.brandIds = s.brandIds;
  if (s.props && Object.keys(s.props).length) out.props = s.props;
  if (s.isNew) out.isNew = true;
  if (s.ids?.length) out.ids = s.ids;
  return out;
}

export const landingInput = z.object({
  url: line({ error: 'Укажите адрес лендинга.' }).regex(
    /^\/promo\/[a-z0-9-]{1,60}\/$/,
    'Адрес лендинга — /promo/код/: латиница в нижнем регистре, цифры и «-».',
  ),
  title,
  description,
  hero: optional(line().regex(/^image:\d{1,9}$/, 'Выберите картинку из списка.')),
  body,
  published: flag,
  selection: z.preprocess((v) => v ?? {}, selectionInput),
});
export type LandingInput = z.infer<typeof landingInput>;

export const previewInput = z.object({
  body: lines({ error: 'Напишите текст.' }).max(50_000, 'Текст — до 50 000 символов.'),
});

/** An id from the path: anything but digits is no such record. */
export function contentId(value: string | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value)) throw new DomainError('not_found', 'Такой записи нет.', 'CONTENT_NOT_FOUND');
  return Number(value);
}
