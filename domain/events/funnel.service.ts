import type { RequestContext } from '../context';
import { requirePermission } from '../staff/permissions';
import {
  BY_PRODUCT_TOP,
  byDayOrder,
  byVolumeOrder,
  type FunnelPeriod,
  type FunnelRow,
  funnelRows,
  funnelTotal,
  type StepCountRow,
  type StepFigure,
} from './funnel';

/** How the counts are grouped: by the local day, by the product's section, by the product. */
export type FunnelGrouping = 'day' | 'section' | 'product';

export interface FunnelRepository {
  /**
   * Step counts from `from` to `to`, grouped: each goal event counted once, each order once per key (an order of
   * two products counts for both products, once for the day). Days are those of `timeZone`, «YYYY-MM-DD».
   */
  counts(from: Date, to: Date, timeZone: string, by: FunnelGrouping): Promise<StepCountRow[]>;
}

export interface FunnelReport {
  days: FunnelPeriod;
  total: StepFigure[];
  byDay: FunnelRow[];
  bySection: FunnelRow[];
  /** The top products by orders, then views. */
  byProduct: FunnelRow[];
}

export interface FunnelService {
  report(ctx: Pick<RequestContext, 'actor' | 'now'>, days: FunnelPeriod): Promise<FunnelReport>;
}

export function createFunnelService(deps: { repo: FunnelRepository; timeZone: string }): FunnelService {
  return {
    async report(ctx, days) {
      requirePermission(ctx, 'reports.read');
      const to = ctx.now();
      const from = new Date(to.getTime() - days * 86_400_000);
      const [day, section, product] = await Promise.all(
        (['day', 'section', 'product'] as const).map((by) => deps.repo.counts(from, to, deps.timeZone, by)),
      );
      const byDay = funnelRows(day ?? [], byDayOrder);
      return {
        days,
        total: funnelTotal(byDay),
        byDay,
        bySection: funnelRows(section ?? [], byVolumeOrder),
        byProduct: funnelRows(product ?? [], byVolumeOrder).slice(0, BY_PRODUCT_TOP),
      };
    },
  };
}
