import { type SQL, sql } from 'drizzle-orm';
import type { Fit, FitCounts, PublishedReview, ReviewSort } from '../../domain/reviews/published';
import type { PublishedReviewsRepository } from '../../domain/reviews/published.service';
import { type Db, queryRows } from '../client';
import { pgArray } from './listing';

interface ReviewRow {
  id: number;
  author_name: string;
  rating: number;
  text: string;
  fit: string;
  size: string;
  height: number | null;
  photos: string[] | null;
  published_at: Date | string | null;
  created_at: Date | string;
  answer: string | null;
}

/** Newest first by publication; ties (and equal ratings) by id, so pages never overlap. */
const ORDER: Record<ReviewSort, SQL> = {
  newest: sql`r.published_at desc nulls last, r.id desc`,
  rating_desc: sql`r.rating desc, r.published_at desc nulls last, r.id desc`,
  rating_asc: sql`r.rating asc, r.published_at desc nulls last, r.id desc`,
};

const iso = (at: Date | string) => (at instanceof Date ? at : new Date(at)).toISOString();

function toReview(r: ReviewRow): PublishedReview {
  return {
    id: Number(r.id),
    authorName: r.author_name,
    rating: Number(r.rating),
    text: r.text,
    fit: (['small', 'true', 'large'].includes(r.fit) ? r.fit : 'true') as Fit,
    size: r.size,
    height: r.height == null ? null : Number(r.height),
    photos: r.photos ?? [],
    date: iso(r.published_at ?? r.created_at),
    answer: r.answer?.trim() ? r.answer : null,
  };
}

/** Published reviews as the product page and its call show them; pending and hidden ones never leave here. */
export function publishedReviewsRepository(db: Db): PublishedReviewsRepository {
  return {
    async product(productId) {
      const [row] = await queryRows<{ id: number; model_id: number; rating_count: number; rating_sum: number }>(
        db,
        sql`select id, model_id, rating_count, rating_sum from products where id = ${productId} and active`,
      );
      if (!row) return null;
      return {
        id: Number(row.id),
        modelId: Number(row.model_id),
        ratingCount: Number(row.rating_count),
        ratingSum: Number(row.rating_sum),
      };
    },
    async page(productId, { sort, photos, limit, offset }) {
      const where = sql`r.product_id = ${productId} and r.state = 'published'${
        photos ? sql` and cardinality(r.photos) > 0` : sql``
      }`;
      const [rows, [total]] = await Promise.all([
        queryRows<ReviewRow>(
          db,
          sql`select r.id, r.author_name, r.rating, r.text, r.fit, r.size, r.height, r.photos, r.published_at,
                r.created_at, r.answer
              from reviews r where ${where} order by ${ORDER[sort]} limit ${limit} offset ${offset}`,
        ),
        queryRows<{ count: string | number }>(db, sql`select count(*) as count from reviews r where ${where}`),
      ]);
      return { items: rows.map(toReview), count: Number(total?.count ?? 0) };
    },
    async fit(modelId) {
      const rows = await queryRows<{ fit: string; count: string | number }>(
        db,
        sql`select fit, count(*) as count from reviews where model_id = ${modelId} and state = 'published' group by fit`,
      );
      const counts: FitCounts = { small: 0, true: 0, large: 0 };
      for (const r of rows)
        if (r.fit === 'small' || r.fit === 'true' || r.fit === 'large') counts[r.fit] = Number(r.count);
      return counts;
    },
    async ratings(productIds) {
      const rows = await queryRows<{ id: number; rating_count: number; rating_sum: number }>(
        db,
        sql`select id, rating_count, rating_sum from products where id = any(${pgArray(productIds, 'int')}) and rating_count > 0`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        ratingCount: Number(r.rating_count),
        ratingSum: Number(r.rating_sum),
      }));
    },
  };
}

/**
 * Drops the cached pages of these products in every process (the `cache_tags` channel, as the tables' triggers do):
 * for a change to a review that leaves the product's rating columns as they were — an answer, an edited text. Call
 * it in the transaction of the change. A change of `rating_count`/`rating_sum` needs nothing: the products table's
 * trigger sends the tag.
 */
export async function notifyReviewsChanged(db: Pick<Db, 'execute'>, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  await db.execute(sql`select notify_cache_tags(array(select 'product:' || unnest(${pgArray(productIds, 'int')})))`);
}
