/**
 * When things happen, in Moscow time (spec §9): the 17:00 delivery cut-off, the 18:00 reservation cut-off, and the
 * courier's slots. Pure functions over the time they are given; the services pass the request context's clock.
 */

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

/** Moscow keeps UTC+3 all year (no daylight saving since 2014), so the offset is a constant, not a time-zone table. */
const MOSCOW_OFFSET_MIN = 180;

export interface MoscowTime {
  /** «DD.MM.YYYY», the spec's date keys. */
  date: string;
  /** Minutes since midnight. */
  minutes: number;
  /** The clock as the spec's integers compare it: 16:59 → 1659. */
  hhmm: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function moscowTime(at: Date): MoscowTime {
  const local = new Date(at.getTime() + MOSCOW_OFFSET_MIN * 60_000);
  const minutes = local.getUTCHours() * 60 + local.getUTCMinutes();
  return {
    date: `${pad(local.getUTCDate())}.${pad(local.getUTCMonth() + 1)}.${local.getUTCFullYear()}`,
    minutes,
    hhmm: local.getUTCHours() * 100 + local.getUTCMinutes(),
  };
}

/** The Moscow date `days` after the date of `at`, month and year ends included. */
export function moscowDate(at: Date, days: number): string {
  return moscowTime(new Date(at.getTime() + days * 86_400_000)).date;
}

const slotStart = (slot: string) => {
  const [h = '0', m = '0'] = slot.slice(0, 5).split(':');
  return Number(h) * 60 + Number(m);
};

/**
 * Spec §3 Order `deliveryIntervalList`: date → slots for the next `COURIER_DAYS` days. Today only before the 17:00
 * cut-off, only when every line ships from the online warehouse (a movement store needs days), and only slots that
 * start `SAME_DAY_LEAD_MIN` after now; after 17:00 the list starts tomorrow.
 */
export function courierIntervals(now: Date, options: { sameDayStock: boolean }): Record<string, string[]> {
  const t = moscowTime(now);
  const list: Record<string, string[]> = {};
  if (options.sameDayStock && t.hhmm < DELIVERY_BORDER) {
    const today = COURIER_SLOTS.filter((slot) => slotStart(slot) >= t.minutes + SAME_DAY_LEAD_MIN);
    if (today.length > 0) list[t.date] = [...today];
  }
  for (let day = 1; Object.keys(list).length < COURIER_DAYS; day++) list[moscowDate(now, day)] = [...COURIER_SLOTS];
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

/**
 * `shopDeliverySrok`: the Moscow date an order to be collected from a shop is ready. Today when ordered before 18:00
 * and the shop has every line; otherwise after the movement store's trip (`movementDays`).
 */
export function shopReadyDate(now: Date, options: { allInShop: boolean; movementDays: number }): string {
  if (options.allInShop && moscowTime(now).hhmm < RESERVE_TIME_BORDER) return moscowTime(now).date;
  return moscowDate(now, options.allInShop ? 1 : options.movementDays);
}

/**
 * When a shop order's reservation ends: Moscow midnight after the last of `SHOP_KEEP_DAYS` days from `readyDate`
 * («DD.MM.YYYY»). Not collected by then, it is cancelled and its stock goes back.
 */
export function reservationEnd(readyDate: string): Date {
  const [day, month, year] = readyDate.split('.').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + SHOP_KEEP_DAYS) - MOSCOW_OFFSET_MIN * 60_000);
}
