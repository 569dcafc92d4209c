import { Hono } from 'hono';
import { listPayload, sectionEntry } from '../../../contract/catalog';
import type { FilterState } from '../../../domain/catalog/filter/filter';
import { type ListInput, listInput } from '../../../domain/catalog/listing/listing.schemas';
import type { ListingScope, SectionNode } from '../../../domain/catalog/listing/listing.service';
import { cutQuery } from '../../../domain/catalog/search/search';
import { DomainError } from '../../../domain/errors';
import type { Services } from '../../../domain/services';
import { parseInput } from '../../http/body';
import type { AppEnv } from '../../http/env';
import { route } from '../route';

interface Source {
  scope: ListingScope;
  base: string;
  saved?: FilterState['lists'];
  query?: [string, string][];
}

/** What the call lists: a section's products, a brand's (optionally men's only) or a search's. */
async function sourceOf(services: Services, input: ListInput): Promise<Source> {
  const ref = await services.listing.reference();
  if (input.section !== undefined) {
    const section = ref.sections.find((s) => s.url === input.section);
    if (!section) throw new DomainError('not_found', 'Такого раздела нет в каталоге.', 'SECTION_NOT_FOUND');
    return { scope: { kind: 'section', sectionId: section.id }, base: section.url };
  }
  if (input.brand !== undefined) {
    const brand = ref.brands.find((b) => b.code === input.brand);
    if (!brand) throw new DomainError('not_found', 'Такого бренда нет в каталоге.', 'BRAND_NOT_FOUND');
    return {
      scope: { kind: 'brand', brandId: brand.id, gender: input.gender ?? null },
      base: `/brands/${brand.code}/${input.gender ? `${input.gender}/` : ''}`,
      saved: { brand: [brand.code] },
    };
  }
  const plan = await services.search.plan(input.q ?? '');
  if (!plan) throw new DomainError('validation', 'Пустой поисковый запрос: напишите, что ищете.', 'INVALID_Q');
  return { scope: { kind: 'search', match: plan.match }, base: '/search/', query: [['q', cutQuery(input.q)]] };
}

/**
 * `GET /api/v2/catalog/section/list/`: the section tree, parents before children.
 * `GET /api/v2/catalog/product/list/?section=|brand=[&gender=man]|q=&filter=&sort=&page=`: one listing page with
 * its offers, stock, navigation, sort and facet counts, as the section, brand and search pages show it.
 */
export function catalogListApi(services: Services, options: { imgVersion: string }) {
  const api = new Hono<AppEnv>();

  route(api, 'sectionList', ['GET'], async () => {
    const { sections } = await services.listing.reference();
    const ordered: SectionNode[] = [];
    const walk = (parentId: number | null) => {
      for (const s of sections.filter((x) => x.parentId === parentId).sort((a, b) => a.sort - b.sort || a.id - b.id)) {
        ordered.push(s);
        walk(s.id);
      }
    };
    walk(null);
    return { items: ordered.map(sectionEntry) };
  });

  route(api, 'productList', ['GET'], async (c) => {
    const input = await parseInput(c, listInput);
    const source = await sourceOf(services, input);
    const listing = await services.listing.list({
      ...source,
      filter: input.filter,
      sort: input.sort ?? 'default_desc',
      page: input.page ?? 1,
    });
    const offers = await services.listing.offers(listing.items.map((i) => i.id));
    return listPayload(listing, options.imgVersion, offers);
  });

  return api;
}
