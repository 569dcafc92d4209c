import type { Context } from 'hono';
import { STAFF_API } from '../../../../contract/staff-api';
import {
  brandCreateInput,
  brandEditInput,
  bulkParcelInput,
  bulkPriceInput,
  offerPriceInput,
  productEditInput,
  productFilterInput,
  sectionEditInput,
} from '../../../../domain/catalog/admin/admin.schemas';
import type { BulkPriceResult, ProductCard, ProductRow } from '../../../../domain/catalog/admin/catalog-admin';
import { notFound } from '../../../../domain/catalog/admin/not-found';
import { roublesOf } from '../../../../domain/catalog/admin/rules';
import type { Services } from '../../../../domain/services';
import { answer } from '../../../http/api-layer';
import type { AppEnv } from '../../../http/env';
import { pathNumber, queryOf, staffCalls } from './kit';

const money = (kopecks: number | null) => (kopecks === null ? null : roublesOf(kopecks));

/** A product of the list as the API answers it: prices in roubles. */
const rowView = (r: ProductRow) => ({ ...r, minPrice: money(r.minPrice), maxPrice: money(r.maxPrice) });

/** A product's card as the API answers it: prices in roubles. */
const cardView = (p: ProductCard) => ({
  ...p,
  minPrice: roublesOf(p.minPrice),
  oldPrice: money(p.oldPrice),
  offers: p.offers.map((o) => ({ ...o, price: roublesOf(o.price), oldPrice: money(o.oldPrice) })),
});

const bulkView = (r: BulkPriceResult) => ({
  ...r,
  rule: r.rule.kind === 'amount' ? { ...r.rule, value: roublesOf(r.rule.value) } : r.rule,
  rows: r.rows.map((row) => ({
    ...row,
    price: roublesOf(row.price),
    oldPrice: money(row.oldPrice),
    newPrice: roublesOf(row.newPrice),
    newOldPrice: money(row.newOldPrice),
  })),
});

const productId = (c: Context<AppEnv>) => pathNumber(c, notFound.product);
const offerId = (c: Context<AppEnv>) => pathNumber(c, notFound.offer);
const sectionId = (c: Context<AppEnv>) => pathNumber(c, notFound.section);
const brandId = (c: Context<AppEnv>) => pathNumber(c, notFound.brand);

/**
 * `/api/v2/admin/` catalogue calls (issue 28.6): products with filters, a product's card and edit, an offer's price,
 * the filtered list's bulk price change and bulk weight and size (issue 42.6), sections and brands. Every call needs `catalog.edit`, checked before the
 * body is read; prices are roubles here, kopecks inside.
 */
export function catalogAdminApi(services: Services) {
  const calls = staffCalls();
  const { catalogAdmin } = services;

  calls.get(STAFF_API.products, 'catalog.edit', async (c) => {
    const list = await catalogAdmin.list(c.get('ctx'), queryOf(c, productFilterInput));
    return answer(c, { ...list, items: list.items.map(rowView) });
  });
  // The bulk change before `:id`, so «prices» is not read as a product's id.
  calls.write(STAFF_API.productPrices, 'catalog.edit', bulkPriceInput, async (ctx, input) => ({
    bulk: bulkView(await catalogAdmin.bulkPrice(ctx, input)),
  }));
  calls.write(STAFF_API.productParcels, 'catalog.edit', bulkParcelInput, async (ctx, input) => ({
    bulk: await catalogAdmin.bulkParcel(ctx, input),
  }));
  calls.get(STAFF_API.product, 'catalog.edit', async (c) =>
    answer(c, { product: cardView(await catalogAdmin.card(c.get('ctx'), productId(c))) }),
  );
  calls.writeTo(STAFF_API.product, 'catalog.edit', productId, productEditInput, async (ctx, id, input) => ({
    product: cardView(await catalogAdmin.edit(ctx, id, input)),
  }));
  calls.writeTo(STAFF_API.offerPrice, 'catalog.edit', offerId, offerPriceInput, async (ctx, id, input) => ({
    offer: await catalogAdmin.setPrice(ctx, id, input),
  }));
  calls.get(STAFF_API.sections, 'catalog.edit', async (c) =>
    answer(c, { items: await catalogAdmin.sections(c.get('ctx')) }),
  );
  calls.writeTo(STAFF_API.section, 'catalog.edit', sectionId, sectionEditInput, async (ctx, id, input) => ({
    section: await catalogAdmin.editSection(ctx, id, input),
  }));
  calls.get(STAFF_API.brands, 'catalog.edit', async (c) =>
    answer(c, { items: await catalogAdmin.brands(c.get('ctx')) }),
  );
  calls.write(STAFF_API.brands, 'catalog.edit', brandCreateInput, async (ctx, input) => ({
    brand: await catalogAdmin.createBrand(ctx, input),
  }));
  calls.writeTo(STAFF_API.brand, 'catalog.edit', brandId, brandEditInput, async (ctx, id, input) => ({
    brand: await catalogAdmin.editBrand(ctx, id, input),
  }));
  return calls.api;
}
