import type { RequestContext } from '../../context';
import type { AuditWrites } from '../../staff/audit';
import type { ParcelFacts } from '../../delivery/parcel';
import type {
  BrandCreate,
  BrandEdit,
  BulkParcelInput,
  BulkPriceInput,
  ProductEdit,
  ProductFilter,
  SectionEdit,
} from './admin.schemas';
import type { PriceRule } from './rules';

/** The note on a field 1C owns: the next exchange would overwrite a change made here. */
export const OWNED_BY_1C_NOTE = 'Это поле ведёт 1С: изменения вносите в 1С, иначе следующий обмен их перезапишет.';

export const CATALOG_PAGE_SIZE = 50;
/** Offers the bulk change's preview shows; the count covers them all. */
export const PREVIEW_ROWS = 20;
/** Offers the bulk change's audit entry names one by one; the count covers them all. */
export const AUDIT_OFFERS_CAP = 500;

/** The list's filter as the SQL is asked it: the page turned into a limit and an offset. */
export type ProductQuery = Omit<ProductFilter, 'page'> & { limit: number; offset: number };

/** A product as the catalogue list shows it (kopecks). */
export interface ProductRow {
  id: number;
  code: string;
  url: string;
  name: string;
  article: string;
  section: string;
  brand: string;
  image: string | null;
  minPrice: number | null;
  maxPrice: number | null;
  stock: number;
  published: boolean;
}

export interface ProductList {
  items: ProductRow[];
  total: number;
  page: number;
  pages: number;
}

/** A product's or a section's own packed weight (grams) and size (cm): null where it says none. */
export type OwnParcel = { [K in keyof ParcelFacts]: number | null };
export const PARCEL_FACTS = ['weight', 'length', 'width', 'height'] as const satisfies readonly (keyof ParcelFacts)[];

/** One size of a product on its card (kopecks). */
export interface OfferFacts {
  id: number;
  productId: number;
  size: string;
  price: number;
  oldPrice: number | null;
  stock: number;
  ownedBy1C: boolean;
}

/** A product's card (kopecks). */
export interface ProductCard {
  id: number;
  code: string;
  url: string;
  name: string;
  article: string;
  description: string;
  section: { id: number; name: string };
  brand: { id: number; name: string };
  color: string;
  props: { name: string; value: string }[];
  published: boolean;
  minPrice: number;
  oldPrice: number | null;
  discountPercent: number;
  /** The product came from 1C: its name, description, section and brand are 1C's. */
  ownedBy1C: boolean;
  /** The other colours of the same model. */
  variants: { id: number; name: string; color: string; published: boolean }[];
  offers: OfferFacts[];
  images: { id: number; file: string }[];
  /** Its packed unit: its own facts (null = by section), and what delivery uses (the sections' or the shop's default). */
  parcel: { own: OwnParcel; used: ParcelFacts };
}

/** What the card's write locks and changes. */
export interface ProductState {
  id: number;
  name: string;
  description: string;
  sectionId: number;
  brandId: number;
  published: boolean;
  minPrice: number;
  ownedBy1C: boolean;
  /** 1C deleted it: by `ON_SALE`, it stays off sale whatever the staff do. */
  deletedBy1C: boolean;
  /** Its own packed weight and size. */
  parcel: OwnParcel;
}

export interface SectionRow {
  id: number;
  parentId: number | null;
  name: string;
  url: string;
  sort: number;
  depth: number;
  products: number;
  /** The default packed unit of its products (null = the parent's, then the shop's). */
  parcel: OwnParcel;
}

export interface BrandRow {
  id: number;
  code: string;
  name: string;
  text: string;
  products: number;
}

/** An offer of the bulk change: its product, size and price (kopecks). */
export interface BulkOffer {
  id: number;
  productId: number;
  productName: string;
  article: string;
  size: string;
  price: number;
  oldPrice: number | null;
}

/** The catalogue's SQL, on the database or on a unit of work's transaction. */
export interface CatalogAdminRepository {
  list(query: ProductQuery): Promise<{ rows: ProductRow[]; total: number }>;
  card(id: number): Promise<ProductCard | null>;
  sections(): Promise<SectionRow[]>;
  brands(): Promise<BrandRow[]>;
  /** The product under a row lock (`for update`), or null. */
  lockProduct(id: number): Promise<ProductState | null>;
  /** Writes the fields given; a section also sets the product's section path and gender. */
  updateProduct(
    id: number,
    patch: Partial<Pick<ProductState, 'name' | 'description' | 'sectionId' | 'brandId' | 'published'>> &
      Partial<OwnParcel>,
  ): Promise<void>;
  /** The offer under a row lock, or null. */
  lockOffer(id: number): Promise<(OfferFacts & { productName: string }) | null>;
  /** The filter's offers that are not 1C's, in a stable order, locked when `lock`; `limit` null for all. */
  filteredOffers(
    filter: Omit<ProductFilter, 'page'>,
    options: { limit: number | null; lock: boolean },
  ): Promise<BulkOffer[]>;
  countFilteredOffers(filter: Omit<ProductFilter, 'page'>): Promise<{ offers: number; ownedBy1C: number }>;
  setOfferPrices(changes: readonly { id: number; price: number; oldPrice: number | null }[]): Promise<void>;
  /** Products' lowest price, its old price and discount from their offers (after a price change). */
  refreshPrices(productIds: readonly number[]): Promise<void>;
  /** The products of the filter, or of `ids` when given, with their own parcels, locked in id order. */
  lockParcelProducts(
    filter: Omit<ProductFilter, 'page'>,
    ids: readonly number[] | undefined,
  ): Promise<{ id: number; parcel: OwnParcel }[]>;
  /** Sets the facts given (null clears) on the products. */
  setParcels(ids: readonly number[], patch: Partial<OwnParcel>): Promise<void>;
  lockSection(id: number): Promise<SectionRow | null>;
  sectionUrlTaken(url: string, exceptId: number): Promise<boolean>;
  updateSection(id: number, patch: SectionEdit): Promise<void>;
  lockBrand(id: number): Promise<BrandRow | null>;
  brandCodeTaken(code: string): Promise<boolean>;
  updateBrand(id: number, patch: BrandEdit): Promise<void>;
  createBrand(brand: BrandCreate): Promise<number>;
}

export interface CatalogAdminUnit {
  run<T>(work: (repos: { catalog: CatalogAdminRepository; audit: AuditWrites }) => Promise<T>): Promise<T>;
}

/** An offer as the API answers it (roubles). */
export interface OfferView {
  id: number;
  productId: number;
  size: string;
  price: number;
  oldPrice: number | null;
}

/** The bulk change's preview (or, applied, its result). Prices in kopecks. */
export interface BulkPriceResult {
  applied: boolean;
  rule: PriceRule & { text: string };
  keepOld: boolean;
  filter: Omit<ProductFilter, 'page'>;
  /** Offers that change (or changed). */
  count: number;
  /** 1C's offers in the filter, left as they are. */
  skipped: number;
  rows: {
    offerId: number;
    productId: number;
    product: string;
    article: string;
    size: string;
    price: number;
    oldPrice: number | null;
    newPrice: number;
    newOldPrice: number | null;
  }[];
}

/** The bulk weight and size, applied. */
export interface BulkParcelResult {
  count: number;
  set: Partial<OwnParcel>;
}

export interface CatalogAdminService {
  list(ctx: RequestContext, filter: ProductFilter): Promise<ProductList>;
  card(ctx: RequestContext, id: number): Promise<ProductCard>;
  edit(ctx: RequestContext, id: number, edit: ProductEdit): Promise<ProductCard>;
  setPrice(ctx: RequestContext, offerId: number, price: { price: number; oldPrice: number | null }): Promise<OfferView>;
  bulkPrice(ctx: RequestContext, input: BulkPriceInput & { expected?: number }): Promise<BulkPriceResult>;
  bulkParcel(ctx: RequestContext, input: BulkParcelInput): Promise<BulkParcelResult>;
  sections(ctx: RequestContext): Promise<SectionRow[]>;
  editSection(ctx: RequestContext, id: number, edit: SectionEdit): Promise<SectionRow>;
  brands(ctx: RequestContext): Promise<BrandRow[]>;
  editBrand(ctx: RequestContext, id: number, edit: BrandEdit): Promise<BrandRow>;
  createBrand(ctx: RequestContext, brand: BrandCreate): Promise<BrandRow>;
}
