import { DomainError } from '../errors';
import {
  type FitCounts,
  type PublishedReview,
  type Rating,
  ratingOf,
  REVIEWS_PAGE_SIZE,
  type ReviewSort,
  type ReviewsPage,
} from './published';

/** A product as far as its reviews go: its model and its kept rating columns. */
export interface ReviewedProduct {
  id: number;
  modelId: number;
  ratingCount: number;
  ratingSum: number;
}

export interface PublishedReviewsRepository {
  /** An active product; null when there is none. */
  product(productId: number): Promise<ReviewedProduct | null>;
  /** The product's published reviews in `sort` order (only those with photos when `photos`), and how many there are. */
  page(
    productId: number,
    query: { sort: ReviewSort; photos: boolean; limit: number; offset: number },
  ): Promise<{ items: PublishedReview[]; count: number }>;
  /** Fit answers of the model's published reviews, over all its colours. */
  fit(modelId: number): Promise<FitCounts>;
  /** The kept rating columns of these products. */
  ratings(productIds: readonly number[]): Promise<{ id: number; ratingCount: number; ratingSum: number }[]>;
}

export interface PublishedReviewsQuery {
  productId: number;
  page?: number;
  sort?: ReviewSort;
  photos?: boolean;
}

export interface PublishedReviewsService {
  /** One page of a product's published reviews with its rating and its model's fit; not_found for no such product. */
  page(query: PublishedReviewsQuery): Promise<ReviewsPage>;
  /** The rating of each product that has published reviews (products without any are left out). */
  ratings(productIds: readonly number[]): Promise<Record<number, Rating>>;
}

export function createPublishedReviewsService(repo: PublishedReviewsRepository): PublishedReviewsService {
  return {
    async page({ productId, page = 1, sort = 'newest', photos = false }) {
      const product = await repo.product(productId);
      if (!product) throw new DomainError('not_found', 'Такого товара нет в каталоге.', 'PRODUCT_NOT_FOUND');
      const [found, fit] = await Promise.all([
        repo.page(productId, { sort, photos, limit: REVIEWS_PAGE_SIZE, offset: (page - 1) * REVIEWS_PAGE_SIZE }),
        repo.fit(product.modelId),
      ]);
      return {
        productId,
        items: found.items,
        rating: ratingOf(product.ratingCount, product.ratingSum) ?? { average: 0, count: 0 },
        fit,
        navigation: {
          limit: REVIEWS_PAGE_SIZE,
          count: found.count,
          page,
          pageCount: Math.max(1, Math.ceil(found.count / REVIEWS_PAGE_SIZE)),
        },
        sort,
        photos,
      };
    },
    async ratings(productIds) {
      const out: Record<number, Rating> = {};
      if (productIds.length === 0) return out;
      for (const row of await repo.ratings(productIds)) {
        const rating = ratingOf(row.ratingCount, row.ratingSum);
        if (rating) out[row.id] = rating;
      }
      return out;
    },
  };
}
