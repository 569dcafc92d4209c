import { DomainError } from '../../errors';
import { requirePermission } from '../../staff/permissions';
import type { StaffWrite } from '../../staff/staff-write';
import type { BulkParcelInput, BulkPriceInput, ProductEdit } from './admin.schemas';
import {
  AUDIT_OFFERS_CAP,
  CATALOG_PAGE_SIZE,
  type CatalogAdminRepository,
  type CatalogAdminService,
  type OwnParcel,
  PARCEL_FACTS,
  PREVIEW_ROWS,
  type SectionRow,
} from './catalog-admin';
import { isOnSale } from '../on-sale';
import { type PriceRounding, roundPrices } from '../../pricing/price-rounding';
import { changedPrice, priceProblem, roublesOf, ruleText } from './rules';
import { notFound } from './not-found';

const ownedBy1C = (what: string) =>
  new DomainError(
    'conflict',
    `${what} ведёт 1С: изменения вносите в 1С, иначе следующий обмен их перезапишет.`,
    'OWNED_BY_1C',
  );

/** The weight and size facts an edit gives (null clears), what is absent left out. */
const parcelPatch = (edit: Partial<Record<keyof OwnParcel, number | null | undefined>>): Partial<OwnParcel> =>
  Object.fromEntries(PARCEL_FACTS.filter((f) => edit[f] !== undefined).map((f) => [f, edit[f]]));
/** The facts of `patch` that differ from `before`. */
const parcelChanges = (before: OwnParcel, patch: Partial<OwnParcel>): Partial<OwnParcel> =>
  Object.fromEntries(Object.entries(patch).filter(([f, v]) => before[f as keyof OwnParcel] !== v));

/** Sections in tree order: each after its parent, siblings by sort and name. */
export function treeOrder(sections: readonly SectionRow[]): SectionRow[] {
  const children = new Map<number | null, SectionRow[]>();
  for (const s of sections) {
    const parent = s.parentId !== null && sections.some((p) => p.id === s.parentId) ? s.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), s]);
  }
  const out: SectionRow[] = [];
  const walk = (parent: number | null) => {
    const list = (children.get(parent) ?? []).sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name, 'ru'));
    for (const s of list) {
      out.push(s);
      walk(s.id);
    }
  };
  walk(null);
  return out;
}

export function createCatalogAdminService(deps: {
  repo: CatalogAdminRepository;
  write: StaffWrite;
  /** The shop's pricing rule: a price set here is stored, shown and charged as it makes it. */
  priceRounding: PriceRounding;
}): CatalogAdminService {
  const { repo, write, priceRounding } = deps;

  async function card(id: number) {
    const found = await repo.card(id);
    if (!found) throw notFound.product();
    return found;
  }

  const service: CatalogAdminService = {
    async list(ctx, filter) {
      requirePermission(ctx, 'catalog.edit');
      const page = filter.page ?? 1;
      const { page: _page, ...rest } = filter;
      const { rows, total } = await repo.list({
        ...rest,
        limit: CATALOG_PAGE_SIZE,
        offset: (page - 1) * CATALOG_PAGE_SIZE,
      });
      return { items: rows, total, page, pages: Math.max(1, Math.ceil(total / CATALOG_PAGE_SIZE)) };
    },

    async card(ctx, id) {
      requirePermission(ctx, 'catalog.edit');
      return card(id);
    },

    async edit(ctx, id, edit: ProductEdit) {
      // Publishing alone is its own entry in the log; with other fields it is part of the product's change.
      const onlyPublish = Object.entries(edit).every(([key, value]) => key === 'published' || value === undefined);
      await write(ctx, onlyPublish ? 'product.publish' : 'product.update', { id }, async ({ catalog }) => {
        const before = await catalog.lockProduct(id);
        if (!before) throw notFound.product();
        const fields = {
          name: edit.name,
          description: edit.description,
          sectionId: edit.sectionId,
          brandId: edit.brandId,
        };
        const changed = Object.fromEntries(
          Object.entries(fields).filter(
            ([key, value]) => value !== undefined && value !== before[key as keyof typeof before],
          ),
        ) as Partial<Pick<typeof before, 'name' | 'description' | 'sectionId' | 'brandId'>>;
        if (before.ownedBy1C && Object.keys(changed).length > 0) {
          const names = { name: 'Название', description: 'Описание', sectionId: 'Раздел', brandId: 'Бренд' } as const;
          const first = Object.keys(changed)[0] as keyof typeof names;
          throw ownedBy1C(`${names[first]} этого товара`);
        }
        if (changed.sectionId !== undefined || changed.brandId !== undefined) {
          const [sections, brands] = await Promise.all([
            changed.sectionId !== undefined ? catalog.sections() : null,
            changed.brandId !== undefined ? catalog.brands() : null,
          ]);
          if (sections && !sections.some((s) => s.id === changed.sectionId))
            throw new DomainError('validation', 'Такого раздела нет.', 'SECTION_NOT_FOUND');
          if (brands && !brands.some((b) => b.id === changed.brandId))
            throw new DomainError('validation', 'Такого бренда нет.', 'BRAND_NOT_FOUND');
        }
        // Weight and size are the shop's to set even on a 1C product: an exchange overwrites them only when 1C sends them.
        const parcel = parcelChanges(before.parcel, parcelPatch(edit));
        const publish = edit.published !== undefined && edit.published !== before.published;
        if (publish && edit.published) {
          const facts = { deletedBy1C: before.deletedBy1C, priced: before.minPrice > 0, unpublished: false };
          if (facts.deletedBy1C)
            throw new DomainError(
              'conflict',
              '1С удалила этот товар: вернуть его в продажу можно только в 1С, следующий обмен его опубликует.',
              'DELETED_IN_1C',
            );
          if (!isOnSale(facts))
            throw new DomainError(
              'conflict',
              'У товара нет цены: задайте цену размерам, потом публикуйте.',
              'PRODUCT_UNPRICED',
            );
        }
        const after = { ...changed, ...parcel, ...(publish ? { published: edit.published } : {}) };
        if (Object.keys(after).length > 0) await catalog.updateProduct(id, after);
        const was = Object.fromEntries(
          Object.keys(after).map((k) => [
            k,
            k in before.parcel ? before.parcel[k as keyof OwnParcel] : before[k as keyof typeof before],
          ]),
        );
        return { value: undefined, unchanged: Object.keys(after).length === 0, before: was, after };
      });
      return card(id);
    },

    async setPrice(ctx, offerId, typed) {
      const problem = priceProblem(typed.price, typed.oldPrice);
      if (problem) throw new DomainError('validation', problem, 'INVALID_PRICE');
      const input = roundPrices(typed, priceRounding);
      return write(ctx, 'offer.price', { id: offerId }, async ({ catalog }) => {
        const offer = await catalog.lockOffer(offerId);
        if (!offer) throw notFound.offer();
        if (offer.ownedBy1C) throw ownedBy1C('Цену этого размера');
        const unchanged = offer.price === input.price && offer.oldPrice === input.oldPrice;
        if (!unchanged) {
          await catalog.setOfferPrices([{ id: offerId, price: input.price, oldPrice: input.oldPrice }]);
          await catalog.refreshPrices([offer.productId]);
        }
        const money = (k: number | null) => (k === null ? null : roublesOf(k));
        const after = { productId: offer.productId, price: roublesOf(input.price), oldPrice: money(input.oldPrice) };
        return {
          value: { id: offerId, size: offer.size, ...after },
          unchanged,
          before: { productId: offer.productId, price: roublesOf(offer.price), oldPrice: money(offer.oldPrice) },
          after,
        };
      });
    },

    async bulkPrice(ctx, input: BulkPriceInput & { expected?: number }) {
      requirePermission(ctx, 'catalog.edit');
      const { filter, rule, keepOld } = input;
      const row = (o: Awaited<ReturnType<CatalogAdminRepository['filteredOffers']>>[number]) => {
        const next = roundPrices(changedPrice(o, rule, keepOld), priceRounding);
        return {
          offerId: o.id,
          productId: o.productId,
          product: o.productName,
          article: o.article,
          size: o.size,
          price: o.price,
          oldPrice: o.oldPrice,
          newPrice: next.price,
          newOldPrice: next.oldPrice,
        };
      };
      const base = { rule: { ...rule, text: ruleText(rule) }, keepOld, filter };
      if (!input.apply) {
        const [counts, offers] = await Promise.all([
          repo.countFilteredOffers(filter),
          repo.filteredOffers(filter, { limit: PREVIEW_ROWS, lock: false }),
        ]);
        return {
          ...base,
          applied: false,
          count: counts.offers - counts.ownedBy1C,
          skipped: counts.ownedBy1C,
          rows: offers.map(row),
        };
      }
      return write(ctx, 'catalog.bulk_price', { id: 'prices' }, async ({ catalog }) => {
        const mine = await catalog.filteredOffers(filter, { limit: null, lock: true });
        const { ownedBy1C: skipped } = await catalog.countFilteredOffers(filter);
        if (input.expected !== undefined && input.expected !== mine.length)
          throw new DomainError(
            'conflict',
            `Список изменился после предпросмотра: теперь в нём ${mine.length} размеров вместо ${input.expected}. Посмотрите предпросмотр ещё раз.`,
            'BULK_CHANGED',
          );
        if (mine.length === 0)
          throw new DomainError(
            'validation',
            'В отфильтрованном списке нет размеров, чьи цены можно менять.',
            'BULK_EMPTY',
          );
        const rows = mine.map(row);
        const changes = rows
          .filter((r) => r.newPrice !== r.price || r.newOldPrice !== r.oldPrice)
          .map((r) => ({ id: r.offerId, price: r.newPrice, oldPrice: r.newOldPrice }));
        await catalog.setOfferPrices(changes);
        await catalog.refreshPrices([...new Set(rows.map((r) => r.productId))]);
        const capped = rows.slice(0, AUDIT_OFFERS_CAP);
        const money = (k: number | null) => (k === null ? null : roublesOf(k));
        return {
          value: { ...base, applied: true, count: rows.length, skipped, rows: rows.slice(0, PREVIEW_ROWS) },
          before: {
            offers: capped.map((r) => ({ id: r.offerId, price: money(r.price), oldPrice: money(r.oldPrice) })),
          },
          after: {
            filter,
            rule: ruleText(rule),
            keepOld,
            count: rows.length,
            skipped,
            offers: capped.map((r) => ({ id: r.offerId, price: money(r.newPrice), oldPrice: money(r.newOldPrice) })),
          },
        };
      });
    },

    async bulkParcel(ctx, input: BulkParcelInput) {
      const set = parcelPatch(input);
      return write(ctx, 'catalog.bulk_parcel', { id: 'parcels' }, async ({ catalog }) => {
        const products = await catalog.lockParcelProducts(input.filter, input.productIds);
        if (input.expected !== undefined && input.expected !== products.length)
          throw new DomainError(
            'conflict',
            `Список изменился: теперь в нём ${products.length} товаров вместо ${input.expected}. Проверьте фильтр и повторите.`,
            'BULK_CHANGED',
          );
        if (products.length === 0)
          throw new DomainError('validation', 'Нет товаров, которым менять вес и размеры.', 'BULK_EMPTY');
        if (input.productIds && products.length !== new Set(input.productIds).size) throw notFound.product();
        const changed = products.filter((p) => Object.keys(parcelChanges(p.parcel, set)).length > 0);
        await catalog.setParcels(
          changed.map((p) => p.id),
          set,
        );
        const capped = changed.slice(0, AUDIT_OFFERS_CAP);
        return {
          value: { count: products.length, set },
          unchanged: changed.length === 0,
          before: { products: capped.map((p) => ({ id: p.id, ...p.parcel })) },
          after: {
            ...(input.productIds
              ? { productIds: input.productIds.slice(0, AUDIT_OFFERS_CAP) }
              : { filter: input.filter }),
            set,
            count: products.length,
            changed: changed.length,
          },
        };
      });
    },

    async sections(ctx) {
      requirePermission(ctx, 'catalog.edit');
      return treeOrder(await repo.sections());
    },

    async editSection(ctx, id, edit) {
      return write(ctx, 'section.update', { id }, async ({ catalog }) => {
        const before = await catalog.lockSection(id);
        if (!before) throw notFound.section();
        if (edit.url !== undefined && edit.url !== before.url && (await catalog.sectionUrlTaken(edit.url, id)))
          throw new DomainError('conflict', 'Этот адрес уже у другого раздела.', 'SECTION_URL_TAKEN');
        const pick = (s: SectionRow) => ({ name: s.name, url: s.url, sort: s.sort, ...s.parcel });
        const after = {
          ...pick(before),
          ...Object.fromEntries(Object.entries(edit).filter(([, v]) => v !== undefined)),
        };
        await catalog.updateSection(id, edit);
        const { weight, length, width, height, ...named } = after;
        return {
          value: { ...before, ...named, parcel: { weight, length, width, height } },
          before: pick(before),
          after,
        };
      });
    },

    async brands(ctx) {
      requirePermission(ctx, 'catalog.edit');
      return repo.brands();
    },

    async editBrand(ctx, id, edit) {
      return write(ctx, 'brand.update', { id }, async ({ catalog }) => {
        const before = await catalog.lockBrand(id);
        if (!before) throw notFound.brand();
        const pick = (b: { name: string; text: string }) => ({ name: b.name, text: b.text });
        const after = {
          ...pick(before),
          ...Object.fromEntries(Object.entries(edit).filter(([, v]) => v !== undefined)),
        };
        await catalog.updateBrand(id, edit);
        return { value: { ...before, ...after }, before: pick(before), after };
      });
    },

    async createBrand(ctx, brand) {
      return write(ctx, 'brand.create', {}, async ({ catalog }) => {
        if (await catalog.brandCodeTaken(brand.code))
          throw new DomainError('conflict', `Бренд с кодом «${brand.code}» уже есть.`, 'BRAND_CODE_TAKEN');
        const id = await catalog.createBrand(brand);
        return { value: { id, ...brand, products: 0 }, id, after: { ...brand } };
      });
    },
  };
  return service;
}
