import { localMidnight } from '../delivery/schedule';
import { formatAmount } from '../pricing/price';
import { dayAfter, localTime, type Weekday } from '../stores/hours';
import { dayCount } from '../text/plural';
import type { DeliveryType, OrderStatus } from './process';
import { BEFORE_READY, OUT_OF_HANDS, waitsForShop } from './queues';

/**
 * The back office's dashboard (issue 25.6), its arithmetic: which moments a figure counts between (days on the
 * shop's clock), how today compares with the same weekday last week, the queues' counts and the chart's geometry.
 */

/** Days the chart shows, today included. */
export const CHART_DAYS = 14;
/** Best sellers are the products with the most units sold over these last days… */
export const BEST_SELLER_DAYS = 30;
/** …this many of them… */
export const BEST_SELLERS = 10;
/** …and a size of theirs with at most this many units over all stores is running out. */
export const RUNNING_OUT_STOCK = 2;
/** Orders waiting past their promise listed on the dashboard (the count says how many there are in all). */
export const WAITING_SHOWN = 20;

/** Orders placed in a period and their revenue (kopecks, the totals of those not cancelled). */
export interface Figures {
  orders: number;
  revenue: number;
}

/** From `from` (included) to `to` (excluded). */
export interface Period {
  from: Date;
  to: Date;
}

/** A local day «YYYY-MM-DD» and its figures. */
export interface DayFigures extends Figures {
  date: string;
}

/** «YYYY-MM-DD» → «DD.MM». */
export const shortDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;

const WEEKDAY_NAMES: Readonly<Record<Weekday, string>> = {
  mon: 'пн',
  tue: 'вт',
  wed: 'ср',
  thu: 'чт',
  fri: 'пт',
  sat: 'сб',
  sun: 'вс',
};

/** «YYYY-MM-DD» → its short weekday, «вт». */
export const weekdayName = (date: string) => WEEKDAY_NAMES[dayAfter(date, 0).weekday];

/**
 * What today is compared with: today (its whole day: an order is never placed ahead of the clock), the same weekday
 * a week ago up to the same time of day, and that whole day. Days and times are the shop's `timeZone`.
 */
export function comparisonPeriods(now: Date, timeZone: string) {
  const local = localTime(now, timeZone);
  const start = localMidnight(local.date, timeZone);
  const weekAgo = dayAfter(local.date, -7).date;
  const weekAgoStart = localMidnight(weekAgo, timeZone);
  return {
    date: local.date,
    weekAgo,
    /** «HH:MM» now, on the shop's clock. */
    time: `${String(Math.floor(local.minutes / 60)).padStart(2, '0')}:${String(local.minutes % 60).padStart(2, '0')}`,
    today: { from: start, to: localMidnight(dayAfter(local.date, 1).date, timeZone) },
    sameTime: { from: weekAgoStart, to: new Date(weekAgoStart.getTime() + (now.getTime() - start.getTime())) },
    wholeDay: { from: weekAgoStart, to: localMidnight(dayAfter(weekAgo, 1).date, timeZone) },
  };
}

/** The change from `before` to `now` in whole percent; null when there was nothing to compare with. */
export function changePercent(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 100);
}

/** «+25 %», «−10 %», «0 %»; «—» with nothing to compare with. */
export function formatChange(percent: number | null): string {
  if (percent === null) return '—';
  const sign = percent > 0 ? '+' : percent < 0 ? '−' : '';
  return `${sign}${Math.abs(percent)}\u00a0%`;
}

/** The chart's local days, oldest first and today last, and the moment the first of them starts. */
export function chartDays(now: Date, timeZone: string, days = CHART_DAYS): { dates: string[]; from: Date } {
  const today = localTime(now, timeZone).date;
  const dates = Array.from({ length: days }, (_, i) => dayAfter(today, i - days + 1).date);
  return { dates, from: localMidnight(dates[0] as string, timeZone) };
}

/** Every chart day with its figures: a day the database has no orders for is a zero. */
export function fillDays(dates: readonly string[], rows: readonly DayFigures[]): DayFigures[] {
  const byDate = new Map(rows.map((r) => [r.date, r]));
  return dates.map((date) => ({
    date,
    orders: byDate.get(date)?.orders ?? 0,
    revenue: byDate.get(date)?.revenue ?? 0,
  }));
}

/** Why an order is waiting past its promise: its courier day went by, its shop day went by, or nobody confirmed it. */
export type WaitingReason = 'delivery' | 'ready' | 'confirm';

/**
 * Why an order waits past its promise, or null (the dashboard's list; its SQL in db/repositories/dashboard.ts is
 * built from the same state lists, and a test holds the two to the same answers). Days are «YYYY-MM-DD».
 */
export function lateReason(
  order: {
    status: OrderStatus;
    deliveryType: DeliveryType;
    courierDay: string | null;
    readyDay: string | null;
    createdAt: Date;
  },
  today: string,
  confirmBy: Date,
): WaitingReason | null {
  if (OUT_OF_HANDS.includes(order.status)) return null;
  if (order.deliveryType === 'COURIER' && order.courierDay !== null && order.courierDay < today) return 'delivery';
  if (
    order.deliveryType === 'SHOP' &&
    BEFORE_READY.includes(order.status) &&
    order.readyDay !== null &&
    order.readyDay < today
  )
    return 'ready';
  if (waitsForShop(order.status) && order.createdAt <= confirmBy) return 'confirm';
  return null;
}

/** «45 мин», «3 ч 5 мин», «2 дня». */
export function durationText(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes}\u00a0мин`;
  if (minutes < 24 * 60) {
    const rest = minutes % 60;
    return `${Math.floor(minutes / 60)}\u00a0ч${rest ? ` ${rest}\u00a0мин` : ''}`;
  }
  const days = Math.floor(minutes / (24 * 60));
  return dayCount(days, '\u00a0');
}

/** What the dashboard says of a late order; `promised` is the day the shopper was given («DD.MM.YYYY»). */
export function waitingText(
  reason: WaitingReason,
  order: { promised: string | null; createdAt: Date },
  now: Date,
): string {
  if (reason === 'delivery') return `Доставка была обещана на ${order.promised}, заказ ещё не передан в доставку`;
  if (reason === 'ready') return `Должен был ждать в магазине с ${order.promised}, ещё не готов`;
  return `Не подтверждён уже ${durationText(now.getTime() - order.createdAt.getTime())}`;
}

/** The chart's drawing, in the SVG's own units (its `viewBox`): it scales to the width it is given. */
export interface ChartGeometry {
  width: number;
  height: number;
  /** The plotting area: bars stand on `bottom`. */
  plot: { left: number; right: number; top: number; bottom: number };
  /** Revenue marks on the left axis (kopecks), from 0 up. */
  ticks: { y: number; value: number; label: string }[];
  bars: (DayFigures & {
    x: number;
    y: number;
    width: number;
    height: number;
    /** Where the day's labels are centred. */
    centre: number;
    /** «DD.MM» and «вт». */
    label: string;
    weekday: string;
  })[];
}

/** The step of an axis of about `marks` marks up to `max`: 1, 2 or 5 times a power of ten (in roubles). */
export function niceStep(max: number, marks = 4): number {
  if (max <= 0) return 1;
  const raw = max / marks;
  const power = 10 ** Math.floor(Math.log10(raw));
  const f = raw / power;
  const nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
  return Math.max(1, nice * power);
}

/** Bars of each day's revenue on a revenue axis in whole roubles, the day's date under each. */
export function chartGeometry(days: readonly DayFigures[], size = { width: 720, height: 260 }): ChartGeometry {
  const plot = { left: 96, right: size.width - 8, top: 24, bottom: size.height - 36 };
  const maxRoubles = Math.ceil(Math.max(0, ...days.map((d) => d.revenue)) / 100);
  const step = niceStep(maxRoubles);
  const marks = Math.max(1, Math.ceil(maxRoubles / step));
  const top = step * marks * 100;
  const scale = (plot.bottom - plot.top) / top;
  const slot = (plot.right - plot.left) / Math.max(1, days.length);
  const barWidth = Math.round(slot * 0.6 * 10) / 10;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    ...size,
    plot,
    ticks: Array.from({ length: marks + 1 }, (_, i) => ({
      y: round(plot.bottom - i * step * 100 * scale),
      value: i * step * 100,
      label: formatAmount(i * step * 100),
    })),
    bars: days.map((d, i) => {
      const height = round(d.revenue * scale);
      const centre = round(plot.left + slot * (i + 0.5));
      return {
        ...d,
        x: round(centre - barWidth / 2),
        y: round(plot.bottom - height),
        width: barWidth,
        height,
        centre,
        label: shortDate(d.date),
        weekday: weekdayName(d.date),
      };
    }),
  };
}
