import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../client';

/**
 * The shop's catalogue as the 1C export reads it (issue 26): compact rows, read once; the package's XML is written from
 * them lazily, product by product. Products are colour variants, grouped into models by `modelId`.
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

/** Reads the whole live catalogue; the arrays hold ids and short texts only, so 20 000 offers fit easily. */
export async function readShopCatalogue(db: Db): Promise<ShopCatalogue> {
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
    sql`select id, model_id, section_id, brand_id, name, article, description, color_code, props
    from products where active order by model_id, id`,
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
    join products p on p.id = o.product_id where p.active order by o.product_id, o.size_sort, o.id`,
  );
  const images = new Map<number, string[]>();
  for (const row of await queryRows<{ product_id: number; file: string }>(
    db,
    sql`select i.product_id, i.file from product_images i join products p on p.id = i.product_id
    where p.active order by i.product_id, i.sort, i.id`,
  )) {
    const id = Number(row.product_id);
    const files = images.get(id);
    if (files) files.push(row.file);
    else images.set(id, [row.file]);
  }
  const stock = new Map<number, [number, number][]>();
  for (const row of await queryRows<{ offer_id: number; store_id: number; quantity: number }>(
    db,
    sql`select s.offer_id, s.store_id, s.quantity from stock s order by s.offer_id, s.store_id`,
  )) {
    const id = Number(row.offer_id);
    const rows = stock.get(id);
    if (rows) rows.push([Number(row.store_id), Number(row.quantity)]);
    else stock.set(id, [[Number(row.store_id), Number(row.quantity)]]);
  }
  return {
    sections: sections.map((s) => ({
      id: Number(s.id),
      parentId: s.parent_id === null ? null : Number(s.parent_id),
      name: s.name,
    })),
    brands: brands.map((b) => ({ id: Number(b.id), name: b.name })),
    colours,
    stores: stores.map((s) => ({ id: Number(s.id), code: s.code, name: s.name })),
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
