import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import type { OfferRecord, ProductRecord } from '../../domain/exchange/records';
import type { CataloguePackage } from '../../server/exchange/commerceml/write-package';
import { addOnecAccount, exchangePackage } from '../support/onec-catalogue';
import { createTestApp, type TestApp } from '../support/test-app';

/** Issue 42.6: a 1C product's `Вес` (kg) and «Длина», «Ширина», «Высота» (cm) become the shop product's parcel. */
let app: TestApp;
let store: string;
const rows = <T>(query: SQL) => queryRows<T>(app.database.db, query);

type Facts = { weight: number | null; length: number | null; width: number | null; height: number | null };
const factsOf = async (onecId: string) =>
  (
    await rows<Facts>(
      sql`select p.weight, p.length, p.width, p.height from products p
        join exchange_variants v on v.product_id = p.id where v.onec_product_id = ${onecId}`,
    )
  )[0];

const product = (
  id: string,
  extra: Partial<Pick<ProductRecord, 'weight' | 'requisites'>> = {},
): Omit<ProductRecord, 'kind'> => ({
  id,
  name: `Пуховик «${id}»`,
  article: `W-${id}`,
  description: '',
  groupIds: ['g-down'],
  properties: [],
  requisites: [{ name: 'ВидНоменклатуры', value: 'Товар' }],
  images: [],
  deleted: false,
  ...extra,
});
const offer = (productId: string): Omit<OfferRecord, 'kind' | 'productId' | 'characteristicId'> => ({
  id: `${productId}#48`,
  name: null,
  characteristics: [{ name: 'Размер', value: '48' }],
  prices: [{ priceTypeId: 'pt-retail', kopecks: 1_500_000, currency: 'RUB' }],
  quantity: 1,
  stock: [{ warehouseId: store, quantity: 1 }],
  deleted: false,
});
const pkg = (products: Omit<ProductRecord, 'kind'>[]): CataloguePackage => ({
  groups: [{ id: 'g-down', name: 'Пуховики из 1С', parentId: null, deleted: false }],
  properties: [],
  products,
  priceTypes: [{ id: 'pt-retail', name: 'Розничная', currency: 'RUB' }],
  warehouses: [{ id: store, name: 'Магазин' }],
  offers: products.map((p) => offer(p.id)),
});
const logErrors = async () =>
  (
    await rows<{ errors: { id: string; message: string }[] }>(
      sql`select errors from exchange_log where file_name = 'import.xml' order by id desc limit 1`,
    )
  )[0]?.errors ?? [];

beforeAll(async () => {
  app = await createTestApp();
  await addOnecAccount(app);
  const [shop] = await rows<{ code: string }>(sql`select code from stores where type = 'shop' order by id limit 1`);
  store = String(shop?.code);
});
afterAll(() => app.close());

describe('1C weight and size', () => {
  it('takes `Вес` in kg (the element or the requisite) as grams and the size requisites as cm; a bad value is a log line', async () => {
    await exchangePackage(
      app,
      pkg([
        product('w-element', {
          weight: '1,25',
          requisites: [
            { name: 'Длина', value: '52' },
            { name: 'Ширина', value: 'широкая' },
            { name: 'Высота', value: '14.2' },
          ],
        }),
        product('w-requisite', { requisites: [{ name: 'Вес', value: '0.3' }] }),
        product('w-bad', { requisites: [{ name: 'Вес', value: '-2' }] }),
        product('w-zero', { weight: '0' }),
        product('w-none'),
      ]),
    );
    expect(await factsOf('w-element')).toEqual({ weight: 1250, length: 52, width: null, height: 15 });
    expect(await factsOf('w-requisite')).toEqual({ weight: 300, length: null, width: null, height: null });
    expect(await factsOf('w-bad')).toEqual({ weight: null, length: null, width: null, height: null });
    expect(await factsOf('w-zero')).toEqual({ weight: null, length: null, width: null, height: null });
    expect(await factsOf('w-none')).toEqual({ weight: null, length: null, width: null, height: null });
    const errors = await logErrors();
    expect(errors).toContainEqual({
      id: 'w-element',
      message: expect.stringMatching(/^Ширина: значение «широкая» пропущено/),
    });
    expect(errors).toContainEqual({
      id: 'w-bad',
      message: expect.stringMatching(/^Вес: значение «-2» пропущено.*килограммах/),
    });
    expect(errors.filter((e) => e.id === 'w-none' || e.id === 'w-requisite')).toEqual([]);
  });

  it('a fact 1C does not send again leaves the product’s as it is (a staff change holds); one it sends replaces it', async () => {
    await app.database.db.execute(
      sql`update products p set weight = 777, width = 33 from exchange_variants v
        where v.product_id = p.id and v.onec_product_id in ('w-none', 'w-element')`,
    );
    await exchangePackage(
      app,
      pkg([
        product('w-element', { requisites: [{ name: 'Высота', value: '9' }] }),
        product('w-requisite', { weight: '2' }),
        product('w-bad'),
        product('w-zero'),
        product('w-none'),
      ]),
    );
    expect(await factsOf('w-element')).toEqual({ weight: 777, length: 52, width: 33, height: 9 });
    expect(await factsOf('w-requisite')).toEqual({ weight: 2000, length: null, width: null, height: null });
    expect(await factsOf('w-none')).toEqual({ weight: 777, length: null, width: 33, height: null });
  });
});
