import { z } from 'zod';
import { line, lines, positiveInt } from '../../input';
import { PROPS, type PropCode } from '../filter/props';
import { offerPriceInput } from './admin.schemas';
import { PERCENT_RANGE } from './rules';

/** Most colours and sizes a product made in the back office has; most products a bulk edit changes at once. */
export const MAKING_LIMITS = { colours: 20, sizes: 30, bulk: 500 } as const;

/** One size of a new colour: its name and price (roubles in, kopecks out), an old price optional. */
const sizeInput = offerPriceInput.extend({
  size: line({ error: 'Укажите размер.' }).min(1, 'Укажите размер.').max(20, 'Размер — до 20 символов.'),
});

/** One colour of a new product: the colour's code (the shop's colour list) and its sizes. */
const colourInput = z.object({
  color: line({ error: 'Выберите цвет.' })
    .toLowerCase()
    .min(1, 'Выберите цвет.')
    .regex(/^[a-z0-9-]{1,40}$/, 'Цвет — код из списка цветов.'),
  sizes: z
    .array(sizeInput, { error: 'Размеры — список.' })
    .min(1, 'У каждого цвета — хотя бы один размер с ценой.')
    .max(MAKING_LIMITS.sizes, `У цвета — до ${MAKING_LIMITS.sizes} размеров.`)
    .refine(
      (sizes) => new Set(sizes.map((s) => s.size.toLowerCase())).size === sizes.length,
      'Размеры одного цвета не должны повторяться.',
    ),
});

/** A product made in the back office (issue 47.5): what 1C would send, typed by the staff. */
export const productCreateInput = z.object({
  name: line({ error: 'Укажите название.' })
    .min(2, 'Название — не короче 2 символов.')
    .max(200, 'Название — до 200 символов.'),
  article: line({ error: 'Укажите артикул.' }).min(1, 'Укажите артикул.').max(50, 'Артикул — до 50 символов.'),
  description: lines({ error: 'Описание — строка.' }).max(10_000, 'Описание — до 10 000 символов.').default(''),
  sectionId: positiveInt('Выберите раздел.', 'Раздел — номер из списка.'),
  brandId: positiveInt('Выберите бренд.', 'Бренд — номер из списка.'),
  published: z.boolean({ error: 'Поле published — true или false.' }).default(true),
  colours: z
    .array(colourInput, { error: 'Цвета — список.' })
    .min(1, 'Добавьте хотя бы один цвет.')
    .max(MAKING_LIMITS.colours, `До ${MAKING_LIMITS.colours} цветов.`)
    .refine((cs) => new Set(cs.map((c) => c.color)).size === cs.length, 'Цвета не должны повторяться.'),
});
export type ProductCreate = z.infer<typeof productCreateInput>;

const PROP_CODES = Object.keys(PROPS) as [PropCode, ...PropCode[]];

/** A property's value set in bulk: a code of `PROPS` and one of its values, or null (the property removed). */
const propInput = z
  .object({
    code: z.enum(PROP_CODES, { error: 'Выберите свойство из списка.' }),
    value: z.string({ error: 'Значение свойства — из списка.' }).nullable(),
  })
  .refine(
    (p) => p.value === null || PROPS[p.code].values.some(([code]) => code === p.value),
    'Такого значения у этого свойства нет.',
  );

/** A percent from JSON or a form: a whole number within `PERCENT_RANGE`, not zero. */
const percent = z.preprocess(
  (v) => (typeof v === 'string' && /^[-−+]?\d{1,4}$/.test(v.trim()) ? Number(v.trim().replace('−', '-')) : v),
  z
    .number({ error: 'Процент — целое число от −90 до 300.' })
    .int('Процент — целое число от −90 до 300.')
    .min(PERCENT_RANGE[0], 'Процент — от −90 до 300, не ноль.')
    .max(PERCENT_RANGE[1], 'Процент — от −90 до 300, не ноль.')
    .refine((v) => v !== 0, 'Процент — от −90 до 300, не ноль.'),
);

/** The products list's bulk edit: the products chosen and what to set on them (absent stays). */
export const productBulkEditInput = z
  .object({
    productIds: z
      .array(positiveInt('Выберите товары.', 'Товар — номер из списка.'), {
        error: 'Поле productIds — список номеров товаров.',
      })
      .min(1, 'Выберите товары.')
      .max(MAKING_LIMITS.bulk, `За раз — до ${MAKING_LIMITS.bulk} товаров.`)
      .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
    sectionId: positiveInt('Выберите раздел.', 'Раздел — номер из списка.').optional(),
    brandId: positiveInt('Выберите бренд.', 'Бренд — номер из списка.').optional(),
    prop: propInput.optional(),
    published: z.boolean({ error: 'Поле published — true или false.' }).optional(),
    pricePercent: percent.optional(),
  })
  .refine(
    (i) =>
      i.sectionId !== undefined ||
      i.brandId !== undefined ||
      i.prop !== undefined ||
      i.published !== undefined ||
      i.pricePercent !== undefined,
    'Выберите, что менять: раздел, бренд, свойство, продажу или цены.',
  );
export type ProductBulkEdit = z.infer<typeof productBulkEditInput>;
