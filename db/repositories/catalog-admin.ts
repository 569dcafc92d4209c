// Over 400 lines because it is the one SQL side of CatalogAdminRepository (products, sizes, sections, brands, bulk
// prices): the port's queries share their column lists and the on-sale rule's SQL.
import { type SQL, sql } from 'drizzle-orm';
import type { ProductFilter, SectionEdit } from '../../domain/catalog/admin/admin.schemas';
import {
  type BrandRow,
  type BulkOffer,
  type CatalogAdminRepository,
  type OfferFacts,
  type OwnParcel,
  PARCEL_FACTS,
  type ProductCard,
  type ProductQuery,
  type ProductState,
  type SectionRow,
} from '../../domain/catalog/admin/catalog-admin';
import { PROPS } from '../../domain/catalog/filter/props';
import { deletedBy1C, onSaleSql } from './on-sale';
import { type Db, queryRows } from '../client';
import { usedFactSql, usedParcel } from './parcels';
import { variantPriceCtes } from './variant-prices';
import { productSearchSql } from './desk-search';
import { parseDeskQuery } from '../../domain/search/desk-query';

const intArray = (values: Iterable<number>): SQL => sql`${`{${[...new Set(values)].join(',')}}`}::int[]`;
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
/** jsonb comes back parsed from node-postgres and PGlite alike, as text from a few drivers' casts. */
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * The list's conditions on `products p`, each on an index of its own: the section on `products_section_path_idx`
 * (gin), the brand on `products_brand_idx`, the search on `products_name_trgm_idx`, `products_search_idx` and
 * `products_code_idx` (an article is a word of the full-text index); the stock and photo flags as `exists` on `offers_product_idx`, `product_images_product_idx`.
 */
function conditions(filter: Omit<ProductFilter, 'page'>): SQL {
  const where: SQL[] = [sql`true`];
  // The back office's one search (issue 47.3): name, words, brand, colour, article, code, barcode, 1C id.
  const q = filter.q?.trim();
  if (q) where.push(productSearchSql(parseDeskQuery(q), null));
  if (filter.sectionId !== undefined) where.push(sql`p.section_path @> ${intArray([filter.sectionId])}`);
  if (filter.brandId !== undefined) where.push(sql`p.brand_id = ${filter.brandId}`);
  if (filter.published !== undefined) where.push(sql`p.active = ${filter.published}`);
  if (filter.inStock !== undefined) {
    const stocked = sql`exists (select 1 from offers o join stock s on s.offer_id = o.id
      where o.product_id = p.id and s.quantity > 0)`;
    where.push(filter.inStock ? stocked : sql`not ${stocked}`);
  }
  if (filter.hasPhotos !== undefined) {
    const photos = sql`exists (select 1 from product_images i where i.product_id = p.id)`;
    where.push(filter.hasPhotos ? photos : sql`not ${photos}`);
  }
  return sql.join(where, sql` and `);
}

type ParcelColumns = { [K in (typeof PARCEL_FACTS)[number]]: number | string | null };
/** A row's own weight and size columns. */
const ownParcel = (r: ParcelColumns): OwnParcel => ({
  weight: numOrNull(r.weight),
  length: numOrNull(r.length),
  width: numOrNull(r.width),
  height: numOrNull(r.height),
});
/** The parcel columns a patch sets (null clears), each as `column = value`. */
const parcelSets = (patch: Partial<OwnParcel>): SQL[] =>
  PARCEL_FACTS.filter((f) => patch[f] !== undefined).map((f) => sql`${sql.identifier(f)} = ${patch[f] ?? null}`);

interface SectionDbRow extends ParcelColumns {
  id: number;
  parent_id: number | null;
  name: string;
  url: string;
  sort: number;
  depth: number;
  products: number | string;
}
const sectionOf = (r: SectionDbRow): SectionRow => ({
  id: num(r.id),
  parentId: numOrNull(r.parent_id),
  name: r.name,
  url: r.url,
  sort: num(r.sort),
  depth: num(r.depth),
  products: num(r.products ?? 0),
  parcel: ownParcel(r),
});
const brandOf = (r: {
  id: number;
  code: string;
  name: string;
  text: string;
  products?: number | string;
}): BrandRow => ({
  id: num(r.id),
  code: r.code,
  name: r.name,
  text: r.text,
  products: num(r.products ?? 0),
});

export function catalogAdminRepository(db: Pick<Db, 'execute'>): CatalogAdminRepository {
  return {
    async list(query: ProductQuery) {
      const where = conditions(query);
      const rows = await queryRows<{
        id: number;
        code: string;
        url: string;
        name: string;
        article: string;
        section: string;
        brand: string;
        image: string | null;
        min_price: string | number | null;
        max_price: string | number | null;
        stock: string | number | null;
        active: boolean;
      }>(
        db,
        sql`select p.id, p.code, p.url, p.name, p.article, s.name as section, b.name as brand, p.active,
            (select i.file from product_images i where i.product_id = p.id order by i.sort, i.id limit 1) as image,
            (select min(o.price) from offers o where o.product_id = p.id) as min_price,
            (select max(o.price) from offers o where o.product_id = p.id) as max_price,
            (select coalesce(sum(st.quantity), 0) from offers o join stock st on st.offer_id = o.id
              where o.product_id = p.id) as stock
          from products p join sections s on s.id = p.section_id join brands b on b.id = p.brand_id
          where ${where}
          order by p.id desc limit ${query.limit} offset ${query.offset}`,
      );
      const [count] = await queryRows<{ total: string | number }>(
        db,
        sql`select count(*) as total from products p where ${where}`,
      );
      return {
        total: num(count?.total ?? 0),
        rows: rows.map((r) => ({
          id: num(r.id),
          code: r.code,
          url: r.url,
          name: r.name,
          article: r.article,
          section: r.section,
          brand: r.brand,
          image: r.image,
          minPrice: numOrNull(r.min_price),
          maxPrice: numOrNull(r.max_price),
          stock: num(r.stock ?? 0),
          published: r.active,
        })),
      };
    },

    async card(id) {
      const [p] = await queryRows<
        {
          id: number;
          code: string;
          url: string;
          name: string;
          article: string;
          description: string;
          section_id: number;
          section: string;
          brand_id: number;
          brand: string;
          color: string | null;
          color_code: string;
          props: Record<string, string> | string;
          active: boolean;
          min_price: string | number;
          old_price: string | number | null;
          discount_percent: number;
          model_id: number;
          owned: boolean;
          used: Partial<ParcelColumns> | string;
        } & ParcelColumns
      >(
        db,
        sql`select p.id, p.code, p.url, p.name, p.article, p.description, p.section_id, s.name as section, p.brand_id,
            b.name as brand, c.name as color, p.color_code, p.props, p.active, p.min_price, p.old_price,
            p.discount_percent, p.model_id, p.weight, p.length, p.width, p.height,
            json_build_object(${sql.join(
              PARCEL_FACTS.map((f) => sql`${f}::text, ${usedFactSql(f)}`),
              sql`, `,
            )}) as used,
            exists (select 1 from exchange_variants v where v.product_id = p.id) as owned
          from products p join sections s on s.id = p.section_id join brands b on b.id = p.brand_id
            left join colors c on c.code = p.color_code
          where p.id = ${id}`,
      );
      if (!p) return null;
      const [variants, offers, images] = await Promise.all([
        queryRows<{ id: number; name: string; color: string | null; color_code: string; active: boolean }>(
          db,
          sql`select m.id, m.name, c.name as color, m.color_code, m.active from products m
            left join colors c on c.code = m.color_code
            where m.model_id = ${p.model_id} and m.id <> ${id} order by m.id`,
        ),
        queryRows<{
          id: number;
          size_name: string;
          price: string | number;
          old_price: string | number | null;
          stock: string | number;
          owned: boolean;
        }>(
          db,
          sql`select o.id, o.size_name, o.price, o.old_price,
              (select coalesce(sum(st.quantity), 0) from stock st where st.offer_id = o.id) as stock,
              exists (select 1 from exchange_offers x where x.offer_id = o.id) as owned
            from offers o where o.product_id = ${id} order by o.size_sort, o.id`,
        ),
        queryRows<{ id: number; file: string }>(
          db,
          sql`select id, file from product_images where product_id = ${id} order by sort, id`,
        ),
      ]);
      const props = json(p.props) ?? {};
      const card: ProductCard = {
        id: num(p.id),
        code: p.code,
        url: p.url,
        name: p.name,
        article: p.article,
        description: p.description,
        section: { id: num(p.section_id), name: p.section },
        brand: { id: num(p.brand_id), name: p.brand },
        color: p.color ?? p.color_code,
        props: Object.entries(props).map(([code, value]) => {
          const info = (PROPS as Record<string, { name: string; values: readonly (readonly [string, string])[] }>)[
            code
          ];
          return {
            name: info?.name ?? code,
            value: info?.values.find(([v]) => v === value)?.[1] ?? String(value),
          };
        }),
        published: p.active,
        minPrice: num(p.min_price),
        oldPrice: numOrNull(p.old_price),
        discountPercent: num(p.discount_percent),
        ownedBy1C: p.owned,
        variants: variants.map((v) => ({
          id: num(v.id),
          name: v.name,
          color: v.color ?? v.color_code,
          published: v.active,
        })),
        offers: offers.map(
          (o): OfferFacts => ({
            id: num(o.id),
            productId: num(p.id),
            size: o.size_name,
            price: num(o.price),
            oldPrice: numOrNull(o.old_price),
            stock: num(o.stock),
            ownedBy1C: o.owned,
          }),
        ),
        images: images.map((i) => ({ id: num(i.id), file: i.file })),
        parcel: { own: ownParcel(p), used: usedParcel(json(p.used)) },
      };
      return card;
    },

    async sections() {
      const rows = await queryRows<SectionDbRow>(
        db,
        sql`select s.id, s.parent_id, s.name, s.url, s.sort, s.depth, s.weight, s.length, s.width, s.height,
            (select count(*) from products p where p.section_path @> array[s.id]) as products
          from sections s order by s.depth, s.sort, s.id`,
      );
      return rows.map(sectionOf);
    },

    async brands() {
      const rows = await queryRows<{ id: number; code: string; name: string; text: string; products: number }>(
        db,
        sql`select b.id, b.code, b.name, b.text, (select count(*) from products p where p.brand_id = b.id) as products
          from brands b order by lower(b.name), b.id`,
      );
      return rows.map(brandOf);
    },

    async lockProduct(id) {
      const [p] = await queryRows<
        {
          id: number;
          name: string;
          description: string;
          section_id: number;
          brand_id: number;
          active: boolean;
          min_price: string | number;
          owned: boolean;
          deleted: boolean;
        } & ParcelColumns
      >(
        db,
        sql`select p.id, p.name, p.description, p.section_id, p.brand_id, p.active, p.min_price,
            p.weight, p.length, p.width, p.height,
            exists (select 1 from exchange_variants v where v.product_id = p.id) as owned, ${deletedBy1C(sql`p`)} as deleted
          from products p where p.id = ${id} for update of p`,
      );
      if (!p) return null;
      const state: ProductState = {
        id: num(p.id),
        name: p.name,
        description: p.description,
        sectionId: num(p.section_id),
        brandId: num(p.brand_id),
        published: p.active,
        minPrice: num(p.min_price),
        ownedBy1C: p.owned,
        deletedBy1C: p.deleted === true,
        parcel: ownParcel(p),
      };
      return state;
    },

    async updateProduct(id, patch) {
      const sets: SQL[] = [];
      if (patch.name !== undefined) sets.push(sql`name = ${patch.name}`);
      if (patch.description !== undefined) sets.push(sql`description = ${patch.description}`);
      if (patch.brandId !== undefined) sets.push(sql`brand_id = ${patch.brandId}`);
      // `unpublished` is the staff's own hold, which the 1C exchange keeps; a product goes live only when priced.
      if (patch.published !== undefined)
        sets.push(
          sql`unpublished = ${!patch.published}`,
          sql`active = ${onSaleSql({
            deletedBy1C: deletedBy1C(sql`products`),
            priced: sql`min_price > 0`,
            unpublished: sql`${!patch.published}`,
          })}`,
        );
      if (patch.sectionId !== undefined)
        sets.push(
          sql`section_id = ${patch.sectionId}`,
          sql`section_path = (select s.path from sections s where s.id = ${patch.sectionId})`,
          sql`gender = (select s.gender from sections s where s.id = ${patch.sectionId})`,
        );
      sets.push(...parcelSets(patch));
      if (sets.length === 0) return;
      await db.execute(sql`update products set ${sql.join(sets, sql`, `)} where id = ${id}`);
    },

    async lockOffer(id) {
      const [o] = await queryRows<{
        id: number;
        product_id: number;
        product_name: string;
        size_name: string;
        price: string | number;
        old_price: string | number | null;
        owned: boolean;
      }>(
        db,
        sql`select o.id, o.product_id, p.name as product_name, o.size_name, o.price, o.old_price,
            exists (select 1 from exchange_offers x where x.offer_id = o.id) as owned
          from offers o join products p on p.id = o.product_id where o.id = ${id} for update of o`,
      );
      if (!o) return null;
      return {
        id: num(o.id),
        productId: num(o.product_id),
        productName: o.product_name,
        size: o.size_name,
        price: num(o.price),
        oldPrice: numOrNull(o.old_price),
        stock: 0,
        ownedBy1C: o.owned,
      };
    },

    async filteredOffers(filter, { limit, lock }) {
      const rows = await queryRows<{
        id: number;
        product_id: number;
        name: string;
        article: string;
        size_name: string;
        price: string | number;
        old_price: string | number | null;
      }>(
        db,
        sql`select o.id, o.product_id, p.name, p.article, o.size_name, o.price, o.old_price
          from offers o join products p on p.id = o.product_id
          where ${conditions(filter)} and not exists (select 1 from exchange_offers x where x.offer_id = o.id)
          order by p.id desc, o.size_sort, o.id
          ${limit === null ? sql`` : sql`limit ${limit}`} ${lock ? sql`for update of o` : sql``}`,
      );
      return rows.map(
        (r): BulkOffer => ({
          id: num(r.id),
          productId: num(r.product_id),
          productName: r.name,
          article: r.article,
          size: r.size_name,
          price: num(r.price),
          oldPrice: numOrNull(r.old_price),
        }),
      );
    },

    async countFilteredOffers(filter) {
      const [row] = await queryRows<{ offers: string | number; owned: string | number }>(
        db,
        sql`select count(*) as offers,
            count(*) filter (where exists (select 1 from exchange_offers x where x.offer_id = o.id)) as owned
          from offers o join products p on p.id = o.product_id where ${conditions(filter)}`,
      );
      return { offers: num(row?.offers ?? 0), ownedBy1C: num(row?.owned ?? 0) };
    },

    async setOfferPrices(changes) {
      if (changes.length === 0) return;
      // One statement for the lot: the offers' cache triggers fire once.
      const ids = changes.map((c) => c.id);
      const prices = changes.map((c) => c.price);
      const olds = changes.map((c) => (c.oldPrice === null ? 'NULL' : String(c.oldPrice)));
      await db.execute(sql`update offers o set price = x.price, old_price = x.old_price
        from unnest(${`{${ids.join(',')}}`}::int[], ${`{${prices.join(',')}}`}::bigint[],
          ${`{${olds.join(',')}}`}::bigint[]) as x(id, price, old_price)
        where o.id = x.id`);
    },

    async refreshPrices(productIds) {
      if (productIds.length === 0) return;
      // The products first, in one order: a change of another size of the same product waits here, and the prices
      // below are read after it committed (a fresh statement, a fresh snapshot) rather than from before it.
      await db.execute(sql`select id from products where id = any(${intArray(productIds)}) order by id for update`);
      await db.execute(sql`with ${variantPriceCtes(intArray(productIds))}
        , next as (select n.*, ${onSaleSql({
          deletedBy1C: deletedBy1C(sql`p`),
          priced: sql`n.min_price > 0`,
          unpublished: sql`p.unpublished`,
        })} as live from prices n join products p on p.id = n.product_id)
        update products p set min_price = n.min_price, old_price = n.old_price, discount_percent = n.pct, active = n.live
        from next n where p.id = n.product_id
          and (p.min_price, p.old_price, p.discount_percent, p.active) is distinct from
            (n.min_price, n.old_price, n.pct, n.live)`);
    },

    async lockParcelProducts(filter, ids) {
      const rows = await queryRows<{ id: number } & ParcelColumns>(
        db,
        sql`select p.id, p.weight, p.length, p.width, p.height from products p
          where ${ids === undefined ? conditions(filter) : sql`p.id = any(${intArray(ids)})`}
          order by p.id for update of p`,
      );
      return rows.map((r) => ({ id: num(r.id), parcel: ownParcel(r) }));
    },

    async setParcels(ids, patch) {
      const sets = parcelSets(patch);
      if (ids.length === 0 || sets.length === 0) return;
      await db.execute(sql`update products set ${sql.join(sets, sql`, `)} where id = any(${intArray(ids)})`);
    },

    async lockSection(id) {
      const [row] = await queryRows<SectionDbRow>(
        db,
        sql`select s.id, s.parent_id, s.name, s.url, s.sort, s.depth, s.weight, s.length, s.width, s.height,
            0 as products from sections s
          where s.id = ${id} for update`,
      );
      return row ? sectionOf(row) : null;
    },

    async sectionUrlTaken(url, exceptId) {
      const rows = await queryRows(db, sql`select 1 from sections where url = ${url} and id <> ${exceptId}`);
      return rows.length > 0;
    },

    async updateSection(id, patch: SectionEdit) {
      const sets: SQL[] = [];
      if (patch.name !== undefined) sets.push(sql`name = ${patch.name}`);
      if (patch.url !== undefined) sets.push(sql`url = ${patch.url}`);
      if (patch.sort !== undefined) sets.push(sql`sort = ${patch.sort}`);
      sets.push(...parcelSets(patch));
      if (sets.length === 0) return;
      await db.execute(sql`update sections set ${sql.join(sets, sql`, `)} where id = ${id}`);
    },

    async lockBrand(id) {
      const [row] = await queryRows<{ id: number; code: string; name: string; text: string }>(
        db,
        sql`select id, code, name, text from brands where id = ${id} for update`,
      );
      return row ? brandOf(row) : null;
    },

    async brandCodeTaken(code) {
      const rows = await queryRows(db, sql`select 1 from brands where code = ${code}`);
      return rows.length > 0;
    },

    async updateBrand(id, patch) {
      const sets: SQL[] = [];
      if (patch.name !== undefined) sets.push(sql`name = ${patch.name}`);
      if (patch.text !== undefined) sets.push(sql`text = ${patch.text}`);
      if (sets.length === 0) return;
      await db.execute(sql`update brands set ${sql.join(sets, sql`, `)} where id = ${id}`);
    },

    async createBrand(brand) {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`insert into brands (code, name, text) values (${brand.code}, ${brand.name}, ${brand.text}) returning id`,
      );
      return num(row?.id);
    },
  };
}
