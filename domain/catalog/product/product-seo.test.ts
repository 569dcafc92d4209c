import { describe, expect, it } from 'vitest';
import type { ProductItem, ProductOffer } from './product';
import { productJsonLd, productSeo } from './product-seo';

const offer = (id: number, sizeName: string, flags: Partial<ProductOffer> = {}): ProductOffer => ({
  id,
  itemId: 1,
  sizeId: sizeName.toLowerCase(),
  sizeName,
  sizeSort: Number(sizeName),
  price: 1_299_000,
  oldPrice: 1_859_000,
  discountPercent: 30,
  colorName: 'Чёрный',
  props: [],
  disabled: false,
  canBuy: true,
  inShops: true,
  ...flags,
});

const base = {
  name: 'Пуховик женский стёганый',
  article: 'NO00012-01',
  sectionName: 'Пуховики',
  brand: { id: 1, code: 'nordvik', name: 'Nordvik', url: '/brands/nordvik/' },
  color: { code: 'black', name: 'Чёрный', hex: '#1d1d1f' },
  props: [
    { code: 'material', name: 'Материал', value: 'nylon', valueName: 'Нейлон' },
    { code: 'insulation', name: 'Утеплитель', value: 'down', valueName: 'Пух' },
    { code: 'hood', name: 'Капюшон', value: 'yes', valueName: 'С капюшоном' },
  ],
  offers: [
    offer(1, '44'),
    offer(2, '46', { canBuy: false }),
    offer(3, '48', { canBuy: false, inShops: false, disabled: true }),
  ],
  price: 1_299_000,
  discountPercent: 30,
  images: [{ file: 'a.jpg', sort: 0 }],
};

describe('product SEO texts', () => {
  it('names the product, brand, colour and article in the title and description', () => {
    const seo = productSeo(base);
    expect(seo.title).toBe(
      'Пуховик женский стёганый Nordvik, чёрный, арт. NO00012-01 — купить в интернет-магазине ВЬЮГА',
    );
    expect(seo.description).toBe(
      'Пуховик женский стёганый Nordvik, цвет чёрный, артикул NO00012-01. Цена 12\u00a0990\u00a0руб., скидка 30\u00a0%. ' +
        'Материал: нейлон, утеплитель: пух. Размеры: 44, 46, 48. Наличие в магазинах, доставка по России.',
    );
    expect(seo.keywords).toBe('пуховики, пуховик женский стёганый, Nordvik, чёрный, NO00012-01');
    expect(seo.image).toBe('a.jpg');
  });

  it('differs between two colours of one model', () => {
    const other = productSeo({
      ...base,
      article: 'NO00012-03',
      color: { code: 'navy', name: 'Тёмно-синий', hex: '#1f2b46' },
    });
    const mine = productSeo(base);
    expect(other.title).not.toBe(mine.title);
    expect(other.description).not.toBe(mine.description);
  });

  it('has no doubled full stop after the price without a discount', () => {
    expect(productSeo({ ...base, discountPercent: 0 }).description).toContain('Цена 12\u00a0990\u00a0руб. Материал');
  });
});

describe('product JSON-LD', () => {
  const item = {
    ...base,
    id: 1,
    sid: 5,
    sort: 500,
    code: 'x',
    url: '/product/x/',
    description: 'Тёплый.',
    isNew: false,
    modelProps: [],
    oldPrice: 1_859_000,
  } as unknown as ProductItem;
  const [product, breadcrumbs] = productJsonLd(
    { ...item, seo: productSeo(base) },
    [
      { name: 'Главная', url: '/' },
      { name: 'Пуховики', url: '/catalog/women/verkhnyaya-odezhda/puhoviki/' },
    ],
    'https://shop.example',
    ['/images/426x640/a.jpg?v=1'],
    // biome-ignore lint/suspicious/noExplicitAny: JSON-LD is checked field by field
  ) as [any, any];

  it('has an Offer per size with the shown price and the availability', () => {
    expect(product).toMatchObject({
      '@type': 'Product',
      sku: 'NO00012-01',
      category: 'Пуховики',
      brand: { name: 'Nordvik' },
      url: 'https://shop.example/product/x/',
    });
    expect(product.image).toEqual(['https://shop.example/images/426x640/a.jpg?v=1']);
    expect(
      product.offers.map((o: { price: string; priceCurrency: string; availability: string }) => [
        o.price,
        o.priceCurrency,
        o.availability,
      ]),
    ).toEqual([
      ['12990.00', 'RUB', 'https://schema.org/InStock'],
      ['12990.00', 'RUB', 'https://schema.org/InStoreOnly'],
      ['12990.00', 'RUB', 'https://schema.org/OutOfStock'],
    ]);
  });

  it('ends the breadcrumbs with the product', () => {
    expect(
      breadcrumbs.itemListElement.map((b: { position: number; name: string; item: string }) => [
        b.position,
        b.name,
        b.item,
      ]),
    ).toEqual([
      [1, 'Главная', 'https://shop.example/'],
      [2, 'Пуховики', 'https://shop.example/catalog/women/verkhnyaya-odezhda/puhoviki/'],
      [3, 'Пуховик женский стёганый', 'https://shop.example/product/x/'],
    ]);
  });
});
