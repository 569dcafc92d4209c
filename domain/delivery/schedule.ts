/**
 * When things happen (spec §9): the 17:00 delivery cut-off, the 18:00 reservation cut-off, the courier's slots and
 * when a shop order is ready, always on a local clock: the shop's own zone for shop pickup and reservations, the
 * city's zone for courier slots; the server's `TZ` never decides them. The reserve dialog, the order page and the
 * saved order all ask `shopReady`, so they cannot disagree. Pure functions over the time they are given; the
 * services pass the request context's clock.
 */
import type { ShopSource } from '../inventory/shop-serves';
import { closingOn, dayAfter, type Holiday, hoursOn, localTime, type WeekHours } from '../stores/hours';

/** Spec §9: orders for same-day courier delivery until 17:00 (the spec's integer form). */
export const DELIVERY_BORDER = 1700;
/** Spec §9: a shop puts an order aside the same day until 18:00. */
export const RESERVE_TIME_BORDER = 1800;

/** A border written as HHMM, as shoppers read it: 1700 → «17:00». */
export const clockOf = (hhmm: number) => `${Math.floor(hhmm / 100)}:${String(hhmm % 100).padStart(2, '0')}`;
/** Spec §9: the least number of lines for same-day delivery. */
export const DELIVERY_TODAY_MIN_COUNT = 1;
/** Days a movement store needs to bring an item to a shop. */
export const MOVEMENT_DAYS = 3;
/** How many days a shop keeps an order for the shopper, counting the day it is ready. */
export const SHOP_KEEP_DAYS = 3;
/** How many days ahead the courier can be booked. */
export const COURIER_DAYS = 7;
/** The courier's three-hour slots. */
export const COURIER_SLOTS = ['10:00-13:00', '13:00-16:00', '16:00-19:00', '19:00-22:00'] as const;
/** A same-day slot must start at least this long after the order, for picking and the road. */
export const SAME_DAY_LEAD_MIN = 120;

/** The zone of a city the database does not know one for (the cities table's default). */

/** What a shop's readiness depends on besides the stock: its zone and its opening days (null: open every day). */
export interface ShopClock {
  timeZone: string;
  weekHours: WeekHours | null;
  holidays: readonly Holiday[];
}

const borderMinutes = (hhmm: number) => Math.floor(hhmm / 100) * 60 + (hhmm % 100);

/** The local day at `now` in `timeZone` and which of the spec's cut-offs are still ahead. */
export interface CutOffs {
  /** The local calendar date, «YYYY-MM-DD». */
  date: string;
  /** Minutes since local midnight. */
  minutes: number;
  /** Before 17:00: a courier can still come today. */
  courierToday: boolean;
  /** Before 18:00: a shop still puts an order aside today. */
  shopToday: boolean;
}

export function cutOffs(now: Date, timeZone: string): CutOffs {
  const local = localTime(now, timeZone);
  return {
    date: local.date,
    minutes: local.minutes,
    courierToday: local.minutes < borderMinutes(DELIVERY_BORDER),
    shopToday: local.minutes < borderMinutes(RESERVE_TIME_BORDER),
  };
}

/** «YYYY-MM-DD» → «DD.MM.YYYY», the spec's date keys (`shopDeliverySrok`, `deliveryIntervalList`). */
export const specDate = (date: string) => date.split('-').reverse().join('.');

/** Minutes `timeZone` is ahead of UTC at `at`. */
function offsetMinutes(at: Date, timeZone: string): number {
  const minute = at.getTime() - (at.getTime() % 60_000);
  const local = localTime(new Date(minute), timeZone);
  return Math.round((Date.parse(`${local.date}T00:00:00Z`) + local.minutes * 60_000 - minute) / 60_000);
}

/** The moment the local day `date` («YYYY-MM-DD») starts in `timeZone`. */
export function localMidnight(date: string, timeZone: string): Date {
  const utc = Date.parse(`${date}T00:00:00Z`);
  const guess = utc - offsetMinutes(new Date(utc), timeZone) * 60_000;
  // A zone that moved its clocks in between answers with the offset it has at midnight itself.
  return new Date(utc - offsetMinutes(new Date(guess), timeZone) * 60_000);
}

/** The start of the local day of `now` (the per-phone order limit counts from it). */
export const dayStart = (now: Date, timeZone: string) => localMidnight(localTime(now, timeZone).date, timeZone);

const slotStart = (slot: string) => {
  const [h = '0', m = '0'] = slot.slice(0, 5).split(':');
  return Number(h) * 60 + Number(m);
};

/**
 * Spec §3 Order `deliveryIntervalList`: date → slots for the next `COURIER_DAYS` days on the clock of the city's
 * `timeZone`. Today only before the 17:00 cut-off, only when every line ships from the online warehouse (a movement
 * store needs days), and only slots that start `SAME_DAY_LEAD_MIN` after now; after 17:00 the list starts tomorrow.
 */
export function courierIntervals(
  now: Date,
  timeZone: string,
  options: { sameDayStock: boolean },
): Record<string, string[]> {
  const today = cutOffs(now, timeZone);
  const list: Record<string, string[]> = {};
  if (options.sameDayStock && today.courierToday) {
    const slots = COURIER_SLOTS.filter((slot) => slotStart(slot) >= today.minutes + SAME_DAY_LEAD_MIN);
    if (slots.length > 0) list[specDate(today.date)] = [...slots];
  }
  for (let day = 1; Object.keys(list).length < COURIER_DAYS; day++)
    list[specDate(dayAfter(today.date, day).date)] = [...COURIER_SLOTS];
  return list;
}

/**
 * Spec §4: the delivery date is the shopper's choice if valid, else the cookie's if valid, else the first available;
 * the slot follows the same rule within that date.
 */
export function chooseInterval(
  list: Record<string, string[]>,
  wanted: { date?: string; time?: string },
  cookie: { date?: string; time?: string },
): { date: string; time: string } | null {
  const dates = Object.keys(list);
  const date = [wanted.date, cookie.date].find((d) => d !== undefined && d in list) ?? dates[0];
  if (date === undefined) return null;
  const slots = list[date] ?? [];
  const time = [wanted.time, cookie.time].find((s) => s !== undefined && slots.includes(s)) ?? slots[0];
  return time === undefined ? null : { date, time };
}

/** Whether a slot the shopper chose earlier is still offered now (at save: else `INTERVAL_DELIVERY`). */
export function intervalStillValid(list: Record<string, string[]>, date: string, time: string): boolean {
  return list[date]?.includes(time) ?? false;
}

export interface ShopReady {
  /** The shop's local date it is ready, «YYYY-MM-DD». */
  date: string;
  /** Days after the shop's today (0: today). */
  days: number;
  /** Today's closing time when it is ready today («21:00»); null otherwise or when the hours are not known. */
  closes: string | null;
  /** The shop's midnight after the `SHOP_KEEP_DAYS` days it keeps the order; not collected by then, it is cancelled. */
  reservedUntil: Date;
}

/** «HH:MM» → minutes of the day. */
const clockMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * When a shop order is ready: today, when the shop holds every line, it is before 18:00 on the shop's clock and the
 * shop is open today until later than now; else the next day the shop opens; a line a store brings over comes after `MOVEMENT_DAYS`. Null
 * when the shop does not open within a week of that.
 */
export function shopReady(now: Date, shop: ShopClock, source: ShopSource): ShopReady | null {
  const today = cutOffs(now, shop.timeZone);
  const hours = shop.weekHours && { week: shop.weekHours, holidays: shop.holidays, timeZone: shop.timeZone };
  const ready = (date: string, days: number, closes: string | null): ShopReady => ({
    date,
    days,
    closes,
    reservedUntil: localMidnight(dayAfter(date, SHOP_KEEP_DAYS).date, shop.timeZone),
  });
  if (source === 'shop' && today.shopToday) {
    if (!hours) return ready(today.date, 0, null);
    const closes = closingOn(hours, today.date);
    // Ready today only while the shop is still open to hand it over.
    if (closes && today.minutes < clockMinutes(closes)) return ready(today.date, 0, closes);
  }
  const from = source === 'shop' ? 1 : MOVEMENT_DAYS;
  for (let d = from; d < from + 8; d++) {
    const day = dayAfter(today.date, d);
    if (!hours || hoursOn(hours, day.date, day.weekday)) return ready(day.date, d, null);
  }
  return null;
}
