/**
 * What the three features of issue 44 bring (issue 44.5), on the «Воронка» page: «Сообщить о поступлении»
 * (subscriptions, letters, opens of their links and the orders after them), reviews (written, moderated, and the
 * rating's effect on the funnel's views → orders conversion) and the recommendation rows (shows, clicks and the
 * orders after a click). Pure figures from the counts the database gives.
 */
import type { StepCountRow } from './funnel';

/** An order counts for a link's open or a recommendation's click when the same session placed it within these days. */
export const ATTRIBUTION_DAYS = 7;

/** A part of a whole in percent, one decimal; null when the whole is 0 (nothing to divide). */
export function percentOf(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 1000) / 10;
}

/** «Сообщить о поступлении» as the database counts it for a period. */
export interface AlertCounts {
  /** Subscriptions made (created) in the period. */
  made: number;
  /** Subscriptions confirmed in the period (the email's link opened, or an SMS one, active at once). */
  confirmed: number;
  /** Messages sent in the period (`sent_at`). */
  sent: number;
  /** Opens of the message's link (`stock_alert` `open` events). */
  opens: number;
  /** Orders of an opening session within `ATTRIBUTION_DAYS` after an open, with that size; each counted once. */
  orders: number;
  /** Those orders' lines, kopecks (lines given back at the door left out). */
  amount: number;
}

export interface AlertFigures extends AlertCounts {
  /** Opens per message sent, percent. */
  openRate: number | null;
  /** Orders per open, percent. */
  orderRate: number | null;
}

export function alertFigures(c: AlertCounts): AlertFigures {
  return { ...c, openRate: percentOf(c.opens, c.sent), orderRate: percentOf(c.orders, c.opens) };
}

/** Reviews written in a period and where moderation has them now. */
export interface ReviewCounts {
  written: number;
  published: number;
  hidden: number;
  /** The sum of the published ones' ratings. */
  publishedRatingSum: number;
  /** Reviews with at least one photo, of those written. */
  withPhotos: number;
}

export interface ReviewFigures {
  written: number;
  published: number;
  hidden: number;
  /** Written and not moderated yet. */
  pending: number;
  /** The published ones' average rating, one decimal; null with none published. */
  averageRating: number | null;
  /** The share of the written ones with photos, percent. */
  photoShare: number | null;
}

/** An average rating as the shop shows it: one decimal (the listings' «4,3»). */
export function averageRating(sum: number, count: number): number | null {
  return count === 0 ? null : Math.round((sum / count) * 10) / 10;
}

export function reviewFigures(c: ReviewCounts): ReviewFigures {
  return {
    written: c.written,
    published: c.published,
    hidden: c.hidden,
    pending: Math.max(0, c.written - c.published - c.hidden),
    averageRating: averageRating(c.publishedRatingSum, c.published),
    photoShare: percentOf(c.withPhotos, c.written),
  };
}

export const RATING_BANDS = ['none', 'below4', 'high'] as const;
export type RatingBand = (typeof RATING_BANDS)[number];
export const RATING_BAND_TITLES: Readonly<Record<RatingBand, string>> = {
  none: 'нет отзывов',
  below4: 'ниже 4',
  high: '4 и выше',
};

/**
 * A product's band by its published reviews (`products.rating_count`, `rating_sum`): none, or by the average the
 * shopper sees (one decimal: 3,96 shows as «4,0» and is «4 и выше»).
 */
export function ratingBand(count: number, sum: number): RatingBand {
  const average = averageRating(sum, count);
  if (average === null) return 'none';
  return average >= 4 ? 'high' : 'below4';
}

/** A product's published reviews as `products` keeps them. */
export interface ProductRating {
  productId: number;
  count: number;
  sum: number;
}

export interface RatingBandFigure {
  band: RatingBand;
  title: string;
  /** Products of the band with a view or an order in the period. */
  products: number;
  views: number;
  orders: number;
  /** Orders per views, percent. */
  conversion: number | null;
}

/**
 * The funnel's by-product counts (view_item goals and orders per product, `StepCountRow` keyed by the product's id)
 * grouped by the products' rating bands: the views → orders conversion of each band, all three always shown. A
 * product without a rating row has no reviews.
 */
export function ratingEffect(
  byProduct: readonly StepCountRow[],
  ratings: readonly ProductRating[],
): RatingBandFigure[] {
  const rated = new Map(ratings.map((r) => [String(r.productId), r]));
  const bands = new Map<RatingBand, { products: Set<string>; views: number; orders: number }>(
    RATING_BANDS.map((b) => [b, { products: new Set(), views: 0, orders: 0 }]),
  );
  for (const row of byProduct) {
    if (row.step !== 'views' && row.step !== 'orders') continue;
    const r = rated.get(row.key);
    const band = bands.get(r ? ratingBand(r.count, r.sum) : 'none');
    if (!band) continue;
    band.products.add(row.key);
    band[row.step] += row.n;
  }
  return RATING_BANDS.map((band) => {
    const b = bands.get(band) ?? { products: new Set(), views: 0, orders: 0 };
    return {
      band,
      title: RATING_BAND_TITLES[band],
      products: b.products.size,
      views: b.views,
      orders: b.orders,
      conversion: percentOf(b.orders, b.views),
    };
  });
}

export const RECOMMENDATION_ROWS = ['similar', 'bought_together', 'viewed', 'additions'] as const;
export type RecommendationRow = (typeof RECOMMENDATION_ROWS)[number];
export const RECOMMENDATION_TITLES: Readonly<Record<RecommendationRow, string>> = {
  similar: 'Похожие',
  bought_together: 'С этим покупают',
  viewed: 'Вы смотрели',
  additions: 'Добавить к заказу',
};

export const isRecommendationRow = (value: string): value is RecommendationRow =>
  (RECOMMENDATION_ROWS as readonly string[]).includes(value);

/** One row's counts as the database gives them (rows it has nothing of are left out). */
export interface RecommendationCount {
  row: string;
  shows: number;
  clicks: number;
  /** Orders of a clicking session within `ATTRIBUTION_DAYS` after a click, with the clicked product; once per row. */
  orders: number;
  /** Those orders' lines, kopecks. */
  amount: number;
}

export interface RecommendationFigure extends RecommendationCount {
  row: RecommendationRow;
  title: string;
  /** Clicks per show, percent. */
  clickRate: number | null;
}

/** The four rows in the page's order, each with its click rate; a row nobody saw has zeros; unknown rows are left out. */
export function recommendationFigures(counts: readonly RecommendationCount[]): RecommendationFigure[] {
  return RECOMMENDATION_ROWS.map((row) => {
    const of = counts.filter((c) => c.row === row);
    const sum = (field: 'shows' | 'clicks' | 'orders' | 'amount') => of.reduce((n, c) => n + c[field], 0);
    const shows = sum('shows');
    const clicks = sum('clicks');
    return {
      row,
      title: RECOMMENDATION_TITLES[row],
      shows,
      clicks,
      clickRate: percentOf(clicks, shows),
      orders: sum('orders'),
      amount: sum('amount'),
    };
  });
}
