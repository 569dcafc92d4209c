import type { RequestContext } from '../../context';
import { DomainError } from '../../errors';
import { discountPercent } from '../../pricing/price';
import { type AvailabilityOffer, canBuyOnline, isOfferDisabled, type OnlineStores } from '../../inventory/availability';
import type { Breadcrumb, CodeValue, ProductItem, ProductOffer, ProductPage, ShopAvailability } from './product';
import { productSeo } from './product-seo';
import { sortBySize } from './sizes';

/** An offer as stored: price and size, no stock yet. */
export interface StoredOffer {
  id: number;
  itemId: number;
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
  /**
   * Adds one view to the product's views and popularity, unless this session's last counted view of it is less than
   * `windowMs` old. Atomic, so concurrent requests of one visitor count once.
   */
  countView(sessionId: string, productId: number, windowMs: number): Promise<'counted' | 'repeat' | 'missing'>;
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
  /** Counts a view for popularity; answers whether it was counted (a repeat in the window is not). */
  recordView(ctx: Pick<RequestContext, 'sessionId'>, input: ViewInput): Promise<{ counted: boolean }>;
}

const HOME: Breadcrumb = { name: 'Главная', url: '/' };

/** One view per visitor and product is counted in this window: reloads and colour switches back do not inflate popularity. */
export const VIEW_WINDOW_MS = 30 * 60_000;

export function createProductService(repo: ProductRepository, { viewWindowMs = VIEW_WINDOW_MS } = {}): ProductService {
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
    async recordView({ sessionId }, { productId, parentId }) {
      let target = productId;
      if (parentId !== null && parentId !== productId) {
        if ((await repo.productOfOffer(productId)) !== parentId) {
          throw new DomainError('validation', 'Размер не относится к этому товару.', 'OFFER_MISMATCH');
        }
        target = parentId;
      }
      const result = await repo.countView(sessionId, target, viewWindowMs);
      if (result === 'missing')
        throw new DomainError('not_found', 'Такого товара нет в каталоге.', 'PRODUCT_NOT_FOUND');
      return { counted: result === 'counted' };
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
