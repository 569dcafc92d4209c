import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import type { CataloguePackage } from '../../server/exchange/commerceml/write-package';
import { addOnecAccount, exchangePackage, publicData } from '../support/onec-catalogue';
import { addStaff, STAFF_PASSWORD, staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 43.2: a first exchange of a package written by another project (its own price type names, warehouses the
 * shop does not know, sizes only in the offers' names) shows its goods for sale with prices and stock, with no
 * staff action; what was assumed is said in the exchange log and on the back office's exchange page.
 */

let one: TestApp;
let several: TestApp;

beforeAll(async () => {
  [one, several] = await Promise.all([createTestApp(), createTestApp()]);
  await Promise.all([addOnecAccount(one), addOnecAccount(several)]);
}, 60_000);
afterAll(async () => {
  await one?.close();
  await several?.close();
});

const product = (id: string, name: string, group: string) => ({
  id,
  name,
  article: `${id.toUpperCase()}-1`,
  description: '',
  groupIds: [group],
  properties: [],
  requisites: [
    { name: 'ВидНоменклатуры', value: 'Товар' },
    { name: 'Полное наименование', value: `${name}, полное` },
  ],
  images: [],
  deleted: false,
});

/**
 * Offers named «<product> (<size>)» with no characteristics, priced in every type (`retail` the dearest), stocked in
 * two warehouses the shop does not know.
 */
const offers = (productId: string, name: string, types: string[], retail: string) =>
  ['M', 'L'].map((size, i) => ({
    id: `${productId}#${size}`,
    name: `${name} (${size})`,
    characteristics: [],
    prices: types.map((t) => ({ priceTypeId: t, kopecks: t === retail ? 1_490_000 : 990_000, currency: 'руб' })),
    quantity: 3 + i,
    stock: [
      { warehouseId: 'wh-central-7f3a', quantity: 2 },
      { warehouseId: 'wh-south-91bc', quantity: 1 + i },
    ],
    deleted: false,
  }));

const foreignPackage = (priceTypes: { id: string; name: string }[], retail: string): CataloguePackage => ({
  catalogueId: 'other-project-catalogue',
  groups: [
    { id: 'grp-outer', name: 'Верхняя одежда 1С', parentId: null, deleted: false },
    { id: 'grp-down', name: 'Пуховики 1С', parentId: 'grp-outer', deleted: false },
  ],
  properties: [],
  priceTypes: priceTypes.map((t) => ({ ...t, currency: 'руб' })),
  warehouses: [
    { id: 'wh-central-7f3a', name: 'Центральный склад' },
    { id: 'wh-south-91bc', name: 'Склад Юг' },
  ],
  products: [product('dj-north', 'Пуховик «Север»', 'grp-down')],
  offers: offers(
    'dj-north',
    'Пуховик «Север»',
    priceTypes.map((t) => t.id),
    retail,
  ),
});

/** The product as the public catalogue shows it: by its section from the section list, then its own call. */
async function shown(app: TestApp) {
  const sections = (await publicData(app, '/api/v2/catalog/section/list/')).items as { name: string; url: string }[];
  const down = sections.find((s) => s.name === 'Пуховики 1С');
  expect(down, 'the 1C group is a section of the catalogue').toBeTruthy();
  const list = await publicData(
    app,
    `/api/v2/catalog/product/list/?${new URLSearchParams({ section: down?.url ?? '' })}`,
  );
  const item = list.items.find((i: { name: string }) => i.name === 'Пуховик «Север»');
  expect(item, 'the product is listed').toBeTruthy();
  const page = await publicData(app, `/api/v2/catalog/product/get/?id=${item.id}`);
  return {
    listPrice: item.price as number,
    sizes: (page.offers as { id: number; sizeName: string; price: number }[]).map((o) => ({
      size: o.sizeName,
      price: o.price,
      inStock: (page.availability as { id: number; quantity: number }[]).find((a) => a.id === o.id)?.quantity ?? 0,
    })),
  };
}

describe('a first 1C exchange of another project’s package', () => {
  it('shows the goods for sale with prices, sizes and stock; says what it assumed', async () => {
    const { text } = await exchangePackage(one, foreignPackage([{ id: 'pt-base-01', name: 'BASE' }], 'pt-base-01'));
    expect(text).toContain('Тип цен «BASE» — единственный без роли: его цены загружены как розничные');
    const seen = await shown(one);
    expect(seen.listPrice).toBe(1_490_000);
    // Sizes from the offers' names; both warehouses' stock as the online warehouse's.
    expect(seen.sizes).toEqual([
      { size: 'M', price: 1_490_000, inStock: 3 },
      { size: 'L', price: 1_490_000, inStock: 4 },
    ]);
    // The 1C groups are in the shop's menu: the top one a category, its subgroup a block.
    const menu = await one.services.menu.menu();
    const category = menu.categories.find((c) => c.name === 'Верхняя одежда 1С');
    expect(category?.blocks.map((b) => b.name)).toEqual(['Пуховики 1С']);
    // `ЗначенияРеквизитов` are kept on the 1C product.
    const [kept] = await queryRows<{ requisites: Record<string, string> }>(
      one.database.db,
      sql`select requisites from exchange_products where onec_id = 'dj-north'`,
    );
    expect(kept?.requisites).toEqual({ ВидНоменклатуры: 'Товар', 'Полное наименование': 'Пуховик «Север», полное' });
  });

  it('lists on the exchange page the warehouses counted as the online warehouse', async () => {
    await addStaff(one, { email: 'owner-first@shop.test', role: 'owner' });
    const owner = await staffBrowser(one);
    expect((await owner.login({ email: 'owner-first@shop.test', password: STAFF_PASSWORD })).status).toBe(200);
    const html = (await (await owner.get('/admin/exchange/')).text()).replace(/&quot;|&#x27;/g, '"');
    expect(html).toContain(
      'Остатки складов без магазина идут на интернет-склад, пока их не сопоставят: «Склад Юг», «Центральный склад».',
    );
  });

  it('of several price types without a role takes the one named like retail and asks to confirm it', async () => {
    const types = [
      { id: 'pt-buy', name: 'Закупочная' },
      { id: 'pt-main', name: 'Основная цена продажи' },
      { id: 'pt-dealer', name: 'Дилерская' },
    ];
    const { text } = await exchangePackage(several, foreignPackage(types, 'pt-main'));
    expect(text).toContain(
      'Тип цен «Основная цена продажи» взят как розничная цена из 3 типов без роли: подтвердите или выберите другой',
    );
    expect((await shown(several)).sizes.map((s) => [s.size, s.price, s.inStock > 0])).toEqual([
      ['M', 1_490_000, true],
      ['L', 1_490_000, true],
    ]);
  });
});
