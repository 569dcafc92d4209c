import { BRANDS, COLORS } from '../../../db/seed/catalog-data';
import { PROPS } from '../../../domain/catalog/filter/props';
import type { OfferRecord, ProductRecord } from '../../../domain/exchange/records';
import { stableId } from '../export-catalogue';
import type { CataloguePackage } from './write-package';

export interface BigPackageOptions {
  /** Offers in all: each product has `colours` × `sizes` of them. */
  offers: number;
  /** Warehouses every offer has stock in. */
  warehouses: number;
  /** Warehouse `Ид`s: the shop's store codes, so the stock lands in its stores; `wh-<n>` for the rest. */
  storeCodes?: string[];
  colours?: number;
  sizes?: number;
}

const SIZES = ['40', '42', '44', '46', '48', '50', '52', '54'];
const PRICE_TYPES = [
  { id: stableId('big:price:retail'), name: 'Розничная', currency: 'RUB' },
  { id: stableId('big:price:old'), name: 'Старая цена', currency: 'RUB' },
] as const;

/**
 * A synthetic package as large as asked (issue 26's scale row: 20 000 offers × 20 warehouses), in the shapes the
 * importer maps: groups, «Бренд», «Цвет» and «Материал» dictionaries, products with articles, offers with «Размер»
 * and «Цвет», the retail and the old price, stock in every warehouse. Products and offers are generators: nothing
 * of the size is held.
 */
export function bigPackage(options: BigPackageOptions): CataloguePackage {
  const colours = Math.min(options.colours ?? 2, COLORS.length);
  const sizes = Math.min(options.sizes ?? 6, SIZES.length);
  const perProduct = colours * sizes;
  const productCount = Math.ceil(options.offers / perProduct);
  const warehouses = Array.from({ length: options.warehouses }, (_, i) => ({
    id: options.storeCodes?.[i] ?? `wh-${i + 1}`,
    name: `Склад ${i + 1}`,
  }));
  const groups = [
    { id: stableId('big:group:root'), name: 'Каталог 1С', parentId: null, deleted: false },
    ...['Куртки', 'Платья', 'Брюки', 'Свитеры'].map((name) => ({
      id: stableId(`big:group:${name}`),
      name,
      parentId: stableId('big:group:root'),
      deleted: false,
    })),
  ];
  const brand = { id: stableId('big:property:brand'), name: 'Бренд' };
  const colour = { id: stableId('big:property:colour'), name: 'Цвет' };
  const material = { id: stableId('big:property:material'), name: PROPS.material.name };
  const productId = (n: number) => stableId(`big:product:${n}`);

  function* products(): Generator<Omit<ProductRecord, 'kind'>> {
    for (let n = 0; n < productCount; n++) {
      const [, brandName] = BRANDS[n % BRANDS.length] as readonly [string, string, string];
      const [materialCode, materialName] = PROPS.material.values[n % PROPS.material.values.length] as readonly [
        string,
        string,
      ];
      yield {
        id: productId(n),
        name: `Куртка тестовая №${n + 1}`,
        article: `BIG-${String(n + 1).padStart(6, '0')}`,
        description: `Синтетический товар ${n + 1} для проверки обмена на объёме.`,
        groupIds: [(groups[1 + (n % 4)] as (typeof groups)[number]).id],
        properties: [
          { propertyId: brand.id, value: brandName, valueId: stableId(`big:brand:${n % BRANDS.length}`) },
          { propertyId: material.id, value: materialName, valueId: stableId(`big:material:${materialCode}`) },
        ],
        requisites: [{ name: 'ВидНоменклатуры', value: 'Товар' }],
        images: [],
        deleted: false,
      };
    }
  }

  function* offers(): Generator<Omit<OfferRecord, 'kind' | 'productId' | 'characteristicId'>> {
    for (let i = 0; i < options.offers; i++) {
      const n = Math.floor(i / perProduct);
      const colourName = (COLORS[(n + Math.floor((i % perProduct) / sizes)) % COLORS.length] as (typeof COLORS)[0])
        .name;
      const size = SIZES[i % sizes] as string;
      const price = 499_000 + (n % 50) * 10_000;
      const stock = warehouses.map((w, k) => ({ warehouseId: w.id, quantity: (i + k) % 4 }));
      yield {
        id: `${productId(n)}#${stableId(`big:offer:${i}`)}`,
        name: `Куртка тестовая №${n + 1} (${colourName}, ${size})`,
        characteristics: [
          { name: 'Размер', value: size },
          { name: 'Цвет', value: colourName },
        ],
        prices: [
          { priceTypeId: PRICE_TYPES[0].id, kopecks: price, currency: 'RUB' },
          ...(n % 3 === 0 ? [{ priceTypeId: PRICE_TYPES[1].id, kopecks: price + 200_000, currency: 'RUB' }] : []),
        ],
        quantity: stock.reduce((sum, s) => sum + s.quantity, 0),
        stock,
        deleted: false,
      };
    }
  }

  return {
    groups,
    properties: [
      {
        ...brand,
        values: BRANDS.map(([, name], k) => ({ id: stableId(`big:brand:${k}`), value: name })),
        deleted: false,
      },
      {
        ...colour,
        values: COLORS.map((c) => ({ id: stableId(`big:colour:${c.code}`), value: c.name })),
        deleted: false,
      },
      {
        ...material,
        values: PROPS.material.values.map(([code, name]) => ({ id: stableId(`big:material:${code}`), value: name })),
        deleted: false,
      },
    ],
    products: products(),
    priceTypes: PRICE_TYPES,
    warehouses,
    offers: offers(),
  };
}
