import { DELIVERY_BORDER, MOVEMENT_DAYS, RESERVE_TIME_BORDER } from '../delivery/schedule';
import { closingOn, hoursOn, localTime, type ShopHours, WEEKDAYS, type Weekday } from './hours';

/** How a shop's stock of a size reads in the reserve dialog: «много» from 3, «мало» 1–2, «нет». */
export type QuantityState = 'many' | 'few' | 'none';
export const quantityState = (quantity: number): QuantityState =>
  quantity >= 3 ? 'many' : quantity > 0 ? 'few' : 'none';

export interface Collection {
  /** The shop's calendar date («YYYY-MM-DD») the item can be collected from. */
  date: string;
  /** «сегодня до 21:00», «завтра», «с 27 ноября». */
  text: string;
}

const MONTHS = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];

function addDays(date: string, days: number): { date: string; weekday: Weekday } {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return { date: d.toISOString().slice(0, 10), weekday: WEEKDAYS[(d.getUTCDay() + 6) % 7] as Weekday };
}

/**
 * When a reserved size can be collected (spec §9, 18:00 in the shop's own time): today, until closing, when the shop
 * holds it, it is before 18:00 and the shop opens today; else the next day the shop opens; a size only a movement
 * store holds comes after its trip. Null when neither has it.
 */
export function collection(
  now: Date,
  hours: ShopHours,
  stock: { inShop: number; inMovement: number },
): Collection | null {
  if (stock.inShop <= 0 && stock.inMovement <= 0) return null;
  const local = localTime(now, hours.timeZone);
  const borderMinutes = Math.floor(RESERVE_TIME_BORDER / 100) * 60 + (RESERVE_TIME_BORDER % 100);
  if (stock.inShop > 0 && local.minutes < borderMinutes) {
    const closes = closingOn(hours, local.date);
    if (closes) return { date: local.date, text: `сегодня до ${closes}` };
  }
  // The first day the shop opens, from tomorrow, or after the movement store's trip.
  const from = stock.inShop > 0 ? 1 : MOVEMENT_DAYS;
  for (let d = from; d < from + 8; d++) {
    const day = addDays(local.date, d);
    if (!hoursOn(hours, day.date, day.weekday)) continue;
    const [, month, dayOfMonth] = day.date.split('-').map(Number) as [number, number, number];
    return { date: day.date, text: d === 1 ? 'завтра' : `с ${dayOfMonth} ${MONTHS[month - 1]}` };
  }
  return null;
}

/** The spec §3 Reserve object's constants. */
export const RESERVE_PARAMS = { deliveryBorder: DELIVERY_BORDER, reserveTimeBorder: RESERVE_TIME_BORDER } as const;
