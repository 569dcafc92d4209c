import { describe, expect, it } from 'vitest';
import {
  genderOf,
  kindOf,
  offerInput,
  priceRole,
  productInput,
  propertyMapping,
  propertyTarget,
  propValueCode,
  sizeSort,
  slug,
} from './catalogue-mapping';
import type { OfferRecord } from './records';

const offer = (over: Partial<OfferRecord>): OfferRecord => ({
  kind: 'offer',
  id: 'p#c',
  productId: 'p',
  characteristicId: 'c',
  name: null,
  characteristics: [],
  prices: [],
  quantity: null,
  stock: [],
  deleted: false,
  ...over,
});

describe('1C names to the shop’s fields', () => {
  it('finds a property’s target by its name, also as 1C’s configurations vary it', () => {
    expect(propertyTarget('Бренд')).toBe('brand');
    expect(propertyTarget('Торговая марка')).toBe('brand');
    expect(propertyTarget('Бренд (торговая марка)')).toBe('brand');
    expect(propertyTarget('  цвет  ')).toBe('color');
    expect(propertyTarget('Наполнитель')).toBe('insulation');
    expect(propertyTarget('Сезонность')).toBe('season');
    expect(propertyTarget('Цветочный принт')).toBeNull();
    expect(propertyTarget('Вес')).toBeNull();
  });

  it('maps a value by the shop’s name or code, ё or е, and nothing it does not know', () => {
    expect(propValueCode('insulation', 'Пух-перо')).toBe('down-feather');
    expect(propValueCode('length', 'удлиненная')).toBe('long');
    expect(propValueCode('season', 'winter')).toBe('winter');
    expect(propValueCode('material', 'Мех норки')).toBeNull();
  });

  it('reads a product’s brand, colour and props through the dictionary, by value Ид or text', () => {
    const properties = new Map([
      [
        'p-b',
        propertyMapping({
          kind: 'property',
          id: 'p-b',
          name: 'Бренд',
          values: [{ id: 'v1', value: 'Север' }],
          deleted: false,
        }),
      ],
      ['p-s', propertyMapping({ kind: 'property', id: 'p-s', name: 'Сезон', values: [], deleted: false })],
      ['p-x', propertyMapping({ kind: 'property', id: 'p-x', name: 'Страна', values: [], deleted: false })],
    ]);
    const input = productInput(
      {
        kind: 'product',
        id: 'm',
        name: ' Парка ',
        article: null,
        description: null,
        groupIds: ['g1', 'g2'],
        properties: [
          { propertyId: 'p-b', value: 'v1', valueId: 'v1' },
          { propertyId: 'p-s', value: 'Демисезон', valueId: null },
          { propertyId: 'p-x', value: 'Россия', valueId: null },
        ],
        requisites: [],
        images: ['a.jpg'],
        deleted: false,
      },
      properties,
    );
    expect(input).toEqual({
      onecId: 'm',
      name: 'Парка',
      article: '',
      description: '',
      groupId: 'g1',
      brandName: 'Север',
      colorName: null,
      props: { season: 'demi' },
      imagePaths: ['a.jpg'],
      deleted: false,
      requisites: {},
      parcel: {},
      parcelProblems: [],
    });
  });

  it('takes the price type of the setting by name or Ид as the retail or old price, and no other', () => {
    const setting = { retail: 'Розничная', old: 'f00-old' };
    expect(priceRole({ id: 'x', name: 'РОЗНИЧНАЯ' }, setting)).toBe('retail');
    expect(priceRole({ id: 'f00-old', name: 'Зачёркнутая' }, setting)).toBe('old');
    expect(priceRole({ id: 'y', name: 'Оптовая' }, setting)).toBeNull();
    expect(priceRole({ id: 'z', name: 'Розничная цена' }, setting)).toBe('retail');
    expect(priceRole({ id: 'q', name: 'Розничная2' }, setting)).toBeNull();
  });

  it('reads an offer’s size and colour, prices by role, and stock by warehouse', () => {
    const roles = new Map([
      ['r', 'retail' as const],
      ['o', 'old' as const],
      ['w', null],
    ]);
    const input = offerInput(
      offer({
        characteristics: [
          { name: 'Размер одежды', value: '48' },
          { name: 'Цвет (осн.)', value: 'Синий' },
        ],
        prices: [
          { priceTypeId: 'w', kopecks: 1, currency: 'RUB' },
          { priceTypeId: 'r', kopecks: 500_000, currency: 'RUB' },
          { priceTypeId: 'o', kopecks: 700_000, currency: 'RUB' },
        ],
        quantity: 3.5,
        stock: [{ warehouseId: 's1', quantity: -1 }],
      }),
      roles,
    );
    expect(input).toMatchObject({
      sizeName: '48',
      colorName: 'Синий',
      prices: { retail: 500_000, old: 700_000 },
      stock: { warehouses: [{ warehouseId: 's1', quantity: 0 }], total: 3 },
    });
    // A prices or rests file names no size or colour: null, so a known offer stays where it is; no stock: null.
    expect(offerInput(offer({}), roles)).toMatchObject({ sizeName: null, colorName: null, prices: null, stock: null });
    // Prices, but none of the retail type: said so.
    expect(
      offerInput(offer({ prices: [{ priceTypeId: 'w', kopecks: 5, currency: 'RUB' }] }), roles).noRetailPrice,
    ).toBe(true);
  });

  it('sets prices under the shop’s pricing rule, and as 1C gives them without one', () => {
    const roles = new Map([
      ['r', 'retail' as const],
      ['o', 'old' as const],
    ]);
    const prices = [
      { priceTypeId: 'r', kopecks: 171_900, currency: 'RUB' },
      { priceTypeId: 'o', kopecks: 599_900, currency: 'RUB' },
    ];
    expect(offerInput(offer({ prices }), roles).prices).toEqual({ retail: 171_900, old: 599_900 });
    expect(offerInput(offer({ prices }), roles, 'tens-down').prices).toEqual({ retail: 171_000, old: 599_000 });
  });

  it('orders sizes by letters or their first number', () => {
    expect(['XL', 'S', 'M'].sort((a, b) => sizeSort(a) - sizeSort(b))).toEqual(['S', 'M', 'XL']);
    expect(sizeSort('44-46')).toBe(44);
    expect(sizeSort('48/176')).toBe(48);
    expect(sizeSort('Единый')).toBe(100_000);
    expect(sizeSort('12345678901')).toBe(100_000);
  });

  it('makes URL words, audiences and garment kinds from Russian names', () => {
    expect(slug('Пуховики женские')).toBe('pukhoviki-zhenskie');
    expect(slug('«Щука» & ёж 2')).toBe('shchuka-ezh-2');
    expect(slug('***', 'razdel')).toBe('razdel');
    expect(genderOf('Женская одежда')).toBe('women');
    expect(genderOf('Мужчинам')).toBe('man');
    expect(genderOf('Аксессуары')).toBeNull();
    expect(genderOf('Снижение цен')).toBeNull();
    expect(kindOf('Верхняя одежда', 'Пуховик «Тайга»')).toBe('down-jacket');
    expect(kindOf('Разное', 'Куртка')).toBe('jacket');
  });
});
