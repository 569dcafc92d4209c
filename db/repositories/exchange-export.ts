import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../client';

/**
 * The shop's catalogue as the 1C export reads it (issue 26): compact rows. Products are colour variants, grouped into
 * models by `modelId`. A big catalogue is read in pages of whole models (`readCataloguePages`), each written out
 * before the next is read, so 200 000 products never sit in memory at once.
 */
export interface ShopCatalogue {
  /** Parents before their children. */
  sections: { id: number; parentId: number | null; name: string }[];
  brands: { id: number; name: string }[];
  colours: { code: string; name: string }[];
  stores: { id: number; code: string; name: string }[];
  /** Live colour variants, ordered by model, then id. */
  products: {
    id: number;
    modelId: number;
    sectionId: number;
    brandId: number;
    name: string;
    article: string;
    description: string;
    colourCode: string;
    props: Record<string, string>;
  }[];
  /** Sizes, ordered by product, then size (kopecks). */
  offers: { id: number; productId: number; sizeName: string; price: number; oldPrice: number | null }[];
  /** Photo files (under the source image folder) by product id, in their order. */
  images: Map<number, string[]>;
  /** Stock rows by offer id: [store id, quantity]. */
  stock: Map<number, [number, number][]>;
}

/** The small lists every page of the export shares: sections, brands, colours and stores. */
export type ShopDictionaries = Pick<ShopCatalogue, 'sections' | 'brands' | 'colours' | 'stores'>;

export async function readShopDictionaries(db: Db): Promise<ShopDictionaries> {
  const sections = await queryRows<{ id: number; parent_id: number | null; name: string }>(
    db,
    sql`select id, parent_id, name from sections order by depth, sort, id`,
  );
  const brands = await queryRows<{ id: number; name: string }>(db, sql`select id, name from brands order by id`);
  const colours = await queryRows<{ code: string; name: string }>(
    db,
    sql`select code, name from colors order by sort, code`,
  );
  const stores = await queryRows<{ id: number; code: string; name: string }>(
    db,
    sql`select id, code, name from stores order by sort, id`,
  );
  return {
    sections: sections.map((s) => ({
      id: Number(s.id),
      parentId: s.parent_id === null ? null : Number(s.parent_id),
      name: s.name,
    })),
    brands: brands.map((b) => ({ id: Number(b.id), name: b.name })),
    colours,
    stores: stores.map((s) => ({ id: Number(s.id), code: s.code, name: s.name })),
  };
}

/**
 * The live catalogue in pages of at most `models` whole models (keyset on the model id, so each page is one indexed
 * range whatever its depth), with their sizes, photos and stock; the dictionaries are the caller's.
 */
export async function* readCataloguePages(
  db: Db,
  models = 500,
): AsyncGenerator<Omit<ShopCatalogue, keyof ShopDictionaries>> {
  let after = -1;
  for (;;) {
    const [range] = await queryRows<{ last: number | null }>(
      db,
      sql`select max(model_id) as last from (select distinct model_id from products
        where active and model_id > ${after} order by model_id limit ${models}) m`,
    );
    if (range?.last == null) return;
    const from = after;
    const to = Number(range.last);
    after = to;
    yield readModels(db, sql`p.active and p.model_id > ${from} and p.model_id <= ${to}`);
  }
}

/** Reads the whole live catalogue at once: for a small shop, a test, or the demo's export. */
export async function readShopCatalogue(db: Db): Promise<ShopCatalogue> {
  return { ...(await readShopDictionaries(db)), ...(await readModels(db, sql`p.active`)) };
}

async function readModels(db: Db, where: SQL): Promise<Omit<ShopCatalogue, keyof ShopDictionaries>> {
  const products = await queryRows<{
    id: number;
    model_id: number;
    section_id: number;
    brand_id: number;
    name: string;
    article: string;
    description: string;
    color_code: string;
    props: Record<string, string>;
  }>(
    db,
    sql`select p.id, p.model_id, p.section_id, p.brand_id, p.name, p.article, p.description, p.color_code, p.props
    from products p where ${where} order by p.model_id, p.id`,
  );
  const offers = await queryRows<{
    id: number;
    product_id: number;
    size_name: string;
    price: string | number;
    old_price: string | number | null;
  }>(
    db,
    sql`select o.id, o.product_id, o.size_name, o.price, o.old_price from offers o
    join products p on p.id = o.product_id where ${where} order by o.product_id, o.size_sort, o.id`,
  );
  const images = new Map<number, string[]>();
  for (const row of await queryRows<{ product_id: number; file: string }>(
    db,
    sql`select i.product_id, i.file from product_images i join products p on p.id = i.product_id
    where ${where} order by i.product_id, i.sort, i.id`,
  )) {
    const id = Number(row.product_id);
    const files = images.get(id);
    if (files) files.push(row.file);
    else images.set(id, [row.file]);
  }
  const stock = new Map<number, [number, number][]>();
  for (const row of await queryRows<{ offer_id: number; store_id: number; quantity: number }>(
    db,
    sql`select s.offer_id, s.store_id, s.quantity from stock s join offers o on o.id = s.offer_id
    join products p on p.id = o.product_id where ${where} order by s.offer_id, s.store_id`,
  )) {
    const id = Number(row.offer_id);
    const rows = stock.get(id);
    if (rows) rows.push([Number(row.store_id), Number(row.quantity)]);
    else stock.set(id, [[Number(row.store_id), Number(row.quantity)]]);
  }
  return {
    products: products.map((p) => ({
      id: Number(p.id),
      modelId: Number(p.model_id),
      sectionId: Number(p.section_id),
      brandId: Number(p.brand_id),
      name: p.name,
      article: p.article,
      description: p.description,
      colourCode: p.color_code,
      props: p.props,
    })),
    offers: offers.map((o) => ({
      id: Number(o.id),
      productId: Number(o.product_id),
      sizeName: o.size_name,
      price: Number(o.price),
      oldPrice: o.old_price === null ? null : Number(o.old_price),
    })),
    images,
    stock,
  };
}
