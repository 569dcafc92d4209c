import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ShopCatalogue, ShopDictionaries } from '../../db/repositories/exchange-export';
import { PROPS, type PropCode } from '../../domain/catalog/filter/props';
import type { OfferRecord, ProductRecord } from '../../domain/exchange/records';
import {
  type CataloguePackage,
  encodeChunks,
  importXml,
  offersXml,
  type WriteOptions,
} from './commerceml/write-package';
import { zipOf } from './zip-writer';

/**
 * The shop's catalogue as the package 1C would send (issue 26), so that importing it gives the same catalogue back:
 * sections as groups, brand, colour and the filter props as dictionary properties, a 1C product per model, an offer
 * per colour × size with «Размер» and «Цвет», the retail and the old price, the stock of every store under the
 * store's code as the warehouse `Ид`.
 */

/** A UUID-shaped `Ид`, the same for the same key in every export: 1C's ids are GUIDs and importers expect the shape. */
export function stableId(key: string): string {
  const h = createHash('sha1').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** The price types the importer maps by name: «Розничная» is the price, «Старая цена» the crossed-out one. */
export const PRICE_TYPES = {
  retail: { id: stableId('price-type:retail'), name: 'Розничная', currency: 'RUB' },
  old: { id: stableId('price-type:old'), name: 'Старая цена', currency: 'RUB' },
} as const;

const BRAND = stableId('property:brand');
const COLOUR = stableId('property:colour');
const propertyId = (code: PropCode) => stableId(`property:${code}`);
const propValueId = (code: string, value: string) => stableId(`property:${code}:${value}`);
const groupId = (sectionId: number) => stableId(`section:${sectionId}`);
const modelId = (id: number) => stableId(`model:${id}`);

type Variant = ShopCatalogue['products'][number];
type PackageOffer = Omit<OfferRecord, 'kind' | 'productId' | 'characteristicId'>;

/** Colour variants of one model at a time (the products come ordered by model). */
function* models(products: Iterable<Variant>): Generator<Variant[]> {
  let model: Variant[] = [];
  for (const p of products) {
    if (model.length > 0 && model[0]?.modelId !== p.modelId) {
      yield model;
      model = [];
    }
    model.push(p);
  }
  if (model.length > 0) yield model;
}

/**
 * The model's article: the demo's colour variants carry `<model article>-<colour number>`, so when every variant's
 * article is that base with two digits after it, the base; otherwise the first variant's article as it is.
 */
function modelArticle(variants: Variant[]): string {
  const bases = new Set(variants.map((v) => v.article.replace(/-\d{2}$/, '')));
  return bases.size === 1 ? ([...bases][0] as string) : (variants[0]?.article ?? '');
}

export interface ExportOptions {
  /** Whether a photo file is in the folder the package takes its photos from; photos it lacks are left out. */
  imageExists?: (file: string) => boolean;
  changesOnly?: boolean;
}

/** The catalogue as a package whose products and offers are written as they are read (generators). */
export function exportPackage(shop: ShopCatalogue, options: ExportOptions = {}): CataloguePackage {
  const imageExists = options.imageExists ?? (() => true);
  const brands = new Map(shop.brands.map((b) => [b.id, b.name]));
  const colours = new Map(shop.colours.map((c) => [c.code, c.name]));
  const stores = new Map(shop.stores.map((s) => [s.id, s.code]));
  const offersOf = new Map<number, ShopCatalogue['offers']>();
  for (const o of shop.offers) {
    const list = offersOf.get(o.productId);
    if (list) list.push(o);
    else offersOf.set(o.productId, [o]);
  }
  const propCodes = Object.keys(PROPS) as PropCode[];

  function* products(): Generator<Omit<ProductRecord, 'kind'>> {
    for (const variants of models(shop.products)) {
      const first = variants[0] as Variant;
      const brand = brands.get(first.brandId);
      const props = propCodes.flatMap((code) => {
        const value = first.props[code];
        const name = PROPS[code].values.find(([v]) => v === value)?.[1];
        return value && name ? [{ propertyId: propertyId(code), value: name, valueId: propValueId(code, value) }] : [];
      });
      const files = [...new Set(variants.flatMap((v) => shop.images.get(v.id) ?? []))].filter(imageExists);
      yield {
        id: modelId(first.modelId),
        name: first.name,
        article: modelArticle(variants),
        description: first.description,
        groupIds: [groupId(first.sectionId)],
        properties: [
          ...(brand ? [{ propertyId: BRAND, value: brand, valueId: stableId(`brand:${first.brandId}`) }] : []),
          ...props,
        ],
        requisites: [
          { name: 'ВидНоменклатуры', value: 'Товар' },
          { name: 'Полное наименование', value: first.name },
        ],
        images: files.map((file) => `import_files/${file}`),
        deleted: false,
      };
    }
  }

  function* offers(): Generator<PackageOffer> {
    for (const variants of models(shop.products)) {
      const product = modelId(variants[0]?.modelId ?? 0);
      for (const v of variants) {
        const colour = colours.get(v.colourCode) ?? v.colourCode;
        for (const o of offersOf.get(v.id) ?? []) {
          const stock = (shop.stock.get(o.id) ?? []).flatMap(([storeId, quantity]) => {
            const code = stores.get(storeId);
            return code ? [{ warehouseId: code, quantity }] : [];
          });
          yield {
            id: `${product}#${stableId(`offer:${o.id}`)}`,
            name: `${v.name} (${colour}, ${o.sizeName})`,
            characteristics: [
              { name: 'Размер', value: o.sizeName },
              { name: 'Цвет', value: colour },
            ],
            prices: [
              { priceTypeId: PRICE_TYPES.retail.id, kopecks: o.price, currency: 'RUB' },
              ...(o.oldPrice === null
                ? []
                : [{ priceTypeId: PRICE_TYPES.old.id, kopecks: o.oldPrice, currency: 'RUB' }]),
            ],
            quantity: stock.reduce((sum, s) => sum + s.quantity, 0),
            stock,
            deleted: false,
          };
        }
      }
    }
  }

  return {
    changesOnly: options.changesOnly ?? false,
    groups: shop.sections.map((s) => ({
      id: groupId(s.id),
      name: s.name,
      parentId: s.parentId === null ? null : groupId(s.parentId),
      deleted: false,
    })),
    properties: [
      {
        id: BRAND,
        name: 'Бренд',
        values: shop.brands.map((b) => ({ id: stableId(`brand:${b.id}`), value: b.name })),
        deleted: false,
      },
      {
        id: COLOUR,
        name: 'Цвет',
        values: shop.colours.map((c) => ({ id: stableId(`colour:${c.code}`), value: c.name })),
        deleted: false,
      },
      ...propCodes.map((code) => ({
        id: propertyId(code),
        name: PROPS[code].name,
        values: PROPS[code].values.map(([value, name]) => ({ id: propValueId(code, value), value: name })),
        deleted: false,
      })),
    ],
    products: products(),
    priceTypes: Object.values(PRICE_TYPES),
    warehouses: shop.stores.map((s) => ({ id: s.code, name: s.name })),
    offers: offers(),
  };
}

/** The files of a package on disk: import.xml and offers.xml first, then the photos, relative to `dir`. */
export interface PackageFolder {
  dir: string;
  files: string[];
}

async function writeXml(file: string, pieces: Iterable<string>, options: WriteOptions): Promise<void> {
  await pipeline(Readable.from(encodeChunks(pieces, options)), createWriteStream(file));
}

/**
 * Writes the package into `dir` as 1C leaves it before the upload: import.xml, offers.xml and the photos its
 * products name (`import_files/<file>`), each as `photo(file)` gives it (none given, or null: left out). The XML is
 * streamed to disk.
 */
export async function writePackageFolder(
  pkg: CataloguePackage,
  dir: string,
  options: WriteOptions & { photo?: (file: string) => Promise<Buffer | null> } = {},
): Promise<PackageFolder> {
  await mkdir(dir, { recursive: true });
  const photos = new Set<string>();
  const products = pkg.products ?? [];
  const tracked = (function* () {
    for (const p of products) {
      for (const image of p.images) photos.add(image);
      yield p;
    }
  })();
  await writeXml(path.join(dir, 'import.xml'), importXml({ ...pkg, products: tracked }, options), options);
  await writeXml(path.join(dir, 'offers.xml'), offersXml(pkg, options), options);
  const files = ['import.xml', 'offers.xml'];
  for (const photo of photos) {
    const body = await options.photo?.(photo.replace(/^import_files\//, ''));
    if (!body) continue;
    await mkdir(path.dirname(path.join(dir, photo)), { recursive: true });
    await writeFile(path.join(dir, photo), body);
    files.push(photo);
  }
  return { dir, files };
}

/** The package folder as one zip, as 1C sends it with «zip=yes»: XML deflated, photos stored. */
export async function zipPackage(folder: PackageFolder): Promise<Buffer> {
  const entries = [];
  for (const name of folder.files)
    entries.push({ name, data: await readFile(path.join(folder.dir, name)), deflate: name.endsWith('.xml') });
  return zipOf(entries);
}

/** A page of the catalogue as `readCataloguePages` gives it: whole models with their sizes, photos and stock. */
export type CataloguePage = Omit<ShopCatalogue, keyof ShopDictionaries>;

const PRODUCTS_OPEN = '\t\t<Товары>\n';
const OFFERS_OPEN = '\t\t<Предложения>\n';

/** The pieces of a document between its list's opening piece and the list's end: one page's elements. */
function* listOf(pieces: Iterable<string>, open: string): Generator<string> {
  let inside = false;
  for (const piece of pieces) {
    if (piece === open) inside = true;
    else if (inside && piece.startsWith(open.replace('<', '</'))) return;
    else if (inside) yield piece;
  }
}

/** The document with each page's elements written into its (empty) list as the pages are read. */
async function* spliced(document: Iterable<string>, open: string, pages: AsyncIterable<Iterable<string>>) {
  for (const piece of document) {
    yield piece;
    if (piece === open) for await (const page of pages) yield* page;
  }
}

async function* encodeAsync(pieces: AsyncIterable<string>, options: WriteOptions): AsyncGenerator<Buffer> {
  let batch: string[] = [];
  let size = 0;
  for await (const piece of pieces) {
    batch.push(piece);
    size += piece.length;
    if (size < 65_536) continue;
    yield* encodeChunks(batch, options);
    batch = [];
    size = 0;
  }
  yield* encodeChunks(batch, options);
}

/**
 * `writePackageFolder` of the live catalogue read page by page: each page of whole models is written to import.xml
 * (and, read again, to offers.xml) before the next is read, so the export holds one page in memory, not the
 * catalogue. The files are the same bytes as `writePackageFolder(exportPackage(readShopCatalogue(…)))` gives.
 */
export async function writeCatalogueFolder(
  dictionaries: ShopDictionaries,
  pages: () => AsyncIterable<CataloguePage>,
  dir: string,
  options: ExportOptions & WriteOptions & { photo?: (file: string) => Promise<Buffer | null> } = {},
): Promise<PackageFolder> {
  await mkdir(dir, { recursive: true });
  const whole = exportPackage(
    { ...dictionaries, products: [], offers: [], images: new Map(), stock: new Map() },
    options,
  );
  const photos = new Set<string>();
  async function* pagePieces(file: 'import' | 'offers') {
    for await (const page of pages()) {
      const pkg = exportPackage({ ...dictionaries, ...page }, options);
      if (file === 'offers') {
        yield [...listOf(offersXml({ ...pkg, priceTypes: [], warehouses: [] }, options), OFFERS_OPEN)];
        continue;
      }
      const products = [...(pkg.products ?? [])];
      for (const p of products) for (const image of p.images) photos.add(image);
      yield [...listOf(importXml({ ...pkg, groups: [], properties: [], products }, options), PRODUCTS_OPEN)];
    }
  }
  for (const [file, document, open] of [
    ['import', importXml(whole, options), PRODUCTS_OPEN],
    ['offers', offersXml(whole, options), OFFERS_OPEN],
  ] as const)
    await pipeline(
      Readable.from(encodeAsync(spliced(document, open, pagePieces(file)), options)),
      createWriteStream(path.join(dir, `${file}.xml`)),
    );
  const files = ['import.xml', 'offers.xml'];
  for (const photo of photos) {
    const body = await options.photo?.(photo.replace(/^import_files\//, ''));
    if (!body) continue;
    await mkdir(path.dirname(path.join(dir, photo)), { recursive: true });
    await writeFile(path.join(dir, photo), body);
    files.push(photo);
  }
  return { dir, files };
}
