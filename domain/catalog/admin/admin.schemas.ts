import { z } from 'zod';
import { line, lines, positiveInt } from '../../input';
import { kopecksOf, MAX_AMOUNT, PARCEL_LIMITS, PERCENT_RANGE } from './rules';

/** An empty query parameter or form field is no filter. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** A yes/no filter: `1`/`0`, `yes`/`no`, `true`/`false` (from a query, a form or JSON). */
const flag = (name: string) =>
  z.preprocess(
    (v) => {
      if (typeof v === 'boolean') return v;
      if (v === '1' || v === 'yes' || v === 'true' || v === 'on') return true;
      if (v === '0' || v === 'no' || v === 'false') return false;
      return v;
    },
    z.boolean({ error: `Фильтр «${name}» — да (1) или нет (0).` }),
  );

/** The catalogue list's filter: the page's address, the API's query and the bulk change's `filter` alike. */
export const productFilterInput = z.object({
  q: optional(line().max(100, 'Поиск — до 100 символов.')),
  sectionId: optional(positiveInt('Выберите раздел.', 'Раздел — номер из списка.')),
  brandId: optional(positiveInt('Выберите бренд.', 'Бренд — номер из списка.')),
  published: optional(flag('опубликован')),
  inStock: optional(flag('в наличии')),
  hasPhotos: optional(flag('есть фото')),
  page: optional(positiveInt('Укажите страницу.', 'Страница — целое число.', 100_000)),
});
export type ProductFilter = z.infer<typeof productFilterInput>;

/** Roubles, whole or with kopecks (`1990`, `1990.50`, `"1 990,50"`), as kopecks. */
const roubles = (name: string) =>
  z.unknown().transform((v, ctx) => {
    const kopecks = kopecksOf(v);
    if (kopecks === null) {
      ctx.addIssue({
        code: 'custom',
        message:
          v === undefined || v === ''
            ? `Укажите ${name}.`
            : `${name[0]?.toUpperCase()}${name.slice(1)} — число рублей, например 1990 или 1990.50.`,
      });
      return z.NEVER;
    }
    if (kopecks < 0) {
      ctx.addIssue({ code: 'custom', message: `${name[0]?.toUpperCase()}${name.slice(1)} не может быть меньше нуля.` });
      return z.NEVER;
    }
    return kopecks;
  });

/** An offer's price: `{price, oldPrice?}` in roubles; an empty or null old price removes it. */
export const offerPriceInput = z.object({
  price: roubles('цену'),
  oldPrice: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.union([z.null(), roubles('старую цену')])),
});

/**
 * One packed unit's fact (grams or cm): a whole number within `PARCEL_LIMITS`; empty or null = none of its own (the
 * section's default); absent = as it is.
 */
const parcelFact = (fact: keyof typeof PARCEL_LIMITS) => {
  const { name, unit, max } = PARCEL_LIMITS[fact];
  const wrong = `${name} — целое число ${unit} от 1 до ${max.toLocaleString('ru-RU')}, или пусто (тогда по разделу).`;
  return z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      const t = v.replace(/[\s\u00a0]/g, '');
      return t === '' ? null : /^\d{1,9}$/.test(t) ? Number(t) : v;
    },
    z.union([z.null(), z.number({ error: wrong }).int(wrong).min(1, wrong).max(max, wrong)], { error: wrong }),
  );
};

/** Weight (grams) and length, width, height (cm) of one packed unit: each optional (stays) or null (by section). */
export const parcelFactsInput = z.object({
  weight: parcelFact('weight').optional(),
  length: parcelFact('length').optional(),
  width: parcelFact('width').optional(),
  height: parcelFact('height').optional(),
});
export type ParcelFactsEdit = z.infer<typeof parcelFactsInput>;

/** A product's edit: any of these; what is absent stays. */
export const productEditInput = z.object({
  published: z.boolean({ error: 'Поле published — true или false.' }).optional(),
  name: line({ error: 'Название — строка.' })
    .min(2, 'Название — не короче 2 символов.')
    .max(200, 'Название — до 200 символов.')
    .optional(),
  description: lines({ error: 'Описание — строка.' }).max(10_000, 'Описание — до 10 000 символов.').optional(),
  sectionId: positiveInt('Выберите раздел.', 'Раздел — номер из списка.').optional(),
  brandId: positiveInt('Выберите бренд.', 'Бренд — номер из списка.').optional(),
  ...parcelFactsInput.shape,
});
export type ProductEdit = z.infer<typeof productEditInput>;

/** The bulk price change: the list's filter, the rule, and whether to apply (otherwise a preview). */
export const bulkPriceInput = z
  .object({
    filter: productFilterInput.omit({ page: true }).default({}),
    kind: z.enum(['percent', 'amount'], { error: 'Выберите, как менять цены: на процент или на сумму.' }),
    value: z.unknown(),
    keepOld: z.boolean({ error: 'Поле keepOld — true или false.' }).default(false),
    apply: z.boolean({ error: 'Поле apply — true или false.' }).default(false),
    /** The preview's count: applying refuses when the filtered list has changed since. */
    expected: z
      .number({ error: 'Поле expected — число размеров из предпросмотра.' })
      .int('Поле expected — целое число.')
      .min(0, 'Поле expected — не меньше нуля.')
      .optional(),
  })
  .transform((input, ctx) => {
    const kopecks = kopecksOf(input.value);
    if (input.kind === 'percent') {
      const percent =
        typeof input.value === 'number' ? input.value : Number(String(input.value ?? '').replace(',', '.'));
      if (input.value === '' || input.value === undefined || !Number.isFinite(percent) || !Number.isInteger(percent)) {
        ctx.addIssue({ code: 'custom', message: 'Процент — целое число от −90 до 300.', path: ['value'] });
        return z.NEVER;
      }
      if (percent < PERCENT_RANGE[0] || percent > PERCENT_RANGE[1] || percent === 0) {
        ctx.addIssue({ code: 'custom', message: 'Процент — от −90 до 300, не ноль.', path: ['value'] });
        return z.NEVER;
      }
      return { ...input, rule: { kind: 'percent' as const, value: percent } };
    }
    if (kopecks === null || kopecks === 0 || Math.abs(kopecks) > MAX_AMOUNT) {
      ctx.addIssue({
        code: 'custom',
        message: 'Сумма — число рублей со знаком, не ноль и не больше 1 000 000: например −500 или 300.',
        path: ['value'],
      });
      return z.NEVER;
    }
    return { ...input, rule: { kind: 'amount' as const, value: kopecks } };
  });
export type BulkPriceInput = z.infer<typeof bulkPriceInput>;

const sectionUrl = line({ error: 'Адрес раздела — строка.' }).regex(
  /^\/catalog\/([a-z0-9-]+\/)+$/,
  'Адрес раздела — вида /catalog/zhenskoe/platya/: латинские буквы, цифры и дефисы.',
);

/** A section's edit: name, url, sort (renaming keeps the url). */
export const sectionEditInput = z.object({
  name: line({ error: 'Название — строка.' })
    .min(2, 'Название раздела — не короче 2 символов.')
    .max(100, 'Название раздела — до 100 символов.')
    .optional(),
  url: sectionUrl.max(200, 'Адрес раздела — до 200 символов.').optional(),
  sort: z
    .preprocess(
      (v) => (typeof v === 'string' && /^-?\d{1,6}$/.test(v.trim()) ? Number(v) : v),
      z
        .number({ error: 'Сортировка — целое число.' })
        .int('Сортировка — целое число.')
        .min(0, 'Сортировка — от 0 до 100000.')
        .max(100_000, 'Сортировка — от 0 до 100000.'),
    )
    .optional(),
  ...parcelFactsInput.shape,
});
export type SectionEdit = z.infer<typeof sectionEditInput>;

/**
 * The bulk weight and size: the products of the list's filter (or the `productIds` chosen, when given), the facts to
 * set (absent stays, null = back to the section's default), and the count the page showed (applying refuses when the
 * list has changed since).
 */
export const bulkParcelInput = z
  .object({
    filter: productFilterInput.omit({ page: true }).default({}),
    productIds: z
      .array(positiveInt('Выберите товары.', 'Товар — номер из списка.'), {
        error: 'Поле productIds — список номеров товаров.',
      })
      .min(1, 'Выберите товары.')
      .max(5000, 'За раз — до 5000 товаров.')
      .optional(),
    ...parcelFactsInput.shape,
    expected: z
      .number({ error: 'Поле expected — число товаров в списке.' })
      .int('Поле expected — целое число.')
      .min(0, 'Поле expected — не меньше нуля.')
      .optional(),
  })
  .refine((input) => Object.keys(PARCEL_LIMITS).some((k) => input[k as keyof typeof PARCEL_LIMITS] !== undefined), {
    message: 'Укажите вес или размеры: что менять.',
  });
export type BulkParcelInput = z.infer<typeof bulkParcelInput>;

/** A brand's edit: name and text. */
export const brandEditInput = z.object({
  name: line({ error: 'Название — строка.' })
    .min(1, 'Укажите название бренда.')
    .max(100, 'Название бренда — до 100 символов.')
    .optional(),
  text: lines({ error: 'Текст — строка.' }).max(5000, 'Текст о бренде — до 5000 символов.').optional(),
});
export type BrandEdit = z.infer<typeof brandEditInput>;

/** A new brand: a unique code (its page `/brands/{code}/`), a name, a text. */
export const brandCreateInput = z.object({
  code: line({ error: 'Укажите код бренда.' })
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Код бренда — латинские буквы, цифры и дефисы, до 40 символов.'),
  name: line({ error: 'Укажите название бренда.' })
    .min(1, 'Укажите название бренда.')
    .max(100, 'Название бренда — до 100 символов.'),
  text: lines({ error: 'Текст — строка.' }).max(5000, 'Текст о бренде — до 5000 символов.').default(''),
});
export type BrandCreate = z.infer<typeof brandCreateInput>;
