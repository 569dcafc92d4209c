import { type CacheOptions, cachedFor } from '../../cache';
import { LISTINGS } from '../../cache-tags';
import type { FeaturedKind, ProductCard } from './card';

export interface SectionTile {
  id: number;
  name: string;
  url: string;
  gender: string | null;
  minPrice: number;
  image: string;
}

export interface HomeRepository {
  featured(kind: FeaturedKind, limit: number): Promise<ProductCard[]>;
  /** The leaf sections of outerwear, each with its most popular product's photo. */
  sectionTiles(): Promise<SectionTile[]>;
}

export interface HomePage {
  newArrivals: ProductCard[];
  sale: ProductCard[];
  tiles: SectionTile[];
}

export interface HomeService {
  page(): Promise<HomePage>;
}

/** The home page's selections change slowly; one query set serves every visitor for `ttlMs`. */
export function createHomeService(
  repo: HomeRepository,
  { ttlMs = 60_000, now = Date.now, invalidations }: CacheOptions = {},
): HomeService {
  const page = cachedFor(
    () =>
      Promise.all([repo.featured('new', 8), repo.featured('sale', 8), repo.sectionTiles()]).then(
        ([newArrivals, sale, tiles]): HomePage => ({ newArrivals, sale, tiles }),
      ),
    { ttlMs, now, dropOn: { invalidations, tags: [LISTINGS, 'product:'] } },
  );
  return { page: page.get };
}
