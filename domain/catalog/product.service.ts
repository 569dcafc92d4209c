import { DomainError } from '../errors';
import { discountPercent } from '../pricing/price';
import { type AvailabilityOffer, canBuyOnline, isOfferDisabled, type OnlineStores } from './availability';
import type { Breadcrumb, CodeValue, ProductItem, ProductOffer, ProductPage, ShopAvailability } from './product';
import { productSeo } from './product-seo';
import { sortBySize } from './sizes';

/** An offer as stored: price and size, no stock yet. */
export interface StoredOffer { id: number; itemId: number; sizeName: string; sizeSort: number; price: number; oldPrice: number | null }

/** One colour as stored, before the rules add stock flags, prices and SEO. */
export type StoredItem = Omit<ProductItem, 'offers' | 'price' | 'oldPrice' | 'discountPercent' | 'seo'> & { offers: StoredOffer[] };

export interface StoredModel {
  /** Every active colour of the model, in colour order. */
  items: StoredItem[];
  /** Sections from the catalogue root down to the asked product's section. */
  sections: Breadcrumb[];
  availability: Map<number, AvailabilityOffer>;
  stores: OnlineStores;
}

export interface ProductRepository {
  idByCode(code: string): Promise<number | null>;
  /** The model of an active product, all its colours; null when there is no such product. */
  model(productId: number): Promise<StoredModel | null>;
  /** Shops holding any offer of an active product; null when there is no such product. */
  shopStock(productId: number): Promise<ShopAvailability | null>;
  /** The product an offer belongs to. */
  productOfOffer(offerId: number): Promise<number | null>;
  /** Adds one view to the product's views and popularity; false when there is no such active product. */
  countView(productId: number): Promise<boolean>;
}

export interface ViewInput {
  /** Visitor session: one view per visitor and product is counted in `viewWindowMs`. */
  sessionId: string;
  /** The shown offer or product (spec's PRODUCT_ID). */
  productId: number;
  /** The offer's product (spec's PARENT_ID); when absent or equal, PRODUCT_ID is the product itself. */
  parentId: number | null;
}

export interface ProductService {
  byCode(code: string): Promise<ProductPage | null>;
  byId(id: number): Promise<ProductPage | null>;
  shopAvailability(productId: number): Promise<ShopAvailability>;
  /** Counts a view for popularity; answers whether it was counted (a repeat in the window is not). */
  recordView(input: ViewInput): Promise<{ counted: boolean }>;
}

const HOME: Breadcrumb = { name: 'Главная', url: '/' };

export function createProductService(
  repo: ProductRepository,
  { viewWindowMs = 30 * 60_000, maxTrackedViews = 50_000, now = Date.now } = {},
): ProductService {
  /** session:product -> when the view was counted. Best effort per process: it only damps reloads. */
  const recentViews = new Map<string, number>();

  const page = async (id: number): Promise<ProductPage | null> => {
    const model = await repo.model(id);
    if (!model) return null;
    return {
      currentId: id,
      items: model.items.map((item) => withRules(item, model)),
      breadcrumbs: [HOME, ...model.sections],
      availabilityOffers: [...model.availability.values()],
      restrictionOrderShops: model.stores.restrictionOrderShops,
      onlineStoreIds: model.stores.onlineStoreIds,
      movementStoreIds: model.stores.movementStoreIds,
    };
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
    async recordView({ sessionId, productId, parentId }) {
      let target = productId;
      if (parentId !== null && parentId !== productId) {
        if ((await repo.productOfOffer(productId)) !== parentId) {
          throw new DomainError('validation', 'Размер не относится к этому товару.', 'OFFER_MISMATCH');
        }
        target = parentId;
      }
      const key = `${sessionId}:${target}`;
      const at = now();
      const seen = recentViews.get(key);
      if (seen !== undefined && at - seen < viewWindowMs) return { counted: false };
      if (!(await repo.countView(target))) throw new DomainError('not_found', 'Такого товара нет в каталоге.', 'PRODUCT_NOT_FOUND');
      recentViews.delete(key);
      recentViews.set(key, at);
      // Maps iterate in insertion order: the first keys are the oldest.
      for (const old of recentViews.keys()) {
        if (recentViews.size <= maxTrackedViews) break;
        recentViews.delete(old);
      }
      return { counted: true };
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
