/**
 * The showing side of reviews (issue 44.2): what a shopper reads on the product page and in listings. Only published
 * reviews are ever shown; the product's rating comes from its kept `rating_count`/`rating_sum`, the fit summary from
 * the published reviews of the whole model (its colours share a cut).
 */

import type { Fit } from './review-words';

export type { Fit };

/** A product's rating as listings and the product page show it: average to one decimal, over `count` reviews. */
export interface Rating {
  average: number;
  count: number;
}

/** How the published reviews of a model answered «как сидит»: counts of each answer. */
export type FitCounts = Record<Fit, number>;

/** What a shopper wrote, as both the product page and the desk show it. `photos` are the image pipeline's names. */
export interface ReviewBody {
  id: number;
  authorName: string;
  rating: number;
  text: string;
  fit: Fit;
  size: string;
  height: number | null;
  photos: string[];
  answer: string | null;
}

/** One published review as shown; `date` is when it was published. */
export interface PublishedReview extends ReviewBody {
  date: string;
}

export const REVIEW_SORTS = ['newest', 'rating_desc', 'rating_asc'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const REVIEW_SORT_NAMES: Record<ReviewSort, string> = {
  newest: 'Сначала новые',
  rating_desc: 'Сначала с высокой оценкой',
  rating_asc: 'Сначала с низкой оценкой',
};

/** Reviews on one page of the block and of the call. */
export const REVIEWS_PAGE_SIZE = 10;

/** At most this many reviews go into the page's JSON-LD. */
export const JSON_LD_REVIEWS = 5;

/** The average of `sum` over `count` to one decimal; null when there is nothing to average. */
export function ratingOf(count: number, sum: number): Rating | null {
  if (!(count > 0)) return null;
  return { average: Math.round((sum / count) * 10) / 10, count };
}

const decimal = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

/** «4,5», «5»: the average as a Russian reader writes it. */
export function formatRating(average: number): string {
  return decimal.format(average);
}

/** The accessible name of the stars: «Рейтинг 4,5 из 5». */
export function ratingLabel(average: number): string {
  return `Рейтинг ${formatRating(average)} из 5`;
}

export const REVIEW_FORMS = ['отзыв', 'отзыва', 'отзывов'] as const;

export const FIT_NAMES: Record<Fit, string> = {
  small: 'Маломерит',
  true: 'В размер',
  large: 'Большемерит',
};

export interface FitSummary {
  /** «Чаще берут на размер больше», «Чаще берут на размер меньше» or «Соответствует размеру». */
  verdict: string;
  total: number;
  /** Whole percents of each answer, summing to 100. */
  shares: FitCounts;
}

/**
 * What the fit answers say: when «маломерит» outnumbers each other answer, shoppers take a size up; when
 * «большемерит» does, a size down; otherwise the model runs true to size. Null without answers.
 */
export function fitSummary(counts: FitCounts): FitSummary | null {
  const total = counts.small + counts.true + counts.large;
  if (total === 0) return null;
  const verdict =
    counts.small > counts.true && counts.small > counts.large
      ? 'Чаще берут на размер больше'
      : counts.large > counts.true && counts.large > counts.small
        ? 'Чаще берут на размер меньше'
        : 'Соответствует размеру';
  return { verdict, total, shares: percents(counts, total) };
}

/** Whole percents by the largest remainder, so the three always sum to 100. */
function percents(counts: FitCounts, total: number): FitCounts {
  const keys: Fit[] = ['small', 'true', 'large'];
  const parts = keys.map((key, i) => {
    const exact = (counts[key] * 100) / total;
    return { key, i, whole: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  let left = 100 - parts.reduce((sum, p) => sum + p.whole, 0);
  for (const part of [...parts].sort((a, b) => b.rest - a.rest || a.i - b.i)) {
    if (left <= 0) break;
    part.whole += 1;
    left -= 1;
  }
  const shares: FitCounts = { small: 0, true: 0, large: 0 };
  for (const part of parts) shares[part.key] = part.whole;
  return shares;
}

/** Paging of the call, as the listings have it. */
export interface ReviewsNavigation {
  limit: number;
  count: number;
  page: number;
  pageCount: number;
}

/** One page of a product's published reviews with the product's rating and its model's fit. */
export interface ReviewsPage {
  productId: number;
  items: PublishedReview[];
  rating: Rating;
  fit: FitCounts;
  navigation: ReviewsNavigation;
  sort: ReviewSort;
  photos: boolean;
}
