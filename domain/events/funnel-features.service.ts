import type { RequestContext } from '../context';
import { requirePermission } from '../staff/permissions';
import type { FunnelPeriod } from './funnel';
import type { FunnelRepository } from './funnel.service';
import {
  type AlertCounts,
  type AlertFigures,
  alertFigures,
  type ProductRating,
  type RatingBandFigure,
  type RecommendationCount,
  type RecommendationFigure,
  type ReviewCounts,
  type ReviewFigures,
  ratingEffect,
  recommendationFigures,
  reviewFigures,
} from './funnel-features';

export interface FunnelFeaturesRepository {
  /** «Сообщить о поступлении» from `from` to `to`; orders within `windowDays` after an open in the period. */
  alerts(from: Date, to: Date, windowDays: number): Promise<AlertCounts>;
  /** Reviews written from `from` to `to`, by their state now. */
  reviews(from: Date, to: Date): Promise<ReviewCounts>;
  /** Each recommendation row's shows and clicks in the period; orders within `windowDays` after a click. */
  recommendations(from: Date, to: Date, windowDays: number): Promise<RecommendationCount[]>;
  /** The published reviews' count and rating sum of the products given (those with any). */
  ratings(productIds: readonly number[]): Promise<ProductRating[]>;
}

export interface FunnelFeaturesReport {
  days: FunnelPeriod;
  /** The attribution window, days. */
  windowDays: number;
  alerts: AlertFigures;
  reviews: ReviewFigures & { byRating: RatingBandFigure[] };
  recommendations: RecommendationFigure[];
}

export interface FunnelFeaturesService {
  report(ctx: Pick<RequestContext, 'actor' | 'now'>, days: FunnelPeriod): Promise<FunnelFeaturesReport>;
}

export function createFunnelFeaturesService(deps: {
  repo: FunnelFeaturesRepository;
  funnel: FunnelRepository;
  timeZone: string;
  windowDays: number;
}): FunnelFeaturesService {
  return {
    async report(ctx, days) {
      requirePermission(ctx, 'reports.read');
      const to = ctx.now();
      const from = new Date(to.getTime() - days * 86_400_000);
      const [alerts, reviews, recommendations, byProduct] = await Promise.all([
        deps.repo.alerts(from, to, deps.windowDays),
        deps.repo.reviews(from, to),
        deps.repo.recommendations(from, to, deps.windowDays),
        deps.funnel.counts(from, to, deps.timeZone, 'product'),
      ]);
      const ratings = await deps.repo.ratings([...new Set(byProduct.map((r) => Number(r.key)))]);
      return {
        days,
        windowDays: deps.windowDays,
        alerts: alertFigures(alerts),
        reviews: { ...reviewFigures(reviews), byRating: ratingEffect(byProduct, ratings) },
        recommendations: recommendationFigures(recommendations),
      };
    },
  };
}
