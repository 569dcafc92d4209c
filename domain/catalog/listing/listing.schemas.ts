import { z } from 'zod';
import { positiveInt } from '../../input';
import { EMPTY_FILTER, type FilterState, parseFilterSegments } from '../filter/filter';
import { SORT_LIST, type SortValue } from './sort';

const SORT_VALUES = SORT_LIST.map((s) => s.value) as [SortValue, ...SortValue[]];
const BAD_PAGE = 'Номер страницы — целое число от 1.';
const BAD_SECTION = 'Раздел — адрес раздела каталога, например /catalog/women/verkhnyaya-odezhda/puhoviki/.';
const ONE_SOURCE = 'Укажите что-то одно: section (раздел), brand (бренд) или q (поисковый запрос).';
const BAD_FILTER = 'Фильтр не читается: ожидается вид color-is-black/size-is-46-or-48/price-from-5000-to-20000.';

/** `filter` as the path segments, with or without the surrounding `filter/` and `apply/`; null when unreadable. */
function readFilter(raw: string | undefined): FilterState | null {
  if (raw === undefined || raw.trim() === '') return EMPTY_FILTER;
  const segments = raw
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .split('/');
  if (segments[0] === 'filter') segments.shift();
  if (segments[segments.length - 1] === 'apply') segments.pop();
  return parseFilterSegments(segments.filter(Boolean));
}

/** `GET /api/v2/catalog/product/list/`: one listing page of a section, a brand or a search. */
export const listInput = z
  .object({
    section: z
      .string()
      .max(300, BAD_SECTION)
      .regex(/^\/catalog\/([a-z0-9-]+\/)+$/, BAD_SECTION)
      .optional(),
    brand: z
      .string()
      .max(100)
      .regex(/^[a-z0-9-]+$/, 'Бренд — код бренда латиницей, например nordvik.')
      .optional(),
    gender: z.enum(['man'], { error: 'gender может быть только man.' }).optional(),
    q: z.string().max(1000, 'Слишком длинный запрос.').optional(),
    filter: z
      .string()
      .max(2000, 'Слишком длинный фильтр.')
      .optional()
      .transform((raw, ctx) => {
        const state = readFilter(raw);
        if (!state) ctx.addIssue({ code: 'custom', message: BAD_FILTER });
        return state ?? EMPTY_FILTER;
      }),
    sort: z
      .enum(SORT_VALUES, { error: `Неизвестная сортировка. Возможные значения: ${SORT_VALUES.join(', ')}.` })
      .optional(),
    page: positiveInt(BAD_PAGE, BAD_PAGE, 100_000).optional(),
  })
  .refine((v) => [v.section, v.brand, v.q].filter((x) => x !== undefined).length === 1, {
    message: ONE_SOURCE,
    path: ['section'],
  })
  .refine((v) => !v.gender || v.brand, { message: 'gender задаётся только вместе с brand.', path: ['gender'] });

export type ListInput = z.infer<typeof listInput>;
