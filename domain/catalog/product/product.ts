import type { AvailabilityOffer } from '../../inventory/availability';

/** The spec's code/value pair (offer props, photo-model props). */
export interface CodeValue {
  code: string;
  value: string;
}

/** One row of the product's props table: the filterable prop with its Russian name and value name. */
export interface ProductProp {
  code: string;
  name: string;
  value: string;
  valueName: string;
}

/** The spec's Offer: one size of one colour. Money in kopecks. */
export interface ProductOffer {
  id: number;
  itemId: number;
  /** The size filter's value code (`sizeCode`). */
  sizeId: string;
  sizeName: string;
  sizeSort: number;
  price: number;
  oldPrice: number | null;
  discountPercent: number;
  colorName: string;
  /** Photo-model props first, then the product's filterable props (value codes). */
  props: CodeValue[];
  /** Spec §4: no stock online, in movement stores or in shops. */
  disabled: boolean;
  /** Spec §4: stock in an allowed online or movement store. */
  canBuy: boolean;
  /** In at least one shop: it can be bought there even when not online. */
  inShops: boolean;
}

export interface ProductImage {
  file: string;
  sort: number;
}

export interface ProductSeo {
  title: string;
  description: string;
  keywords: string;
  image: string | null;
}

/** The spec's Item with what the product page shows of one colour. Offers are in size order. */
export interface ProductItem {
  id: number;
  /** Model id shared by the colours of one model. */
  sid: number;
  sort: number;
  code: string;
  url: string;
  name: string;
  article: string;
  category: string;
  /** The name of the product's own section, e.g. «Парки». */
  sectionName: string;
  description: string;
  isNew: boolean;
  brand: { id: number; code: string; name: string; url: string };
  color: { code: string; name: string; hex: string };
  props: ProductProp[];
  /** RAZMER_IZDELIYA_NA_FOTOMODELI, ROST_FOTOMODELI, OBEMY_FOTOMODELI. */
  modelProps: CodeValue[];
  images: ProductImage[];
  offers: ProductOffer[];
  /** Lowest offer price and its old price. */
  price: number;
  oldPrice: number | null;
  discountPercent: number;
  seo: ProductSeo;
}

export interface Breadcrumb {
  name: string;
  url: string;
}

/** Everything the product page needs, for the asked colour and every other colour of its model. */
export interface ProductPage {
  /** The asked product's id. */
  currentId: number;
  /** Every active colour of the model, the asked one included, in colour order. */
  items: ProductItem[];
  /** From the catalogue root to the product's section. */
  breadcrumbs: Breadcrumb[];
  availabilityOffers: AvailabilityOffer[];
  restrictionOrderShops: Record<number, number[]>;
  shopIdToStoreIds: Record<number, number[]>;
  onlineStoreIds: number[];
  movementStoreIds: number[];
}

/** A shop that has some of the product, with its quantity per offer. */
export interface ShopStock {
  id: number;
  name: string;
  address: string;
  metro: string | null;
  hours: string;
  phone: string;
  /** Offer id -> units in this shop (only offers it has). */
  quantities: Record<number, number>;
}

export interface CityStock {
  id: number;
  name: string;
  shops: ShopStock[];
}

/** The answer of `product/available/get`: the product's sizes and the shops that have them, by city. */
export interface ShopAvailability {
  productId: number;
  offers: { id: number; sizeName: string }[];
  cities: CityStock[];
}

const MODEL_HEIGHT = 'ROST_FOTOMODELI';
const MODEL_SIZE = 'RAZMER_IZDELIYA_NA_FOTOMODELI';
const MODEL_VOLUMES = 'OBEMY_FOTOMODELI';

/** «Рост фотомодели 176 см, на фотомодели размер 46, параметры 84-62-90»; null without photo-model data. */
export function photoModelText(props: readonly CodeValue[]): string | null {
  const value = (code: string) => props.find((p) => p.code === code)?.value.trim() || null;
  const height = value(MODEL_HEIGHT);
  const size = value(MODEL_SIZE);
  const volumes = value(MODEL_VOLUMES);
  const parts: string[] = [];
  if (height) parts.push(`Рост фотомодели ${height}\u00a0см`);
  if (size) parts.push(parts.length ? `на фотомодели размер ${size}` : `На фотомодели размер ${size}`);
  if (volumes) parts.push(parts.length ? `параметры ${volumes}` : `Параметры фотомодели ${volumes}`);
  return parts.length ? parts.join(', ') : null;
}
