import { Hono } from 'hono';
import { z } from 'zod';
import { imageUrl } from '../../../app/lib/images';
import { EMPTY_FILTER, type FilterState, parseFilterSegments } from '../../../domain/catalog/filter/filter';
import type { Listing, ListingScope, SectionNode } from '../../../domain/catalog/listing/listing.service';
import { cutQuery } from '../../../domain/catalog/search/search';
import { SORT_LIST, type SortValue } from '../../../domain/catalog/listing/sort';
import { DomainError } from '../../../domain/errors';
import { positiveInt } from '../../../domain/input';
import type { Services } from '../../../domain/services';
import { parseInput } from '../../http/body';
import type { AppEnv } from '../../http/env';
import { ok } from '../../http/envelope';

const SORT_VALUES = SORT_LIST.map((s) => s.value) as [SortValue, ...SortValue[]];
const BAD_PAGE = 'Номер страницы — целое число от 1.';
const BAD_SECTION = 'Раздел — адрес раздела каталога, например /catalog/women/verkhnyaya-odezhda/puhoviki/.';
const ONE_SOURCE = 'Укажите что-то одно: section (раздел), brand (бренд) или q (поисковый запрос).';

const listInput = z
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
    filter: z.string().max(2000, 'Слишком длинный фильтр.').optional(),
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

const badFilter = (message: string) => new DomainError('validation', message, 'INVALID_FILTER');

/** `filter` as the path segments, with or without the surrounding `filter/` and `apply/`. */
function readFilter(raw: string | undefined): FilterState {
  if (raw === undefined || raw.trim() === '') return EMPTY_FILTER;
  const segments = raw
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .split('/');
  if (segments[0] === 'filter') segments.shift();
  if (segments[segments.length - 1] === 'apply') segments.pop();
  const state = parseFilterSegments(segments.filter(Boolean));
  if (!state)
    throw badFilter('Фильтр не читается: ожидается вид color-is-black/size-is-46-or-48/price-from-5000-to-20000.');
  return state;
}

export function listPayload(
  listing: Listing,
  imgVersion: string,
  offers: Awaited<ReturnType<Services['listing']['offers']>>,
) {
  return {
    items: listing.items.map(({ images, ...item }) => ({
      ...item,
      sid: item.modelId,
      image: images[0] ? imageUrl(images[0], 'listing', imgVersion) : null,
      images: images.map((file) => ({
        file,
        listing: imageUrl(file, 'listing', imgVersion),
        listingMobile: imageUrl(file, 'listingMobile', imgVersion),
      })),
    })),
    offers: offers.offers,
    availabilityOffers: offers.availability,
    navigation: listing.navigation,
    sort: listing.sort,
    facets: listing.facets,
    url: listing.href,
  };
}

function sectionEntry(s: SectionNode) {
  return {
    id: s.id,
    name: s.name,
    url: s.url,
    parent: s.parentId,
    depth: s.depth,
    count: s.count,
    minPrice: s.minPrice,
    hasNew: s.hasNew,
  };
}

/**
 * `GET /api/v2/catalog/section/list/`: the section tree, parents before children.
 * `GET /api/v2/catalog/product/list/?section=|brand=[&gender=man]|q=&filter=&sort=&page=`: one listing page with
 * its offers, stock, navigation, sort and facet counts, as the section, brand and search pages show it.
 */
export function catalogListApi(services: Services, options: { imgVersion: string }) {
  const api = new Hono<AppEnv>();

  api.get('/section/list/', async (c) => {
    const { sections } = await services.listing.reference();
    const ordered: SectionNode[] = [];
    const walk = (parentId: number | null) => {
      for (const s of sections.filter((x) => x.parentId === parentId).sort((a, b) => a.sort - b.sort || a.id - b.id)) {
        ordered.push(s);
        walk(s.id);
      }
    };
    walk(null);
    return ok(c, { items: ordered.map(sectionEntry) });
  });

  api.get('/product/list/', async (c) => {
    const input = await parseInput(c, listInput);
    const filter = readFilter(input.filter);
    const ref = await services.listing.reference();
    let scope: ListingScope;
    let base: string;
    let saved: FilterState['lists'] | undefined;
    let query: [string, string][] | undefined;
    if (input.section !== undefined) {
      const section = ref.sections.find((s) => s.url === input.section);
      if (!section) throw new DomainError('not_found', 'Такого раздела нет в каталоге.', 'SECTION_NOT_FOUND');
      scope = { kind: 'section', sectionId: section.id };
      base = section.url;
    } else if (input.brand !== undefined) {
      const brand = ref.brands.find((b) => b.code === input.brand);
      if (!brand) throw new DomainError('not_found', 'Такого бренда нет в каталоге.', 'BRAND_NOT_FOUND');
      scope = { kind: 'brand', brandId: brand.id, gender: input.gender ?? null };
      base = `/brands/${brand.code}/${input.gender ? `${input.gender}/` : ''}`;
      saved = { brand: [brand.code] };
    } else {
      const plan = await services.search.plan(input.q ?? '');
      if (!plan) throw new DomainError('validation', 'Пустой поисковый запрос: напишите, что ищете.', 'INVALID_Q');
      scope = { kind: 'search', match: plan.match };
      base = '/search/';
      query = [['q', cutQuery(input.q)]];
    }
    const listing = await services.listing.list({
      scope,
      filter,
      saved,
      sort: input.sort ?? 'default_desc',
      page: input.page ?? 1,
      base,
      query,
    });
    if ('error' in listing) throw new DomainError('validation', listing.error, listing.code);
    const offers = await services.listing.offers(listing.items.map((i) => i.id));
    return ok(c, listPayload(listing, options.imgVersion, offers));
  });

  return api;
}
