import type { RequestContext } from '../context';
import { requirePermission } from '../staff/permissions';
import {
  BEST_SELLER_DAYS,
  BEST_SELLERS,
  CHART_DAYS,
  chartDays,
  changePercent,
  comparisonPeriods,
  type DayFigures,
  type Figures,
  fillDays,
  type Period,
  RUNNING_OUT_STOCK,
  WAITING_SHOWN,
  type WaitingReason,
  waitingText,
} from './dashboard';
import { queueCounts } from './queues';
import type { DeskQueue } from './desk';
import { type OrderStatus, orderNumber, STATUS_NAMES } from './process';
import { DESK_QUEUES } from './queues';

/** An order late on its promise, as the database finds it. */
export interface WaitingRow {
  id: number;
  status: OrderStatus;
  reason: WaitingReason;
  /** The courier day or the shop's ready day, «DD.MM.YYYY»; null for a confirmation. */
  promised: string | null;
  createdAt: Date;
}

/** A size of a best seller, with the product's units sold over the period. */
export interface RunningOutRow {
  productId: number;
  name: string;
  /** The colour's name: a model's colours are products of one name. */
  color: string | null;
  url: string;
  /** Units of the product sold over the period. */
  sold: number;
  offerId: number;
  sizeName: string;
  /** Units of this size sold over the period. */
  sizeSold: number;
  /** Units of this size over all stores. */
  stock: number;
}

export interface DashboardRepository {
  /** The figures of each period, in the order given. */
  figures(periods: readonly Period[]): Promise<Figures[]>;
  /** Per local day of `timeZone` from `from` on, the days with orders only. */
  daily(from: Date, timeZone: string): Promise<DayFigures[]>;
  /** Orders per status, and the new ones placed before `confirmBy` (past the confirm time). */
  statusCounts(confirmBy: Date): Promise<{ byStatus: Partial<Record<OrderStatus, number>>; overdueNew: number }>;
  /**
   * Orders late on their promise, the oldest first (`limit` of them, and how many in all): a courier order whose day
   * went by (before `today`, «YYYY-MM-DD») unshipped, a shop order not ready after its day, a new order placed before
   * `confirmBy`.
   */
  waiting(today: string, confirmBy: Date, limit: number): Promise<{ total: number; items: WaitingRow[] }>;
  /** The `top` products with the most units sold since `since`, and those of their sizes with at most `stock` left. */
  runningOut(since: Date, top: number, stock: number): Promise<RunningOutRow[]>;
}

export interface Dashboard {
  /** Today's date on the shop's clock («YYYY-MM-DD») and the time («HH:MM»). */
  date: string;
  time: string;
  /** The same weekday last week. */
  weekAgo: string;
  today: Figures;
  /** Last week's day up to the same time of day, and the whole of it. */
  sameTime: Figures;
  wholeDay: Figures;
  /** Today against last week's day, up to the same time and whole; in percent, null with nothing to compare with. */
  change: {
    sameTime: { orders: number | null; revenue: number | null };
    wholeDay: { orders: number | null; revenue: number | null };
  };
  queues: { queue: DeskQueue; title: string; count: number; href: string }[];
  waiting: {
    total: number;
    items: { id: number; number: string; href: string; statusName: string; text: string }[];
  };
  runningOut: {
    productId: number;
    name: string;
    color: string | null;
    url: string;
    sold: number;
    sizes: { offerId: number; sizeName: string; sold: number; stock: number }[];
  }[];
  /** The last `CHART_DAYS` days, oldest first. */
  days: DayFigures[];
}

export interface DashboardService {
  summary(ctx: RequestContext): Promise<Dashboard>;
}

export interface DashboardDeps {
  repo: DashboardRepository;
  /** Minutes a new order may wait for confirmation (`ORDER_CONFIRM_MINUTES`). */
  confirmMinutes: number;
  /** The shop's zone: its days and times. */
  timeZone: string;
}

const DAY_MS = 86_400_000;

/** The owner's and managers' dashboard (issue 25.6): reads only, behind `dashboard.read`. */
export function createDashboardService(deps: DashboardDeps): DashboardService {
  const { repo, timeZone } = deps;
  return {
    async summary(ctx) {
      requirePermission(ctx, 'dashboard.read');
      const now = ctx.now();
      const periods = comparisonPeriods(now, timeZone);
      const chart = chartDays(now, timeZone, CHART_DAYS);
      const confirmBy = new Date(now.getTime() - deps.confirmMinutes * 60_000);
      const [figures, daily, counts, waiting, runningOut] = await Promise.all([
        repo.figures([periods.today, periods.sameTime, periods.wholeDay]),
        repo.daily(chart.from, timeZone),
        repo.statusCounts(confirmBy),
        repo.waiting(periods.date, confirmBy, WAITING_SHOWN),
        repo.runningOut(new Date(now.getTime() - BEST_SELLER_DAYS * DAY_MS), BEST_SELLERS, RUNNING_OUT_STOCK),
      ]);
      const [t, s, w] = figures as [Figures, Figures, Figures];
      const queues = queueCounts(counts.byStatus, counts.overdueNew);
      return {
        date: periods.date,
        time: periods.time,
        weekAgo: periods.weekAgo,
        today: t,
        sameTime: s,
        wholeDay: w,
        change: {
          sameTime: { orders: changePercent(t.orders, s.orders), revenue: changePercent(t.revenue, s.revenue) },
          wholeDay: { orders: changePercent(t.orders, w.orders), revenue: changePercent(t.revenue, w.revenue) },
        },
        queues: DESK_QUEUES.map((q) => ({
          queue: q.queue,
          title: q.title,
          count: queues[q.queue],
          href: `/admin/orders/?queue=${q.queue}`,
        })),
        waiting: {
          total: waiting.total,
          items: waiting.items.map((o) => ({
            id: o.id,
            number: orderNumber(o.id),
            href: `/admin/orders/${o.id}/`,
            statusName: STATUS_NAMES[o.status],
            text: waitingText(o.reason, o, now),
          })),
        },
        runningOut: groupByProduct(runningOut),
        days: fillDays(chart.dates, daily),
      };
    },
  };
}

/** The running-out sizes under their product, in the order the database gave (best seller first). */
function groupByProduct(rows: readonly RunningOutRow[]): Dashboard['runningOut'] {
  const products = new Map<number, Dashboard['runningOut'][number]>();
  for (const r of rows) {
    const product = products.get(r.productId) ?? {
      productId: r.productId,
      name: r.name,
      color: r.color,
      url: r.url,
      sold: r.sold,
      sizes: [],
    };
    product.sizes.push({ offerId: r.offerId, sizeName: r.sizeName, sold: r.sizeSold, stock: r.stock });
    products.set(r.productId, product);
  }
  return [...products.values()];
}
