import { taggedCache } from '../../cache';
import { type Invalidations, productTag } from '../../cache-tags';
import type { RequestContext } from '../../context';
import { DomainError } from '../../errors';
import { discountPercent } from '../../pricing/price';
import { type AvailabilityOffer, canBuyOnline, isOfferDisabled, type StoreModel } from '../../inventory/availability';
import type { Breadcrumb, CodeValue, ProductItem, ProductOffer, ProductPage, ShopAvailability } from './product';
import { productSeo } from './product-seo';
import { sortBySize } from './sizes';

/** An offer as stored: price and size, no stock yet. */
export interface StoredOffer {
  id: number;
  itemId: number;
  /** The size filter's value code (`sizeCode`). */
  sizeId: string;
  sizeName: string;
  sizeSort: number;
  price: number;
  oldPrice: number | null;
}

/** One colour as stored, before the rules add stock flags, prices and SEO. */
export type StoredItem = Omit<ProductItem, 'offers' | 'price' | 'oldPrice' | 'discountPercent' | 'seo'> & {
  offers: StoredOffer[];
};

export interface StoredModel {
  /** Every active colour of the model, in colour order. */
  items: StoredItem[];
  /** Sections from the catalogue root down to the asked product's section. */
  sections: Breadcrumb[];
  availability: Map<number, AvailabilityOffer>;
  stores: StoreModel;
}

export interface ProductRepository {
  idByCode(code: string): Promise<number | null>;
  /** The model of an active product, all its colours; null when there is no such product. */
  model(productId: number): Promise<StoredModel | null>;
  /** Shops holding any offer of an active product; null when there is no such product. */
  shopStock(productId: number): Promise<ShopAvailability | null>;
  /** The product an offer belongs to. */
  productOfOffer(offerId: number): Promise<number | null>;
  /**
   * Notes this session's view of an active product, unless its last counted view of it is less than `windowMs` old
   * ('repeat'). Atomic, so concurrent requests of one visitor count once. Moves no counter (see `addViews`).
   */
  claimView(sessionId: string, productId: number, windowMs: number): Promise<'counted' | 'repeat' | 'missing'>;
  /** Adds the counted views to the products' views and popularity, all in one statement. */
  addViews(counts: { productId: number; views: number }[]): Promise<void>;
}

export interface ViewInput {
  /** The shown offer or product (spec's PRODUCT_ID). */
  productId: number;
  /** The offer's product (spec's PARENT_ID); when absent or equal, PRODUCT_ID is the product itself. */
  parentId: number | null;
}

export interface ProductService {
  byCode(code: string): Promise<ProductPage | null>;
  byId(id: number): Promise<ProductPage | null>;
  shopAvailability(productId: number): Promise<ShopAvailability>;
  /**
   * Counts a view for popularity; answers whether it was counted (a repeat in the window is not). The product's
   * counters move at the next `flushViews`.
   */
  recordView(ctx: Pick<RequestContext, 'sessionId'>, input: ViewInput): Promise<{ counted: boolean }>;
  /**
   * Writes the views counted since the last flush; answers how many. A flush that fails keeps them for the next.
   * Flushes run one after another, so one at shutdown also waits for a periodic one under way.
   */
  flushViews(): Promise<number>;
}

const HOME: Breadcrumb = { name: 'Главная', url: '/' };

/** Product pages kept in memory (each colour of a model is its own page). */
const MAX_CACHED_MODELS = 2000;

/** One view per visitor and product is counted in this window: reloads and colour switches back do not inflate popularity. */
export const VIEW_WINDOW_MS = 30 * 60_000;

export function createProductService(
  repo: ProductRepository,
  { viewWindowMs = VIEW_WINDOW_MS, invalidations }: { viewWindowMs?: number; invalidations?: Invalidations } = {},
): ProductService {
  // A model's page is read far more often than its prices or stock change: kept until a change to one of its
  // colours (their offers, stock, photos) arrives, or for a minute.
  const pages = taggedCache<ProductPage | null>({ max: MAX_CACHED_MODELS, ttlMs: 60_000, invalidations });
  const page = (id: number) =>
    pages.get(String(id), async () => {
      const value = await load(id);
      return { value, tags: value ? value.items.map((item) => productTag(item.id)) : [productTag(id)] };
    });
  const load = async (id: number): Promise<ProductPage | null> => {
    const model = await repo.model(id);
    if (!model) return null;
    return {
      currentId: id,
      items: model.items.map((item) => withRules(item, model)),
      breadcrumbs: [HOME, ...model.sections],
      availabilityOffers: [...model.availability.values()],
      restrictionOrderShops: model.stores.restrictionOrderShops,
      shopIdToStoreIds: model.stores.shopIdToStoreIds,
      onlineStoreIds: model.stores.onlineStoreIds,
      movementStoreIds: model.stores.movementStoreIds,
    };
  };

  // Counted views wait here and are written in batches: a popular product viewed by everyone at once would otherwise
  // write and lock its one row (and, through triggers, its facet row) on every view. The popularity sort does not
  // mind a few seconds of lag; a process that dies unflushed loses those seconds' views.
  let pending = new Map<number, number>();
  let flushing: Promise<unknown> = Promise.resolve();
  const flush = async (): Promise<number> => {
    if (pending.size === 0) return 0;
    const batch = pending;
    pending = new Map();
    const counts = [...batch].map(([productId, views]) => ({ productId, views }));
    try {
      await repo.addViews(counts);
    } catch (error) {
      for (const [productId, views] of batch) pending.set(productId, (pending.get(productId) ?? 0) + views);
      throw error;
    }
    return counts.reduce((sum, c) => sum + c.views, 0);
  };

  return {
    async byCode(code) {
      const id = await repo.idByCode(code);
      return id === null ? null : page(id);
    },
    byId: page,
    async shopAvailability(productId) {
      const stock = await repo.shopStock(productId);
      if (!stock) throw new DomainError('not_found', 'Такого товара нет в каталоге.', 'PRODUCT_NOT_FOUND');
      return { ...stock, offers: sortBySize(stock.offers) };
    },
    async recordView({ sessionId }, { productId, parentId }) {
      let target = productId;
      if (parentId !== null && parentId !== productId) {
        if ((await repo.productOfOffer(productId)) !== parentId) {
          throw new DomainError('validation', 'Размер не относится к этому товару.', 'OFFER_MISMATCH');
        }
        target = parentId;
      }
      const result = await repo.claimView(sessionId, target, viewWindowMs);
      if (result === 'missing')
        throw new DomainError('not_found', 'Такого товара нет в каталоге.', 'PRODUCT_NOT_FOUND');
      if (result === 'counted') pending.set(target, (pending.get(target) ?? 0) + 1);
      return { counted: result === 'counted' };
    },
    flushViews() {
      const run = flushing.then(flush);
      flushing = run.catch(() => {});
      return run;
    },
  };
}

/** Adds what the rules decide: size order, disabled and buyable flags, the lowest price and the SEO texts. */
function withRules(item: StoredItem, model: StoredModel): ProductItem {
  const propsOf: CodeValue[] = [...item.modelProps, ...item.props.map((p) => ({ code: p.code, value: p.value }))];
  const offers: ProductOffer[] = sortBySize(item.offers).map((o) => {
    const stock = model.availability.get(o.id);
    return {
      ...o,
      discountPercent: discountPercent(o.price, o.oldPrice),
      colorName: item.color.name,
      props: propsOf,
      disabled: !stock || isOfferDisabled(stock),
      canBuy: !!stock && canBuyOnline(stock, model.stores),
      inShops: !!stock && stock.quantityOffline > 0,
    };
  });
  const cheapest = offers.reduce<ProductOffer | null>((min, o) => (!min || o.price < min.price ? o : min), null);
  const price = cheapest?.price ?? 0;
  const oldPrice = cheapest?.oldPrice ?? null;
  const priced = { ...item, offers, price, oldPrice, discountPercent: discountPercent(price, oldPrice) };
  return { ...priced, seo: productSeo(priced) };
}
