/**
 * The shop's funnel (issue 43.4): product views → baskets → checkouts → orders, from the goals the browser's
 * analytics module records (`view_item`, `add_to_cart`, `go_to_cart`) and the orders placed.
 */

import type { OrderStatus } from '../order/process';
import { NO_REVENUE } from '../order/queues';

export const FUNNEL_STEPS = ['views', 'baskets', 'checkouts', 'orders'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
export type StepCounts = Record<FunnelStep, number>;

export const STEP_TITLES: Readonly<Record<FunnelStep, string>> = {
  views: 'Просмотры товара',
  baskets: 'В корзину',
  checkouts: 'Переход к оформлению',
  orders: 'Заказы',
};

/**
 * The states of an order that is no conversion: cancelled (by the shopper, the shop, or an online order whose payment
 * never came and ran out), or an online order still awaiting its payment (it counts once paid). The same states as the
 * dashboard's revenue leaves out; returned orders were bought and stay counted.
 */
export const NOT_CONVERTED: readonly OrderStatus[] = NO_REVENUE;

/** Whether an order in `status` counts as a conversion in the funnel and its sections. */
export const isConversion = (status: OrderStatus): boolean => !NOT_CONVERTED.includes(status);

/** The spec's goal behind each step counted from events; orders come from the orders themselves. */
export const STEP_GOALS = { views: 'view_item', baskets: 'add_to_cart', checkouts: 'go_to_cart' } as const;

export const FUNNEL_PERIODS = [7, 30, 90] as const;
export type FunnelPeriod = (typeof FUNNEL_PERIODS)[number];
export const BY_PRODUCT_TOP = 20;

/** The period asked for in the address, 30 days for anything else. */
export function funnelPeriod(value: string | null): FunnelPeriod {
  return FUNNEL_PERIODS.find((p) => String(p) === value) ?? 30;
}

/** One step's count and its conversion from the step before (null for the first, or when that one is 0). */
export interface StepFigure {
  step: FunnelStep;
  count: number;
  /** Percent, one decimal. */
  conversion: number | null;
}

export function funnelSteps(counts: StepCounts): StepFigure[] {
  return FUNNEL_STEPS.map((step, i) => {
    const before = i === 0 ? 0 : counts[FUNNEL_STEPS[i - 1] as FunnelStep];
    const conversion = i === 0 || before === 0 ? null : Math.round((counts[step] / before) * 1000) / 10;
    return { step, count: counts[step], conversion };
  });
}

/** A count of one step for one key (a day, a section, a product), as the database groups them. */
export interface StepCountRow {
  key: string;
  title: string;
  step: FunnelStep;
  n: number;
}

export interface FunnelRow {
  key: string;
  title: string;
  steps: StepFigure[];
}

const empty = (): StepCounts => ({ views: 0, baskets: 0, checkouts: 0, orders: 0 });

/** Rows of step counts → one row per key with its steps and conversions, in the order `order` gives. */
export function funnelRows(rows: readonly StepCountRow[], order: (a: FunnelRow, b: FunnelRow) => number): FunnelRow[] {
  const byKey = new Map<string, { title: string; counts: StepCounts }>();
  for (const r of rows) {
    const entry = byKey.get(r.key) ?? { title: r.title, counts: empty() };
    entry.counts[r.step] += r.n;
    byKey.set(r.key, entry);
  }
  return [...byKey].map(([key, { title, counts }]) => ({ key, title, steps: funnelSteps(counts) })).sort(order);
}

/** The totals of the period over the rows of one grouping (each event and order counted once in it). */
export function funnelTotal(rows: readonly FunnelRow[]): StepFigure[] {
  const counts = empty();
  for (const row of rows) for (const s of row.steps) counts[s.step] += s.count;
  return funnelSteps(counts);
}

const countOf = (row: FunnelRow, step: FunnelStep) => row.steps.find((s) => s.step === step)?.count ?? 0;

/** The newest day first. */
export const byDayOrder = (a: FunnelRow, b: FunnelRow) => b.key.localeCompare(a.key);
/** The most orders first, then the most views, then by title. */
export const byVolumeOrder = (a: FunnelRow, b: FunnelRow) =>
  countOf(b, 'orders') - countOf(a, 'orders') ||
  countOf(b, 'views') - countOf(a, 'views') ||
  a.title.localeCompare(b.title, 'ru');
