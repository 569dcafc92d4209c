import type { RequestContext } from '../../context';
import { DomainError } from '../../errors';
import { kindOf, sizeSort, slug } from '../../exchange/catalogue-mapping';
import { type PriceRounding, roundPrices } from '../../pricing/price-rounding';
import { auditEntry } from '../../staff/audit';
import { requirePermission } from '../../staff/permissions';
import type { StaffWrite } from '../../staff/staff-write';
import { STAFF_WRITES } from '../../staff/writes';
import { PROPS } from '../filter/props';
import { notFound } from './not-found';
import type { ProductBulkEdit, ProductCreate } from './product-making.schemas';
import { changedPrice, priceProblem, roublesOf, ruleText } from './rules';

/** A section as a new product takes it: its path, gender and name (the product's category and kind). */
export interface SectionFacts {
  id: number;
  name: string;
  path: number[];
  gender: string | null;
}

/** A product row as the back office makes it — the shape the 1C import writes (db/repositories/exchange-import-variants.ts). */
export interface NewProductRow {
  id: number;
  modelId: number;
  section: SectionFacts;
  brandId: number;
  code: string;
  url: string;
  name: string;
  article: string;
  kind: string;
  colorCode: string;
  description: string;
  unpublished: boolean;
}

export interface NewOfferRow {
  productId: number;
  sizeName: string;
  sizeSort: number;
  price: number;
  oldPrice: number | null;
  /** The size's barcode (a catalogue import's); the desk's form gives none. */
  barcode?: string | null;
}

/** A product of a bulk edit, under its row lock. */
export interface LockedProduct {
  id: number;
  name: string;
  article: string;
  colorCode: string;
  sectionId: number;
  brandId: number;
  props: Record<string, string>;
  /** The staff's own hold (`unpublished`), not whether it sells now. */
  published: boolean;
  minPrice: number;
  ownedBy1C: boolean;
  deletedBy1C: boolean;
}

export interface LockedOffer {
  id: number;
  productId: number;
  size: string;
  price: number;
  oldPrice: number | null;
  ownedBy1C: boolean;
}

/** The SQL of making products and changing many at once, on a unit of work's transaction. */
export interface ProductMakingWrites {
  /** The shop's colours, in their order: what a new product's colour is chosen from. */
  colours(): Promise<{ code: string; name: string }[]>;
  section(id: number): Promise<SectionFacts | null>;
  brandExists(id: number): Promise<boolean>;
  /** Which of `codes` are colours of the shop's list. */
  knownColours(codes: readonly string[]): Promise<string[]>;
  /** Ids taken ahead from the products' sequence. */
  newProductIds(count: number): Promise<number[]>;
  insertProducts(rows: readonly NewProductRow[]): Promise<void>;
  insertOffers(rows: readonly NewOfferRow[]): Promise<void>;
  /** A copy of product `from` as `to` (a model of its own, off sale and held), with its sizes, prices and photos. */
  copyProduct(from: number, to: { id: number; code: string; url: string; name: string }): Promise<void>;
  /** The products, locked in id order. */
  lockProducts(ids: readonly number[]): Promise<LockedProduct[]>;
  /** Their offers, locked in id order. */
  lockOffers(productIds: readonly number[]): Promise<LockedOffer[]>;
  /** Section (with its path and gender), brand, one property and the staff's hold, on every product of `ids`. */
  updateProducts(
    ids: readonly number[],
    set: { sectionId?: number; brandId?: number; prop?: { code: string; value: string | null }; published?: boolean },
  ): Promise<void>;
  setOfferPrices(changes: readonly { id: number; price: number; oldPrice: number | null }[]): Promise<void>;
  /** Lowest price, old price, discount and whether on sale, from the offers (as a price change does). */
  refreshPrices(productIds: readonly number[]): Promise<void>;
}

export interface CreatedProduct {
  modelId: number;
  products: { id: number; code: string; url: string; color: string; sizes: number }[];
}

export interface BulkEditResult {
  /** Products chosen. */
  count: number;
  /** Products that changed (one audit entry each). */
  changed: number;
  /** Sizes whose price changed. */
  prices: number;
}

export interface ProductMakingService {
  create(ctx: RequestContext, input: ProductCreate): Promise<CreatedProduct>;
  copy(ctx: RequestContext, id: number): Promise<{ id: number; code: string; url: string }>;
  bulkEdit(ctx: RequestContext, input: ProductBulkEdit): Promise<BulkEditResult>;
  colours(ctx: RequestContext): Promise<{ code: string; name: string }[]>;
}

const ownedBy1C = (count: number, what: string) =>
  new DomainError(
    'conflict',
    `${count === 1 ? 'Один из выбранных товаров ведёт' : `${count} из выбранных товаров ведёт`} 1С: ${what} у ${count === 1 ? 'него' : 'них'} меняются в 1С. Снимите их с выбора.`,
    'OWNED_BY_1C',
  );

/** The product's code and page, as the 1C import makes them: unique by the id at its end. */
export const productCode = (article: string, name: string, color: string, id: number) =>
  `${slug(article || name, 'tovar')}-${color}-${id}`;

/**
 * The rows of one new model, a product per colour under the first id, as the desk makes them from its form (and the
 * catalogue import from a file's rows of one article).
 */
export function newProductRows(
  input: Pick<ProductCreate, 'name' | 'article' | 'description' | 'brandId' | 'published'> & {
    colours: readonly { color: string }[];
  },
  section: SectionFacts,
  ids: readonly number[],
): NewProductRow[] {
  const modelId = ids[0] as number;
  return input.colours.map((colour, i): NewProductRow => {
    const id = ids[i] as number;
    const code = productCode(input.article, input.name, colour.color, id);
    return {
      id,
      modelId,
      section,
      brandId: input.brandId,
      code,
      url: `/product/${code}/`,
      name: input.name,
      article: input.article,
      kind: kindOf(section.name, input.name),
      colorCode: colour.color,
      description: input.description,
      unpublished: !input.published,
    };
  });
}

export function createProductMakingService(deps: {
  /** The reads outside a write (the colours' list). */
  reads: Pick<ProductMakingWrites, 'colours'>;
  write: StaffWrite;
  priceRounding: PriceRounding;
}): ProductMakingService {
  const { write, priceRounding } = deps;
  return {
    async colours(ctx) {
      requirePermission(ctx, 'catalog.edit');
      return deps.reads.colours();
    },

    async create(ctx, input) {
      for (const colour of input.colours)
        for (const s of colour.sizes) {
          const problem = priceProblem(s.price, s.oldPrice);
          if (problem) throw new DomainError('validation', `${colour.color}, ${s.size}: ${problem}`, 'INVALID_PRICE');
        }
      return write(ctx, 'product.create', {}, async ({ making }) => {
        const section = await making.section(input.sectionId);
        if (!section) throw new DomainError('validation', 'Такого раздела нет.', 'SECTION_NOT_FOUND');
        if (!(await making.brandExists(input.brandId)))
          throw new DomainError('validation', 'Такого бренда нет.', 'BRAND_NOT_FOUND');
        const known = new Set(await making.knownColours(input.colours.map((c) => c.color)));
        const unknown = input.colours.find((c) => !known.has(c.color));
        if (unknown) throw new DomainError('validation', `Цвета «${unknown.color}» нет в списке.`, 'COLOR_NOT_FOUND');
        const ids = await making.newProductIds(input.colours.length);
        const modelId = ids[0] as number;
        const rows = newProductRows(input, section, ids);
        await making.insertProducts(rows);
        await making.insertOffers(
          input.colours.flatMap((colour, i) =>
            colour.sizes.map((s) => ({
              productId: ids[i] as number,
              sizeName: s.size,
              sizeSort: sizeSort(s.size),
              ...roundPrices({ price: s.price, oldPrice: s.oldPrice }, priceRounding),
            })),
          ),
        );
        await making.refreshPrices(ids);
        const value: CreatedProduct = {
          modelId,
          products: rows.map((r, i) => ({
            id: r.id,
            code: r.code,
            url: r.url,
            color: r.colorCode,
            sizes: input.colours[i]?.sizes.length ?? 0,
          })),
        };
        return {
          value,
          id: modelId,
          after: {
            name: input.name,
            article: input.article,
            sectionId: input.sectionId,
            brandId: input.brandId,
            published: input.published,
            colours: input.colours.map((c, i) => ({
              productId: ids[i],
              color: c.color,
              sizes: c.sizes.map((s) => ({ size: s.size, price: roublesOf(s.price) })),
            })),
          },
        };
      });
    },

    async copy(ctx, id) {
      return write(ctx, 'product.copy', {}, async ({ making }) => {
        const [source] = await making.lockProducts([id]);
        if (!source) throw notFound.product();
        const [newId] = (await making.newProductIds(1)) as [number];
        const name = `${source.name} (копия)`.slice(0, 200);
        const code = productCode(source.article, source.name, source.colorCode, newId);
        const made = { id: newId, code, url: `/product/${code}/`, name };
        await making.copyProduct(id, made);
        return {
          value: { id: newId, code, url: made.url },
          id: newId,
          before: { from: id },
          after: { from: id, name, code, published: false },
        };
      });
    },

    async bulkEdit(ctx, input) {
      const { productIds, sectionId, brandId, prop, published, pricePercent } = input;
      return write(ctx, 'catalog.bulk_edit', {}, async (repos, scope) => {
        const { making } = repos;
        const products = await making.lockProducts(productIds);
        if (products.length !== productIds.length) throw notFound.product();
        if (sectionId !== undefined && !(await making.section(sectionId)))
          throw new DomainError('validation', 'Такого раздела нет.', 'SECTION_NOT_FOUND');
        if (brandId !== undefined && !(await making.brandExists(brandId)))
          throw new DomainError('validation', 'Такого бренда нет.', 'BRAND_NOT_FOUND');
        const owned = products.filter((p) => p.ownedBy1C).length;
        if (owned > 0 && (sectionId !== undefined || brandId !== undefined || prop !== undefined))
          throw ownedBy1C(owned, 'раздел, бренд и свойства');

        // Prices first: publishing asks for a price, which the change may just have given.
        const offers = pricePercent === undefined ? [] : await making.lockOffers(productIds);
        const ownedOffers = offers.filter((o) => o.ownedBy1C).length;
        if (ownedOffers > 0)
          throw ownedBy1C(new Set(offers.filter((o) => o.ownedBy1C).map((o) => o.productId)).size, 'цены');
        const rule = { kind: 'percent' as const, value: pricePercent ?? 0 };
        const priced = offers
          .filter((o) => o.price > 0)
          .map((o) => ({ offer: o, next: roundPrices(changedPrice(o, rule, false), priceRounding) }))
          .filter(({ offer, next }) => next.price !== offer.price || next.oldPrice !== offer.oldPrice);
        await making.setOfferPrices(priced.map(({ offer, next }) => ({ id: offer.id, ...next })));
        await making.refreshPrices(productIds);

        if (published === true) {
          const deleted = products.find((p) => p.deletedBy1C);
          if (deleted)
            throw new DomainError(
              'conflict',
              `1С удалила товар «${deleted.name}»: вернуть его в продажу можно только в 1С.`,
              'DELETED_IN_1C',
            );
          const unpriced = products.find((p) => p.minPrice <= 0 && !priced.some((x) => x.offer.productId === p.id));
          if (unpriced)
            throw new DomainError(
              'conflict',
              `У товара «${unpriced.name}» нет цены: задайте цену размерам, потом публикуйте.`,
              'PRODUCT_UNPRICED',
            );
        }
        await making.updateProducts(productIds, { sectionId, brandId, prop, published });
        if (published !== undefined) await making.refreshPrices(productIds);

        // One entry per product that changed: what it was and what it is.
        const money = (k: number | null) => (k === null ? null : roublesOf(k));
        const entries = products.flatMap((p) => {
          const before: Record<string, unknown> = {};
          const after: Record<string, unknown> = {};
          if (sectionId !== undefined && sectionId !== p.sectionId) {
            before.sectionId = p.sectionId;
            after.sectionId = sectionId;
          }
          if (brandId !== undefined && brandId !== p.brandId) {
            before.brandId = p.brandId;
            after.brandId = brandId;
          }
          if (prop !== undefined && (p.props[prop.code] ?? null) !== prop.value) {
            const name = PROPS[prop.code].name;
            before[name] = p.props[prop.code] ?? null;
            after[name] = prop.value;
          }
          if (published !== undefined && published !== p.published) {
            before.published = p.published;
            after.published = published;
          }
          const mine = priced.filter((x) => x.offer.productId === p.id);
          if (mine.length > 0) {
            before.prices = mine.map(({ offer }) => ({ size: offer.size, price: money(offer.price) }));
            after.prices = mine.map(({ offer, next }) => ({ size: offer.size, price: money(next.price) }));
            after.rule = ruleText(rule);
          }
          return Object.keys(after).length === 0 ? [] : [{ id: p.id, before, after }];
        });
        const value = { count: products.length, changed: entries.length, prices: priced.length };
        const last = entries.pop();
        if (!last) return { value, unchanged: true };
        const { entity } = STAFF_WRITES['catalog.bulk_edit'];
        for (const e of entries)
          await repos.audit.record(
            auditEntry(ctx, scope.member, { action: 'catalog.bulk_edit', entity, entityId: e.id, ...e }),
          );
        return { value, id: last.id, before: last.before, after: last.after };
      });
    },
  };
}
