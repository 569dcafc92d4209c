import { type CacheOptions, taggedCache } from '../../cache';
import { LISTINGS, productTag } from '../../cache-tags';
import { DomainError } from '../../errors';
import type { FacetIndex } from '../listing/facet-index';
import type { ListingItem, ListingReference } from '../listing/listing.service';
import { ADDITION_MAX_PRICE, isAccessorySection, MIN_PAIRS, ROW_SIZE } from './similar';

/** What picks a row's products before their cards are read: the model, and whether it can be bought online now. */
export interface ProductFacts {
  modelId: number;
  online: boolean;
}

/** A size of an addition that an online order can take. */
export interface AdditionOffer {
  id: number;
  sizeName: string;
}

/** An addition to an order: its card and the sizes the row's button can put in the basket. */
export interface Addition {
  card: ListingItem;
  offers: AdditionOffer[];
}

export interface RelatedRows {
  similar: ListingItem[];
  boughtTogether: ListingItem[];
}

export interface RelatedRepository {
  /** The shop's facet index as of now (the listings' own, db/repositories/facet-source.ts). */
  facets(): Promise<FacetIndex>;
  /** The listed products among `ids` (the unknown and unlisted left out): their model and online stock. */
  facts(ids: readonly number[]): Promise<Map<number, ProductFacts>>;
  /** The products' listing cards in the order of `ids`. */
  cards(ids: readonly number[], ref: ListingReference): Promise<ListingItem[]>;
  /** The products bought together with `productId` in the most completed orders, most first. */
  pairs(productId: number, limit: number): Promise<number[]>;
  /** The offers of these products an online order can take, in size order. */
  buyableOffers(productIds: readonly number[]): Promise<Map<number, AdditionOffer[]>>;
  /** Counts `product_pairs` again from the completed orders; null when another process is counting. */
  recountPairs(): Promise<number | null>;
}

export interface RelatedService {
  /** «Похожие» and «С этим покупают» of a product; `size` (a size code) narrows «Похожие» to it where it can. */
  related(productId: number, size?: string | null): Promise<RelatedRows>;
  /** Listed products' cards in the order asked (the «Вы смотрели» row): the unknown and unlisted left out. */
  cards(ids: readonly number[]): Promise<ListingItem[]>;
  /** Small accessories in stock for the basket and the order, none of `inBasket` (product ids). */
  additions(inBasket: readonly number[]): Promise<Addition[]>;
  /** The periodic recount of the pairs: how many pairs there are now, or null when another process counted. */
  recountPairs(): Promise<number | null>;
}

/** Candidates asked of the index beyond a row: other colours of the same model and products not online drop out. */
const SPARE = 12;
const MAX_CACHED = 5_000;
/** Products kept of a fallback: a row and its spares after the exclusions of a product or a basket (up to 24). */
const FALLBACK = 64;

/** Ids of listed products on sale online, one per model, the models of `skip` left out, at most a row. */
function rowOf(
  ids: readonly number[],
  facts: ReadonlyMap<number, ProductFacts>,
  skip: ReadonlySet<number>,
  limit = ROW_SIZE,
): number[] {
  const models = new Set(skip);
  const row: number[] = [];
  for (const id of ids) {
    const f = facts.get(id);
    if (!f?.online || models.has(f.modelId)) continue;
    models.add(f.modelId);
    row.push(id);
    if (row.length === limit) break;
  }
  return row;
}

/**
 * The rows that lead from a product to more products (issue 44.3). The index answers which products, in memory; the
 * database gives the few cards. A product's rows are kept until the catalogue changes (`listings`, the product's
 * tag) or `ttlMs` passes, so the product page pays for them once per product.
 */
export function createRelatedService(deps: {
  repo: RelatedRepository;
  reference: () => Promise<ListingReference>;
  cache?: CacheOptions;
}): RelatedService {
  const { repo, reference } = deps;
  // The rows change with the catalogue, whose changes drop them at once: the time limit is only a safety net.
  const { ttlMs = 10 * 60_000, now, invalidations } = deps.cache ?? {};
  const cache = taggedCache<RelatedRows>({ max: MAX_CACHED, ttlMs, invalidations, now });
  const additionsCache = taggedCache<Addition[]>({ max: 500, ttlMs, invalidations, now });

  const accessorySections = (ref: ListingReference) =>
    ref.sections.filter((s) => isAccessorySection(s.url)).map((s) => s.id);

  /**
   * The most popular products in stock of a gender beyond a section: its accessories first, then the other sections'
   * when they fall short. The same for every product of the section, so kept (and dropped) as the rows are.
   */
  const fallbacks = taggedCache<number[]>({ max: 500, ttlMs, invalidations, now });
  const fallbackOf = (index: FacetIndex, ref: ListingReference, place: { sectionId: number; gender: string | null }) =>
    fallbacks.get(`${place.gender}:${place.sectionId}`, async () => {
      const limit = FALLBACK;
      const accessories = accessorySections(ref).filter((id) => id !== place.sectionId);
      const fromAccessories = index.popular({ sectionIds: accessories, gender: place.gender }, limit);
      const others = ref.sections.filter((s) => s.id !== place.sectionId).map((s) => s.id);
      const fromOthers =
        fromAccessories.length < limit
          ? index.popular({ sectionIds: others, gender: place.gender, exclude: new Set(fromAccessories) }, limit)
          : [];
      return { value: [...fromAccessories, ...fromOthers], tags: [LISTINGS] };
    });
  /** The small accessories of a gender (or of any), most popular first: the additions before a basket's are left out. */
  const smallAccessories = taggedCache<number[]>({ max: 10, ttlMs, invalidations, now });
  const accessoriesOf = (index: FacetIndex, ref: ListingReference, gender: string | undefined) =>
    smallAccessories.get(String(gender), async () => ({
      value: index.popular({ sectionIds: accessorySections(ref), gender, maxPrice: ADDITION_MAX_PRICE }, FALLBACK),
      tags: [LISTINGS],
    }));

  async function compute(productId: number, size: string | null): Promise<RelatedRows> {
    const [index, ref] = await Promise.all([repo.facets(), reference()]);
    const place = index.placeOf(productId);
    if (!place) throw new DomainError('not_found', 'Такого товара нет в каталоге.', 'PRODUCT_NOT_FOUND');
    const limit = ROW_SIZE + SPARE;
    let similar = index.similar(productId, { limit, size });
    if (size != null && similar.length < ROW_SIZE)
      similar = [...similar, ...index.similar(productId, { limit, exclude: new Set(similar) })];
    const pairs = (await repo.pairs(productId, limit)).filter((id) => index.available(id));
    let together = pairs;
    if (pairs.length < MIN_PAIRS) {
      // Too few bought together yet: accessories of the same gender, then other sections', by popularity.
      const exclude = new Set([productId, ...pairs]);
      const fallback = await fallbackOf(index, ref, place);
      together = [...pairs, ...fallback.filter((id) => !exclude.has(id))];
    }
    const facts = await repo.facts([productId, ...new Set([...similar, ...together])]);
    const baseModel = facts.get(productId)?.modelId;
    const skip = new Set(baseModel === undefined ? [] : [baseModel]);
    const similarIds = rowOf(similar, facts, skip);
    const togetherIds = rowOf(together, facts, skip);
    const cards = new Map((await repo.cards([...new Set([...similarIds, ...togetherIds])], ref)).map((c) => [c.id, c]));
    const pick = (ids: number[]) => ids.flatMap((id) => cards.get(id) ?? []);
    return { similar: pick(similarIds), boughtTogether: pick(togetherIds) };
  }

  return {
    related(productId, size = null) {
      return cache.get(`${productId}:${size ?? ''}`, async () => {
        const value = await compute(productId, size);
        const ids = [productId, ...value.similar.map((c) => c.id), ...value.boughtTogether.map((c) => c.id)];
        return { value, tags: [LISTINGS, ...ids.map(productTag)] };
      });
    },

    async cards(ids) {
      const [ref, facts] = await Promise.all([reference(), repo.facts(ids)]);
      return repo.cards(
        ids.filter((id) => facts.has(id)),
        ref,
      );
    },

    additions(inBasket) {
      const key = [...new Set(inBasket)].sort((a, b) => a - b).join(',');
      return additionsCache.get(key, async () => {
        const [index, ref] = await Promise.all([repo.facets(), reference()]);
        const genders = new Set(inBasket.map((id) => index.placeOf(id)?.gender ?? null).filter((g) => g != null));
        const gender = genders.size === 1 ? [...genders][0] : undefined;
        const basket = new Set(inBasket);
        const ids = (await accessoriesOf(index, ref, gender))
          .filter((id) => !basket.has(id))
          .slice(0, ROW_SIZE + SPARE);
        const [facts, offers] = await Promise.all([repo.facts(ids), repo.buyableOffers(ids)]);
        const chosen = rowOf(
          ids.filter((id) => offers.has(id)),
          facts,
          new Set(),
        );
        const value = (await repo.cards(chosen, ref)).map((card) => ({ card, offers: offers.get(card.id) ?? [] }));
        return { value, tags: [LISTINGS, ...value.map((a) => productTag(a.card.id))] };
      });
    },

    recountPairs: () => repo.recountPairs(),
  };
}
