import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { readShopCatalogue, type ShopCatalogue } from '../../db/repositories/exchange-export';
import { buildCatalog } from '../../db/seed/catalog';
import { seedCatalog } from '../../db/seed/seed';
import type { CatalogueRecord, OfferRecord, ProductRecord, PropertyRecord } from '../../domain/exchange/records';
import { parseCatalogue } from './commerceml/parse-catalogue';
import { writePackage } from './commerceml/write-package';
import { exportPackage, PRICE_TYPES, writePackageFolder, zipPackage } from './export-catalogue';

let database: Database;
let shop: ShopCatalogue;
const catalog = buildCatalog({ seed: 11, products: 40 });

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seedCatalog(database.db, catalog, {});
  shop = await readShopCatalogue(database.db);
}, 60_000);
afterAll(() => database.close());

async function records(bytes: Buffer): Promise<CatalogueRecord[]> {
  const list: CatalogueRecord[] = [];
  for await (const r of parseCatalogue([bytes])) list.push(r);
  return list;
}

const of = <K extends CatalogueRecord['kind']>(list: CatalogueRecord[], kind: K) =>
  list.filter((r): r is Extract<CatalogueRecord, { kind: K }> => r.kind === kind);

describe('exportPackage: the shop catalogue as 1C would send it', () => {
  it('one 1C product per model, an offer per colour × size with «Размер» and «Цвет», prices and stock by store code', async () => {
    const files = writePackage(exportPackage(shop), { encoding: 'windows-1251' });
    const imported = await records(files.importXml);
    const offered = await records(files.offersXml);

    const models = new Set(catalog.products.map((p) => p.modelId));
    const products = of(imported, 'product') as ProductRecord[];
    expect(products).toHaveLength(models.size);
    expect(of(imported, 'group')).toHaveLength(catalog.sections.length);
    const properties = of(imported, 'property') as PropertyRecord[];
    expect(properties.map((p) => p.name)).toEqual([
      'Бренд',
      'Цвет',
      'Материал',
      'Утеплитель',
      'Длина',
      'Сезон',
      'Капюшон',
    ]);

    // A model's product: its name, brand and material by name, the model's article without the colour part.
    const variant = catalog.products[0] as (typeof catalog.products)[0];
    const brandName = catalog.brands.find((b) => b.id === variant.brandId)?.name;
    const product = products[0] as ProductRecord;
    expect(product.name).toBe(variant.name);
    expect(product.article).toBe(variant.article.replace(/-\d+$/, ''));
    expect(product.properties.find((v) => v.propertyId === properties[0]?.id)?.value).toBe(brandName);
    expect(product.images.every((i) => i.startsWith('import_files/'))).toBe(true);
    expect(product.images.length).toBeGreaterThan(0);

    expect(of(offered, 'priceType').map((t) => t.name)).toEqual(['Розничная', 'Старая цена']);
    expect(
      of(offered, 'warehouse')
        .map((w) => w.id)
        .sort(),
    ).toEqual(catalog.stores.map((s) => s.code).sort());
    const offers = of(offered, 'offer') as OfferRecord[];
    expect(offers).toHaveLength(catalog.offers.length);
    // Every offer of the catalogue, found by its product, colour and size, with its prices and stock.
    const colourName = new Map(catalog.colors.map((c) => [c.code, c.name]));
    const storeCode = new Map(catalog.stores.map((s) => [s.id, s.code]));
    const byKey = new Map(
      offers.map((o) => [`${o.productId}|${o.characteristics.map((c) => `${c.name}=${c.value}`).join('|')}`, o]),
    );
    const productOfModel = new Map(catalog.products.map((p) => [p.id, products[[...models].indexOf(p.modelId)]?.id]));
    for (const o of catalog.offers) {
      const p = catalog.products.find((x) => x.id === o.productId) as (typeof catalog.products)[0];
      const found = byKey.get(
        `${productOfModel.get(p.id)}|Размер=${o.sizeName}|Цвет=${colourName.get(p.colorCode)}`,
      ) as OfferRecord;
      expect(found, `${p.name} ${p.colorCode} ${o.sizeName}`).toBeDefined();
      expect(found.prices).toEqual([
        { priceTypeId: PRICE_TYPES.retail.id, kopecks: o.price, currency: 'RUB' },
        ...(o.oldPrice === null ? [] : [{ priceTypeId: PRICE_TYPES.old.id, kopecks: o.oldPrice, currency: 'RUB' }]),
      ]);
      const stock = catalog.stock
        .filter((s) => s.offerId === o.id)
        .map((s) => ({ warehouseId: storeCode.get(s.storeId), quantity: s.quantity }));
      expect(found.stock).toEqual(expect.arrayContaining(stock));
      expect(found.stock).toHaveLength(stock.length);
      expect(found.quantity).toBe(stock.reduce((sum, s) => sum + s.quantity, 0));
    }
  });

  it('the same catalogue exports to the same bytes (stable Ид)', async () => {
    const a = writePackage(exportPackage(shop));
    const b = writePackage(exportPackage(await readShopCatalogue(database.db)));
    expect(a.importXml.equals(b.importXml)).toBe(true);
    expect(a.offersXml.equals(b.offersXml)).toBe(true);
  });

  it('writes a folder with the photos it finds and leaves the others out; zips it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'export-'));
    try {
      const present = shop.images.get(shop.products[0]?.id ?? 0)?.[0] as string;
      const folder = await writePackageFolder(
        exportPackage(shop, { imageExists: (file) => file === present }),
        path.join(dir, 'package'),
        { photo: async (file) => (file === present ? Buffer.from('jpeg') : null) },
      );
      expect(folder.files).toEqual(['import.xml', 'offers.xml', `import_files/${present}`]);
      expect(readFileSync(path.join(folder.dir, 'import_files', present), 'utf8')).toBe('jpeg');
      const products = of(await records(readFileSync(path.join(folder.dir, 'import.xml'))), 'product');
      expect(products.flatMap((p) => p.images)).toEqual([`import_files/${present}`]);
      const zip = await zipPackage(folder);
      expect(zip.subarray(0, 4).readUInt32LE(0)).toBe(0x04034b50);
      expect(zip.includes(Buffer.from(`import_files/${present}`))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
