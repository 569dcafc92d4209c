import type { Context } from 'hono';
import { STAFF_API } from '../../../../contract/staff-api';
import {
  brandCreateInput,
  brandEditInput,
  bulkPriceInput,
  offerPriceInput,
  productEditInput,
  productFilterInput,
  sectionEditInput,
} from '../../../../domain/catalog/admin/admin.schemas';
import type { BulkPriceResult, ProductCard, ProductRow } from '../../../../domain/catalog/admin/catalog-admin';
import { roublesOf } from '../../../../domain/catalog/admin/rules';
import { DomainError } from '../../../../domain/errors';
import type { Services } from '../../../../domain/services';
import { answer } from '../../../http/api-layer';
import { parseInput } from '../../../http/body';
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

/** An id from the path, or the same «not found» as a row that does not exist. */
const pathId = (c: Context<AppEnv>, message: string, code: string) =>
  pathNumber(c, () => new DomainError('not_found', message, code));
const productId = (c: Context<AppEnv>) => pathId(c, 'Товар не найден.', 'PRODUCT_NOT_FOUND');

/**
 * `/api/v2/admin/` catalogue calls (issue 28.6): products with filters, a product's card and edit, an offer's price,
 * the filtered list's bulk price change, sections and brands. Every call needs `catalog.edit`, checked before the
 * body is read; prices are roubles here, kopecks inside.
 */
export function catalogueAdminApi(services: Services) {
  const calls = staffCalls();
  const { catalogAdmin } = services;

  calls.get(STAFF_API.products, 'catalog.edit', async (c) => {
    const list = await catalogAdmin.list(c.get('ctx'), queryOf(c, productFilterInput));
    return answer(c, { ...list, items: list.items.map(rowView) });
  });
  // The bulk change before `:id`, so «prices» is not read as a product's id.
  calls.post(STAFF_API.productPrices, 'catalog.edit', async (c) => {
    const input = await parseInput(c, bulkPriceInput);
    return answer(c, { bulk: bulkView(await catalogAdmin.bulkPrice(c.get('ctx'), input)) });
  });
  calls.get(STAFF_API.product, 'catalog.edit', async (c) =>
    answer(c, { product: cardView(await catalogAdmin.card(c.get('ctx'), productId(c))) }),
  );
  calls.post(STAFF_API.product, 'catalog.edit', async (c) => {
    const id = productId(c);
    const input = await parseInput(c, productEditInput);
    return answer(c, { product: cardView(await catalogAdmin.edit(c.get('ctx'), id, input)) });
  });
  calls.post(STAFF_API.offerPrice, 'catalog.edit', async (c) => {
    const id = pathId(c, 'Размер товара не найден.', 'OFFER_NOT_FOUND');
    const input = await parseInput(c, offerPriceInput);
    return answer(c, { offer: await catalogAdmin.setPrice(c.get('ctx'), id, input) });
  });
  calls.get(STAFF_API.sections, 'catalog.edit', async (c) =>
    answer(c, { items: await catalogAdmin.sections(c.get('ctx')) }),
  );
  calls.post(STAFF_API.section, 'catalog.edit', async (c) => {
    const id = pathId(c, 'Раздел не найден.', 'SECTION_NOT_FOUND');
    const input = await parseInput(c, sectionEditInput);
    return answer(c, { section: await catalogAdmin.editSection(c.get('ctx'), id, input) });
  });
  calls.get(STAFF_API.brands, 'catalog.edit', async (c) =>
    answer(c, { items: await catalogAdmin.brands(c.get('ctx')) }),
  );
  calls.post(STAFF_API.brands, 'catalog.edit', async (c) => {
    const input = await parseInput(c, brandCreateInput);
    return answer(c, { brand: await catalogAdmin.createBrand(c.get('ctx'), input) });
  });
  calls.post(STAFF_API.brand, 'catalog.edit', async (c) => {
    const id = pathId(c, 'Бренд не найден.', 'BRAND_NOT_FOUND');
    const input = await parseInput(c, brandEditInput);
    return answer(c, { brand: await catalogAdmin.editBrand(c.get('ctx'), id, input) });
  });
  return calls.api;
}
