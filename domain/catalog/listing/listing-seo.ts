import { formatPrice } from '../../pricing/price';
import { PRODUCT_FORMS, plural } from '../../text/plural';
import type { FilterState } from '../filter/filter';
import type { BrandInfo, Listing, SectionNode } from './listing.service';
import { DEFAULT_SORT } from './sort';

export const SHOP_NAME = 'ВЬЮГА';

export interface ListingSeo {
  h1: string;
  title: string;
  description: string;
  /** 'index, follow' or 'noindex, follow'. */
  robots: string;
}

export function productCount(n: number): string {
  return `${n}\u00a0${plural(n, PRODUCT_FORMS)}`;
}

/** «Пуховики для женщин»: the same section names stand in both trees, so the audience makes them unique. */
export function sectionTitle(section: SectionNode): string {
  if (section.parentId == null) return section.name;
  return `${section.name} для ${section.gender === 'man' ? 'мужчин' : 'женщин'}`;
}

/**
 * Filter pages worth indexing: at most two codes with one value each and no price range. Deeper combinations and
 * other sorts are for shoppers, not for search engines.
 */
export function isIndexable(filter: FilterState, sort: string): boolean {
  const lists = Object.values(filter.lists);
  return (
    sort === DEFAULT_SORT &&
    Object.keys(filter.ranges).length === 0 &&
    lists.length <= 2 &&
    lists.every((v) => v.length <= 1)
  );
}

function seoFor(name: string, listing: Listing, tail: string): ListingSeo {
  const h1 = listing.filterText ? `${name}: ${listing.filterText}` : name;
  const page = listing.location.page > 1 ? `, страница ${listing.location.page}` : '';
  const from = listing.minPrice != null ? ` по цене от ${formatPrice(listing.minPrice)}` : '';
  return {
    h1,
    title: `${h1} — ${tail}${page}`,
    description:
      listing.count > 0
        ? `${h1}: ${productCount(listing.count)}${from}. Доставка по России, наличие размеров в магазинах вашего города.`
        : `${h1}: сейчас нет в наличии. Посмотрите другие модели в каталоге ${SHOP_NAME}.`,
    robots: isIndexable(listing.location.filter, listing.location.sort) ? 'index, follow' : 'noindex, follow',
  };
}

export function sectionSeo(section: SectionNode, listing: Listing): ListingSeo {
  return seoFor(sectionTitle(section), listing, `купить в интернет-магазине ${SHOP_NAME}`);
}

export function brandSeo(brand: BrandInfo, gender: string | null, listing: Listing): ListingSeo {
  const name = gender === 'man' ? `${brand.name} для мужчин` : brand.name;
  return seoFor(name, listing, `одежда бренда в интернет-магазине ${SHOP_NAME}`);
}
