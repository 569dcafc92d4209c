import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { heldByOrderSql, stockCountSql } from '../../db/repositories/exchange-import-stock';
import {
  holdsStock1CDoesNotKnow,
  IMPORT_DEFAULTS,
  OFFER_FIELDS,
  PRICE_FIELDS,
  PRODUCT_FIELDS,
  STOCK_FACTS,
  type StockFacts,
  stockCount,
} from '../../domain/exchange/import-rules';
import { ORDER_TRANSITIONS, type OrderStatus } from '../../domain/order/process';
import type { CataloguePackage } from '../../server/exchange/commerceml/write-package';
import { addOnecAccount, exchangePackage, publicData } from '../support/onec-catalogue';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The 1C import's rules are each defined once (domain/exchange/import-rules.ts): the SQL built from them answers as
 * the domain does, and an import shows each of them from outside (the answer to 1C, the public catalogue calls).
 */

let app: TestApp;
let shop: string;
const rows = <T>(query: SQL) => queryRows<T>(app.database.db, query);

beforeAll(async () => {
  app = await createTestApp();
  await addOnecAccount(app);
  const [first] = await rows<{ code: string }>(sql`select code from stores where type = 'shop' order by id limit 1`);
  shop = first?.code as string;
});
afterAll(() => app.close());

const retail = (kopecks: number) => [{ priceTypeId: 'pt-r', kopecks, currency: 'RUB' }];

/** A package of the rules' cases: a group for the goods, and the records each rule is about. */
const rulesPackage = (): CataloguePackage => ({
  groups: [
    { id: 'r-root', name: 'Правила импорта', parentId: null, deleted: false },
    { id: 'r-gone', name: 'Удалённая группа', parentId: null, deleted: true },
    // Under the deleted group: its parent is not loaded.
    { id: 'r-orphan', name: 'Группа без родителя', parentId: 'r-gone', deleted: false },
  ],
  properties: [],
  priceTypes: [
    { id: 'pt-r', name: 'Розничная', currency: 'RUB' },
    { id: 'pt-w', name: 'Оптовая', currency: 'RUB' },
  ],
  warehouses: [{ id: shop, name: 'Магазин' }],
  products: [
    {
      id: 'r-plain',
      name: 'Шарф «Простой»',
      article: 'R-1',
      description: '',
      groupIds: ['r-root'],
      properties: [],
      requisites: [],
      images: [],
      deleted: false,
    },
    {
      id: 'r-nogroup',
      name: 'Без группы',
      article: 'R-2',
      description: '',
      groupIds: [],
      properties: [],
      requisites: [],
      images: [],
      deleted: false,
    },
    {
      id: 'r-lost',
      name: 'В чужой группе',
      article: 'R-3',
      description: '',
      groupIds: ['r-nowhere'],
      properties: [],
      requisites: [],
      images: [],
      deleted: false,
    },
  ],
  offers: [
    {
      id: 'r-plain',
      name: null,
      characteristics: [],
      prices: retail(150_000),
      quantity: 2,
      stock: [{ warehouseId: shop, quantity: 2 }],
      deleted: false,
    },
    {
      id: 'r-plain#wholesale',
      name: null,
      characteristics: [{ name: 'Размер', value: 'XL' }],
      prices: [{ priceTypeId: 'pt-w', kopecks: 90_000, currency: 'RUB' }],
      quantity: 5,
      stock: [{ warehouseId: shop, quantity: 5 }],
      deleted: false,
    },
  ],
});

async function productOf(name: string) {
  const sections = await publicData(app, '/api/v2/catalog/section/list/');
  const root = sections.items.find((s: { name: string }) => s.name === 'Правила импорта');
  const list = await publicData(app, `/api/v2/catalog/product/list/?${new URLSearchParams({ section: root.url })}`);
  const item = list.items.find((i: { name: string }) => i.name === name);
  return item ? publicData(app, `/api/v2/catalog/product/get/?id=${item.id}`) : null;
}

describe('the 1C import’s rules', () => {
  it('skips what it cannot place, says why by 1C’s Ид, and fills in the defaults', async () => {
    const { text } = await exchangePackage(app, rulesPackage());
    expect(text).toContain('Ошибка (Ид r-orphan): Родительская группа r-gone не загружена: группа пропущена.');
    expect(text).toContain('Ошибка (Ид r-nogroup): У товара нет группы каталога: товар пропущен.');
    expect(text).toContain('Ошибка (Ид r-lost): Группа r-nowhere не загружена: товар пропущен.');
    expect(text).toContain('Ошибка (Ид r-plain#wholesale): Нет цены розничного типа');
    // The deleted group is skipped without a word; it and its subgroup are not in the menu.
    expect(text).not.toContain('Ошибка (Ид r-gone)');
    const names = (await publicData(app, '/api/v2/catalog/section/list/')).items.map((s: { name: string }) => s.name);
    expect(names).toContain('Правила импорта');
    expect(names).not.toContain('Удалённая группа');
    expect(names).not.toContain('Группа без родителя');

    const product = await productOf('Шарф «Простой»');
    expect(product.item.brand.name).toBe('Без бренда');
    expect(product.item.brand.name).toBe(IMPORT_DEFAULTS.brand);
    expect(product.variants.map((v: { colorName: string }) => v.colorName)).toEqual(['Другой']);
    expect(IMPORT_DEFAULTS.color).toEqual({ code: 'other', name: 'Другой', hex: '#b9b4ad' });
    const sizes = Object.fromEntries(
      product.offers.map((o: { id: number; sizeName: string }) => [
        o.sizeName,
        product.availability.find((a: { id: number }) => a.id === o.id)?.quantity ?? 0,
      ]),
    );
    // A size without a retail price is not sold: none of its stock shows.
    expect(sizes).toEqual({ Единый: 2, XL: 0 });
    expect(IMPORT_DEFAULTS.size).toBe('Единый');
    expect(await productOf('Без группы')).toBeNull();
  });

  it('counts a record changed by the fields it is compared on, and nothing for the same package', async () => {
    expect(PRODUCT_FIELDS).toEqual([
      'name',
      'article',
      'description',
      'sectionId',
      'brandId',
      'colorCode',
      'props',
      'images',
      'deleted',
    ]);
    expect(OFFER_FIELDS).toEqual(['productId', 'sizeName', 'sizeSort']);
    expect(PRICE_FIELDS).toEqual(['price', 'old']);
    const count = (text: string) => /разделов .*/.exec(text.split('Файл offers.xml')[1] ?? '')?.[0];
    const same = await exchangePackage(app, rulesPackage());
    expect(/разделов .*/.exec(same.text)?.[0]).toMatch(/товаров \+0\/~0\/−0/);
    expect(count(same.text)).toMatch(/предложений \+0\/~0, цен ~0, остатков ~0\/−0/);

    const pkg = rulesPackage();
    pkg.products = [...(pkg.products ?? [])].map((p) => (p.id === 'r-plain' ? { ...p, description: 'Новое' } : p));
    pkg.offers = [...(pkg.offers ?? [])].map((o) =>
      o.id === 'r-plain'
        ? {
            ...o,
            characteristics: [{ name: 'Размер', value: 'M' }],
            prices: retail(140_000),
            stock: [{ warehouseId: shop, quantity: 1 }],
          }
        : o,
    );
    const changed = await exchangePackage(app, pkg);
    expect(/разделов .*/.exec(changed.text)?.[0]).toMatch(/товаров \+0\/~1\/−0/);
    expect(count(changed.text)).toMatch(/предложений \+0\/~1, цен ~1, остатков ~1\/−0/);
  });

  it('counts stock by one table: the SQL built from it answers as the domain for every combination', async () => {
    const combos: StockFacts[] = [];
    for (let mask = 0; mask < 2 ** STOCK_FACTS.length; mask++)
      combos.push(Object.fromEntries(STOCK_FACTS.map((f, i) => [f, Boolean(mask & (1 << i))])) as StockFacts);
    const answers: string[] = [];
    for (const facts of combos) {
      const [row] = await rows<{ count: string | null }>(
        sql`select ${stockCountSql({
          existed: sql`${facts.existed}::boolean`,
          empty: sql`${facts.empty}::boolean`,
          same: sql`${facts.same}::boolean`,
        })} as count`,
      );
      expect(row?.count ?? null, JSON.stringify(facts)).toBe(stockCount(facts));
      answers.push(
        `${facts.existed ? 'был' : 'нет'} ${facts.empty ? 'пуст' : 'есть'} ${facts.same ? '=' : '≠'}: ${stockCount(facts)}`,
      );
    }
    expect(answers).toEqual([
      'нет есть ≠: created',
      'был есть ≠: changed',
      'нет пуст ≠: null',
      'был пуст ≠: removed',
      'нет есть =: null',
      'был есть =: null',
      'нет пуст =: null',
      'был пуст =: null',
    ]);
  });

  it('takes off 1C’s count what the orders 1C does not know hold: the SQL answers as the domain for every status', async () => {
    const statuses = Object.keys(ORDER_TRANSITIONS) as OrderStatus[];
    const held: string[] = [];
    for (const status of statuses)
      for (const exported of [false, true]) {
        const [row] = await rows<{ held: boolean }>(
          sql`select ${heldByOrderSql(sql`r`)} as held from (select ${exported ? new Date().toISOString() : null}::timestamptz
            as exported_at, ${status}::text as status) r`,
        );
        expect(row?.held, `${status} ${exported}`).toBe(holdsStock1CDoesNotKnow({ exported, status }));
        if (row?.held) held.push(`${status}${exported ? ' (в 1С)' : ''}`);
      }
    expect(held.sort()).toEqual(statuses.filter((s) => !['cancelled', 'returned'].includes(s)).sort());
  });
});
