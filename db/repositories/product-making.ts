import { type SQL, sql } from 'drizzle-orm';
import type { LockedOffer, LockedProduct, ProductMakingWrites } from '../../domain/catalog/admin/product-making';
import { IMPORT_DEFAULTS } from '../../domain/exchange/import-rules';
import { type Db, queryRows } from '../client';
import { catalogAdminRepository } from './catalog-admin';
import { intArray, json, nextIds } from './exchange-import-sql';
import { deletedBy1C, onSaleSql } from './on-sale';

const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * Products made in the back office (issue 47.5), in the shape the 1C import writes them (exchange-import-variants.ts):
 * one row per colour under one model id, a code and page unique by the row's id, the section's path, gender and
 * category; the tables' triggers keep the facets, the search and the cached pages as they do for an import.
 */
export function productMakingWrites(db: Db): ProductMakingWrites {
  const catalog = catalogAdminRepository(db);
  return {
    colours: () =>
      queryRows<{ code: string; name: string }>(db, sql`select code, name from colors order by sort, name`),

    async section(id) {
      const [s] = await queryRows<{ id: number; name: string; path: number[] | string; gender: string | null }>(
        db,
        sql`select id, name, path, gender from sections where id = ${id}`,
      );
      if (!s) return null;
      const path = typeof s.path === 'string' ? s.path.replace(/[{}]/g, '').split(',').map(Number) : s.path.map(num);
      return { id: num(s.id), name: s.name, path, gender: s.gender };
    },

    async brandExists(id) {
      const rows = await queryRows<{ id: number }>(db, sql`select id from brands where id = ${id}`);
      return rows.length === 1;
    },

    async knownColours(codes) {
      if (codes.length === 0) return [];
      const rows = await queryRows<{ code: string }>(
        db,
        sql`select code from colors where code in (select jsonb_array_elements_text(${json(codes)}))`,
      );
      return rows.map((r) => r.code);
    },

    newProductIds: (count) => nextIds(db, 'products', count),

    async insertProducts(rows) {
      const records = rows.map((r) => ({
        id: r.id,
        model_id: r.modelId,
        section_id: r.section.id,
        section_path: `{${r.section.path.join(',')}}`,
        gender: r.section.gender,
        category: r.section.name.toLowerCase(),
        brand_id: r.brandId,
        code: r.code,
        url: r.url,
        name: r.name,
        article: r.article,
        kind: r.kind,
        color_code: r.colorCode,
        description: r.description,
        unpublished: r.unpublished,
      }));
      // Off sale and unpriced until its offers are in: `refreshPrices` sets the price and the sale state.
      await db.execute(sql`insert into products (id, model_id, section_id, section_path, brand_id, code, url, name,
          article, category, kind, gender, color_code, description, props, model_props, is_new, min_price, old_price,
          discount_percent, popularity, sort, active, unpublished)
        select x.id, x.model_id, x.section_id, x.section_path::int[], x.brand_id, x.code, x.url, x.name, x.article,
          x.category, x.kind, x.gender, x.color_code, x.description, '{}'::jsonb, '[]'::jsonb, false, 0, null, 0, 0,
          ${IMPORT_DEFAULTS.sort}, false, x.unpublished
        from jsonb_to_recordset(${json(records)}) as x(id int, model_id int, section_id int, section_path text,
          brand_id int, code text, url text, name text, article text, category text, kind text, gender text,
          color_code text, description text, unpublished boolean)`);
    },

    async insertOffers(rows) {
      if (rows.length === 0) return;
      const records = rows.map((r) => ({
        product_id: r.productId,
        size_name: r.sizeName,
        size_sort: r.sizeSort,
        price: r.price,
        old_price: r.oldPrice,
        barcode: r.barcode ?? null,
      }));
      await db.execute(sql`insert into offers (product_id, size_name, size_sort, price, old_price, barcode)
        select product_id, size_name, size_sort, price, old_price, barcode
        from jsonb_to_recordset(${json(records)}) as x(product_id int, size_name text, size_sort int, price bigint,
          old_price bigint, barcode text)`);
    },

    async copyProduct(from, to) {
      await db.execute(sql`with made as (insert into products (id, model_id, section_id, section_path, brand_id, code,
          url, name, article, category, kind, gender, color_code, description, props, model_props, is_new, min_price,
          old_price, discount_percent, popularity, sort, active, unpublished, weight, length, width, height)
        select ${to.id}, ${to.id}, section_id, section_path, brand_id, ${to.code}, ${to.url}, ${to.name}, article,
          category, kind, gender, color_code, description, props, model_props, false, min_price, old_price,
          discount_percent, 0, sort, false, true, weight, length, width, height
        from products where id = ${from} returning id),
      sizes as (insert into offers (product_id, size_name, size_sort, price, old_price)
        select ${to.id}, size_name, size_sort, price, old_price from offers where product_id = ${from}
          and exists (select 1 from made))
      insert into product_images (product_id, file, sort)
        select ${to.id}, file, sort from product_images where product_id = ${from} and exists (select 1 from made)`);
    },

    async lockProducts(ids) {
      if (ids.length === 0) return [];
      const rows = await queryRows<{
        id: number;
        name: string;
        article: string;
        color_code: string;
        section_id: number;
        brand_id: number;
        props: Record<string, string> | string;
        unpublished: boolean;
        min_price: string | number;
        owned: boolean;
        deleted: boolean;
      }>(
        db,
        sql`select p.id, p.name, p.article, p.color_code, p.section_id, p.brand_id, p.props, p.unpublished, p.min_price,
            exists (select 1 from exchange_variants v where v.product_id = p.id) as owned, ${deletedBy1C(sql`p`)} as deleted
          from products p where p.id = any(${intArray(ids)}) order by p.id for update of p`,
      );
      return rows.map(
        (r): LockedProduct => ({
          id: num(r.id),
          name: r.name,
          article: r.article,
          colorCode: r.color_code,
          sectionId: num(r.section_id),
          brandId: num(r.brand_id),
          props: parsed(r.props),
          published: !r.unpublished,
          minPrice: num(r.min_price),
          ownedBy1C: r.owned,
          deletedBy1C: r.deleted === true,
        }),
      );
    },

    async lockOffers(productIds) {
      if (productIds.length === 0) return [];
      const rows = await queryRows<{
        id: number;
        product_id: number;
        size_name: string;
        price: string | number;
        old_price: string | number | null;
        owned: boolean;
      }>(
        db,
        sql`select o.id, o.product_id, o.size_name, o.price, o.old_price,
            exists (select 1 from exchange_offers x where x.offer_id = o.id) as owned
          from offers o where o.product_id = any(${intArray(productIds)}) order by o.id for update of o`,
      );
      return rows.map(
        (r): LockedOffer => ({
          id: num(r.id),
          productId: num(r.product_id),
          size: r.size_name,
          price: num(r.price),
          oldPrice: numOrNull(r.old_price),
          ownedBy1C: r.owned,
        }),
      );
    },

    async updateProducts(ids, set) {
      const sets: SQL[] = [];
      if (set.sectionId !== undefined)
        sets.push(
          sql`section_id = s.id`,
          sql`section_path = s.path`,
          sql`gender = s.gender`,
          sql`category = lower(s.name)`,
        );
      if (set.brandId !== undefined) sets.push(sql`brand_id = ${set.brandId}`);
      if (set.prop !== undefined)
        sets.push(
          set.prop.value === null
            ? sql`props = p.props - ${set.prop.code}::text`
            : sql`props = p.props || jsonb_build_object(${set.prop.code}::text, ${set.prop.value}::text)`,
        );
      if (set.published !== undefined)
        sets.push(
          sql`unpublished = ${!set.published}`,
          sql`active = ${onSaleSql({
            deletedBy1C: deletedBy1C(sql`p`),
            priced: sql`p.min_price > 0`,
            unpublished: sql`${!set.published}`,
          })}`,
        );
      if (sets.length === 0 || ids.length === 0) return;
      const from = set.sectionId !== undefined ? sql`from sections s where s.id = ${set.sectionId} and` : sql`where`;
      // One statement for the lot: the products' facet and cache triggers fire once.
      await db.execute(sql`update products p set ${sql.join(sets, sql`, `)} ${from} p.id = any(${intArray(ids)})`);
    },

    setOfferPrices: (changes) => catalog.setOfferPrices(changes),
    refreshPrices: (ids) => catalog.refreshPrices(ids),
  };
}
