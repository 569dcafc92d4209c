import { type SQL, sql } from 'drizzle-orm';
import type { FeaturedKind, ProductCard } from '../../domain/catalog/listing/card';
import type { HomeRepository } from '../../domain/catalog/listing/home.service';
import { ratingOf } from '../../domain/reviews/published';
import { type Db, queryRows } from '../client';
import { productOrderableOnlineSql } from './availability';

interface CardRow {
  id: number;
  model_id: number;
  name: string;
  brand_name: string;
  url: string;
  min_price: string | number;
  old_price: string | number | null;
  discount_percent: number;
  is_new: boolean;
  images: string[] | null;
  colors_count: string | number;
  rating_count: string | number | null;
  rating_sum: string | number | null;
}

/** Cards for the products the `where` picks, with images and the model's colour count, in one query. */
export async function loadProductCards(
  db: Db,
  where: SQL,
  orderBy: SQL,
  limit: number,
  offset = 0,
): Promise<ProductCard[]> {
  const rows = await queryRows<CardRow>(
    db,
    sql`
    select p.id, p.model_id, p.name, b.name as brand_name, p.url, p.min_price, p.old_price, p.discount_percent, p.is_new,
      p.rating_count, p.rating_sum,
      (select array_agg(i.file order by i.sort) from product_images i where i.product_id = p.id) as images,
      (select count(*) from products m where m.model_id = p.model_id and m.active) as colors_count
    from products p join brands b on b.id = p.brand_id
    where p.active and ${where}
    order by ${orderBy}
    limit ${limit} offset ${offset}`,
  );
  return rows.map(toProductCard);
}

export function toProductCard(r: CardRow): ProductCard {
  return {
    id: Number(r.id),
    modelId: Number(r.model_id),
    name: r.name,
    brandName: r.brand_name,
    url: r.url,
    price: Number(r.min_price),
    oldPrice: r.old_price == null ? null : Number(r.old_price),
    discountPercent: Number(r.discount_percent),
    isNew: Boolean(r.is_new),
    images: r.images ?? [],
    colorsCount: Number(r.colors_count),
    rating: ratingOf(Number(r.rating_count ?? 0), Number(r.rating_sum ?? 0)),
  };
}

/** One colour per model, so a selection shows different things. */
export const onePerModel = sql`p.id = (select min(x.id) from products x where x.model_id = p.model_id and x.active)`;
/** Shelves show what can be bought now: the inventory rule, not a copy of it. */
export const inStockOnline = productOrderableOnlineSql(sql`p.id`);

export function homeRepository(db: Db): HomeRepository {
  return {
    featured(kind: FeaturedKind, limit: number) {
      if (kind === 'new')
        return loadProductCards(
          db,
          sql`p.is_new and ${onePerModel} and ${inStockOnline}`,
          sql`p.created_at desc, p.id`,
          limit,
        );
      if (kind === 'sale')
        return loadProductCards(
          db,
          sql`p.discount_percent > 0 and ${onePerModel} and ${inStockOnline}`,
          sql`p.discount_percent desc, p.popularity desc, p.id`,
          limit,
        );
      return loadProductCards(db, sql`${onePerModel} and ${inStockOnline}`, sql`p.popularity desc, p.id`, limit);
    },
    async sectionTiles() {
      const rows = await queryRows<{
        id: number;
        name: string;
        url: string;
        gender: string | null;
        min_price: string | number;
        image: string;
      }>(
        db,
        sql`
        select s.id, s.name, s.url, s.gender,
          (select min(p.min_price) from products p where p.section_id = s.id and p.active) as min_price,
          (select i.file from products p join product_images i on i.product_id = p.id and i.sort = 0
            where p.section_id = s.id and p.active order by p.popularity desc, p.id limit 1) as image
        from sections s join sections g on g.id = s.parent_id
        where s.depth = 3 and g.code = 'verkhnyaya-odezhda'
        order by s.gender desc, s.sort`,
      );
      return rows
        .filter((r) => r.image && r.min_price != null)
        .map((r) => ({
          id: Number(r.id),
          name: r.name,
          url: r.url,
          gender: r.gender,
          minPrice: Number(r.min_price),
          image: r.image,
        }));
    },
  };
}
